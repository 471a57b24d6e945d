import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when the module at `url` was started directly (`tsx examples/x.ts`), not imported. */
export function isMain(url: string): boolean {
  const started = process.argv[1];
  return started !== undefined && realpathSync(fileURLToPath(url)) === realpathSync(started);
}
