import { describe, expect, it } from 'vitest';
import {
  boundedLines,
  type OversizedLine,
  oversizedAnswer,
  requestIdOf,
} from '../../../src/cli/mcp/lines.js';

/** What `boundedLines` passes on and reports for `chunks`, with a bound of `limit` bytes. */
async function through(chunks: string[], limit: number) {
  const reported: OversizedLine[] = [];
  const lines = boundedLines((line) => reported.push(line), limit);
  const passed: string[] = [];
  lines.on('data', (chunk: Buffer) => passed.push(chunk.toString()));
  const ended = new Promise((resolve) => lines.on('end', resolve));
  for (const chunk of chunks) lines.write(chunk);
  lines.end();
  await ended;
  return { passed, reported };
}

describe('the MCP server reads its input a bounded line at a time', () => {
  it('passes each line on whole, however the input is cut', async () => {
    const { passed, reported } = await through(['{"id":1}\n{"i', 'd":2}\n{"id"', ':3}'], 64);
    expect(passed).toEqual(['{"id":1}\n', '{"id":2}\n', '{"id":3}']);
    expect(reported).toEqual([]);
  });

  it('drops a line over the bound as it arrives, reports it once it ends, and reads on', async () => {
    const long = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"x":"${'A'.repeat(100)}"}}\n`;
    const { passed, reported } = await through(
      ['{"id":1}\n', long.slice(0, 50), long.slice(50), '{"id":2}\n'],
      64,
    );
    expect(passed).toEqual(['{"id":1}\n', '{"id":2}\n']);
    expect(reported).toHaveLength(1);
    expect(reported[0]?.bytes).toBe(Buffer.byteLength(long));
    expect(requestIdOf(reported[0]?.head ?? '')).toBe(7);
  });

  it('reports an oversized line the input ends in', async () => {
    const { passed, reported } = await through(['{"id":"a"}\n', 'B'.repeat(200)], 64);
    expect(passed).toEqual(['{"id":"a"}\n']);
    expect(reported.map((line) => line.bytes)).toEqual([200]);
  });

  it("answers with the request's id when its head names one before its params, else null", () => {
    expect(requestIdOf('{"jsonrpc":"2.0","id":"req-1","method":"tools/call","params":{')).toBe('req-1');
    expect(requestIdOf('{"jsonrpc":"2.0","method":"tools/call","params":{"id":5')).toBeNull();
    expect(JSON.parse(oversizedAnswer({ head: '{"id":3', bytes: 11 }, 10))).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32600, message: expect.stringContaining('11 bytes, over the 10 bytes') },
    });
  });
});
