import { type ClientBase, shareTransport } from './client-base.js';

/**
 * A group of the service's operations, mounted on a client as the vendor groups them:
 * `orders.consignments`, `shipments.groups`. It sends through its client's transport, with its client's
 * options; `client.withOptions(…)` mounts new ones.
 *
 * Each operation is declared once, as a private static field of the resource named after the method
 * that sends it, directly above that method; the walk in `core/declared-methods.ts` finds them from the client.
 */
export abstract class Resource {
  /** Mounted by the client's constructor; not meant to be built on its own. */
  constructor(client: ClientBase) {
    shareTransport(client, this);
  }
}
