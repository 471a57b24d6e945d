import { expect, it } from 'vitest';
import { HANG_LIMIT_MS, runToExit } from '../support/child-process.js';

it(
  '1,000 concurrent getLabels through one client all finish, the heap returns to its baseline, and the process exits on its own',
  async () => {
    const figures = await runToExit('test/load/run-load.ts', '1000');
    console.log('load:', figures);
    for (const round of [figures.first, figures.second]) {
      expect(round).toMatchObject({ labels: 1000, failed: 0 });
    }
    // Keeping one label per call would add 2.5 MiB; keeping its Request and Response, far more.
    expect(figures.heapGrowthBytes).toBeLessThan(4 * 2 ** 20);
  },
  HANG_LIMIT_MS + 10_000,
);
