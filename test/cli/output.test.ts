import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutput } from '../../src/cli/output.js';
import { capture } from '../support/cli.js';

const KEY = 'sk_live_output_redaction_0123456789';

describe("the CLI's one way out", () => {
  it('redacts the key from stdout, stderr and a file alike, in every form it can come back in', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-output-'));
    try {
      const stdout = capture();
      const stderr = capture();
      const out = createOutput({ stdout, stderr }, true, [KEY]);
      const echoed = { correlationIds: [KEY, `id ${encodeURIComponent(`${KEY} `)}`], note: `"${KEY}"` };
      out.value(echoed);
      out.error(new Error(`echoed ${KEY}`));
      const file = join(folder, 'report.json');
      await out.file(file, echoed);
      const written = await readFile(file, 'utf8');
      for (const text of [stdout.text, stderr.text, written]) expect(text).not.toContain(KEY);
      expect(JSON.parse(written)).toEqual(JSON.parse(stdout.text));
      expect(JSON.parse(written).correlationIds[0]).toBe('[redacted]');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
