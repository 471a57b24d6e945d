import * as createPackAllocate from './create-pack-allocate.js';
import * as errorsAndRetries from './errors-and-retries.js';
import * as readyToShipThenManifest from './ready-to-ship-then-manifest.js';

/** Every runnable example, in the order a newcomer would read them. */
export const examples = {
  'create-pack-allocate': createPackAllocate,
  'ready-to-ship-then-manifest': readyToShipThenManifest,
  'errors-and-retries': errorsAndRetries,
};
