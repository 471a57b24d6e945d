import { describe, expect, it } from 'vitest';
import type { OperationName } from '../../src/core/operation-names.js';
import {
  type ConsignmentReference,
  createClients,
  RequestValidationError,
  type ShipmentReference,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';

const DIGITS = '0'.repeat(31);
const SP_1 = `sp_${DIGITS}1` as const;
const SP_9 = `sp_${DIGITS}9` as const;

/** `[first]` to everything that reads it, `[other]` to JSON: the list an attacker hands over. */
function twoFaced<T>(first: T, other: T): T[] {
  const list = [first];
  Object.defineProperty(list, 'toJSON', { value: () => [other] });
  return list;
}

/** Both clients over the mock, with every request body they send. */
function setup() {
  const mock = createMockService();
  const bodies: unknown[] = [];
  const fetch: typeof mock.fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    if (text !== '') bodies.push(JSON.parse(text));
    return mock.fetch(request);
  };
  return { mock, bodies, ...createClients({ apiKey: mock.apiKey, fetch }) };
}

const shipmentsList = () => twoFaced<ShipmentReference>(SP_1, SP_9);
const consignmentsList = () => twoFaced<ConsignmentReference>('EC-000-000-001', 'EC-000-000-009');

/** Each method that takes a list of references, called with a list whose toJSON() names others. */
const LIST_METHODS: { name: string; call: (clients: ReturnType<typeof setup>) => Promise<unknown> }[] = [
  { name: 'allocateShipments', call: (c) => c.shipments.allocation.allocateMany(shipmentsList()) },
  { name: 'manifestShipments', call: (c) => c.shipments.manifests.manifestMany(shipmentsList()) },
  {
    name: 'allocateShipmentsWithCarrierService',
    call: (c) => c.shipments.allocation.allocateManyWithCarrierService(shipmentsList(), 'MOCK-24'),
  },
  {
    name: 'allocateShipmentsWithServiceGroup',
    call: (c) => c.shipments.allocation.allocateManyWithServiceGroup(shipmentsList(), 'domestic'),
  },
  {
    name: 'allocateShipmentsWithFilters',
    call: (c) => c.shipments.allocation.allocateManyWithFilters(shipmentsList(), { direction: 'outbound' }),
  },
  {
    name: 'createShipmentGroup',
    call: (c) => c.shipments.groups.create({ custom_reference: 'evening-run', shipments: shipmentsList() }),
  },
  {
    name: 'allocateWithCarrierService',
    call: (c) => c.orders.allocation.allocateWithCarrierService(consignmentsList(), 'RM-TRACKED48'),
  },
  {
    name: 'allocateWithServiceFilters',
    call: (c) =>
      c.orders.allocation.allocateWithServiceFilters(consignmentsList(), { ServiceDirection: 'Outbound' }),
  },
  { name: 'allocateConsignments', call: (c) => c.orders.allocation.allocate(consignmentsList()) },
  {
    name: 'allocateConsignmentsWithServiceGroup',
    call: (c) => c.orders.allocation.allocateManyWithServiceGroup(consignmentsList(), 'valuableGoods'),
  },
];

describe('a list is sent as the items it was checked with', () => {
  it.each(LIST_METHODS)(
    '$name refuses a list whose toJSON() names other references, and sends nothing',
    async ({ name, call }) => {
      const clients = setup();
      const error = await call(clients).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).message).toMatch(/toJSON\(\) gives other items.*plain array/);
      expect((error as RequestValidationError).issues[0]?.code).toBe('list_to_json');
      expect(clients.mock.requests(name as OperationName)).toEqual([]);
      expect(clients.mock.requests()).toEqual([]);
      expect(clients.bodies).toEqual([]);
    },
  );

  it('sends a list whose toJSON() gives back its own items (an observable array), as those items', async () => {
    const clients = setup();
    const shipment = clients.mock.store.shipments.addShipment({ carrierName: 'Acme Parcels' });
    const reference = shipment.reference as ShipmentReference;
    const list = [reference];
    Object.defineProperty(list, 'toJSON', { value: () => list.slice() });
    await clients.shipments.manifests.manifestMany(list).catch(() => undefined);
    expect(clients.mock.requests('manifestShipments')).toHaveLength(1);
    expect(clients.bodies).toEqual([{ shipments: [reference] }]);
  });
});
