// The class each resource of 0.3 is (`orders.consignments` is a `Consignments`), read from the clients
// themselves, so that `OrdersClient.prototype.createConsignment` can become `Consignments.prototype.create`.
import { methodsByArea } from '../../operation-catalog.js';
import type { ClientName } from './rename-table.js';

let classes: Map<string, string> | undefined;

/** The exported class of the resource at `prefix` on `client` (`consignments` → `Consignments`). */
export function resourceClassOf(client: ClientName, prefix: string): string | undefined {
  if (classes === undefined) {
    classes = new Map();
    const { orders, shipments } = methodsByArea();
    for (const method of [...orders, ...shipments]) {
      const at = method.path.lastIndexOf('.');
      if (at > 0) classes.set(`${method.client}.${method.path.slice(0, at)}`, method.owner);
    }
  }
  return classes.get(`${client}.${prefix}`);
}
