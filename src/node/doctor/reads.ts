import type { Schema } from '../../core/validation.js';
import { operationsByArea } from '../../operation-catalog.js';
import type { OrdersClient } from '../../orders/client.js';
import type { ShipmentsClient } from '../../shipments/client.js';
import type { DoctorArea } from './report.js';

/** A read the doctor makes: one that needs no reference of the user's. */
export interface Read {
  area: DoctorArea;
  name: string;
  /** The operation's id, whose schema the answer is compared with. */
  operation: string;
  run(clients: { orders: OrdersClient; shipments: ShipmentsClient }): Promise<unknown>;
}

export const READS: readonly Read[] = [
  {
    area: 'orders',
    name: 'shipping locations',
    operation: 'getShippingLocations',
    run: ({ orders }) => orders.shippingLocations.list(),
  },
  {
    area: 'orders',
    name: 'customer manifests',
    operation: 'getCustomerManifests',
    run: ({ orders }) => orders.manifests.list(),
  },
  {
    area: 'orders',
    name: 'a consignment search page',
    operation: 'searchConsignments',
    run: ({ orders }) => orders.consignments.search({}, { pageSize: 10 }).page(0),
  },
  {
    area: 'shipments',
    name: 'shipment state counts',
    operation: 'getShipmentStateCounts',
    run: ({ shipments }) => shipments.getStateCounts(),
  },
];

/** The schema consignkit checks an operation's answer with. */
export function responseSchemaOf(operation: string): Schema | undefined {
  const { orders, shipments } = operationsByArea();
  return [...orders, ...shipments].find((candidate) => candidate.name === operation && candidate.response)
    ?.response;
}
