import { describe, expect, it } from 'vitest';
import { createClients, OutcomeUnknownError } from '../../src/index.js';
import { createMemoryLedger } from '../../src/ledger/index.js';
import { createMockService } from '../../src/testing/index.js';
import { newShipment } from '../shipments/stub.js';
import { consignmentInput, orderInput } from '../support/fixtures.js';
import { DECLARED } from '../support/operations.js';
import type { Clients } from './operations.js';

/**
 * The docs say to store `OutcomeUnknownError.toJSON()` in a queue or a database, and a ledger stores the
 * same form. It must hold references and what settling needs, never the people a request names nor a
 * document it carries: every non-repeatable operation of both areas loses its answer here with as much
 * personal data in its input as its schema takes.
 */

const FIRST = 'Wilhelmina';
const LAST = 'Featherstonehaugh';
const EMAIL = 'wilhelmina.f@private.example';
const PHONE = '+447700900461';
const STREET = '77 Secret Orchard Lane';
// "%PDF-1.4 SECRET-DOCUMENT-7731", Base64.
const DOCUMENT = 'JVBERi0xLjQgU0VDUkVULURPQ1VNRU5ULTc3MzE=';
const PERSONAL = [FIRST, LAST, EMAIL, PHONE, STREET, DOCUMENT, 'SECRET-DOCUMENT'];

const SP = `sp_${'0'.repeat(31)}1` as const;
const SG = `sg_${'0'.repeat(31)}1` as const;

const contact = { FirstName: FIRST, LastName: LAST, Email: EMAIL, Telephone: PHONE, Mobile: PHONE };
const destinationA = {
  AddressType: 'Destination',
  Contact: contact,
  AddressLine1: STREET,
  Town: 'Leeds',
  Postcode: 'LS1 7HH',
  Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
} as const;
const personalOrder = () => orderInput({ Addresses: [orderInput().Addresses[0], destinationA] as never });
const personalConsignment = () =>
  consignmentInput({ Addresses: [consignmentInput().Addresses[0], destinationA] as never });
function personalShipment() {
  const shipment = newShipment();
  return {
    ...shipment,
    addresses: [
      shipment.addresses[0],
      {
        ...shipment.addresses[1],
        address_line1: STREET,
        contact: {
          first_name: FIRST,
          last_name: LAST,
          contact_details: { email: EMAIL, mobile: PHONE },
        },
      },
    ],
  } as typeof shipment;
}

const ITEM = '0123456789abcdef0123456789abcdef';
/** An item whose description and barcode name a person (a gift, engraved). */
const personalItem = () => ({
  ItemReferenceProvidedByCustomer: 'LINE-1',
  Description: `Engraved mug for ${FIRST} ${LAST}, ${STREET}`,
  Barcode: { Code: EMAIL, BarcodeType: 'QR' },
  MetaData: [{ KeyValue: 'GiftNote', StringValue: `Call ${PHONE}` }],
  Weight: { Value: 0.4, Unit: 'Kg' as const },
  Dimensions: { Unit: 'Cm' as const, Width: 10, Length: 10, Height: 12 },
  Value: { Amount: 8, Currency: { IsoCode: 'GBP' } },
});

/** One call of each non-repeatable operation, by its name, with personal data wherever its input takes it. */
const CALLS: Record<string, (clients: Clients) => Promise<unknown>> = {
  createOrder: (c) => c.orders.create(personalOrder()),
  addAddressToOrder: (c) => c.orders.addAddress('EO-1', destinationA),
  packOrder: (c) =>
    c.orders.pack('EO-1', { OrderReference: 'EO-1', Packages: [{ Items: [{ Sku: 'A', Quantity: 1 }] }] }),
  createConsignment: (c) => c.orders.consignments.create(personalConsignment()),
  cancelConsignment: (c) => c.orders.consignments.cancel('EC-1'),
  cancelConsignments: (c) => c.orders.consignments.cancelMany(['EC-1']),
  setReadyToShip: (c) => c.orders.consignments.setReadyToShip(['EC-1']),
  setNotReadyToShip: (c) => c.orders.consignments.setNotReadyToShip(['EC-1']),
  dispatchConsignments: (c) => c.orders.consignments.dispatch(['EC-1']),
  addPackage: (c) =>
    c.orders.packages.add('EC-1', {
      PackageReferenceProvidedByCustomer: 'BOX-2',
      Weight: { Value: 1, Unit: 'Kg' },
      Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
      Description: `Gift for ${FIRST} ${LAST}`,
      Value: { Amount: 5, Currency: { IsoCode: 'GBP' } },
    }),
  deletePackage: (c) => c.orders.packages.delete('EP-1', 'EC-1'),
  removePackage: (c) => c.orders.packages.remove('EC-1', 'EP-1'),
  addItem: (c) => c.orders.items.add('EP-1', personalItem(), 'EC-1'),
  addItems: (c) => c.orders.items.addMany('EP-1', [personalItem(), personalItem()], 'EC-1'),
  moveItem: (c) => c.orders.items.move(ITEM, 'EP-2', 'EC-1'),
  removeItem: (c) => c.orders.items.remove('EP-1', ITEM, 'EC-1'),
  addOrderPackages: (c) =>
    c.orders.orderPackages.add('EO-1', [
      {
        PackageReferenceProvidedByCustomer: 'BOX-2',
        PackageSizeReference: 'PS-SMALL',
        Description: `Gift for ${FIRST} ${LAST}`,
        Items: [
          {
            ItemReferenceProvidedByCustomer: 'LINE-3',
            Description: `Engraved: ${FIRST} ${LAST}, ${STREET}`,
            Value: { Amount: 4 },
          },
        ],
      },
    ]),
  deleteOrderPackages: (c) => c.orders.orderPackages.delete('EO-1', ['EP-1']),
  addOrderPackageItems: (c) =>
    c.orders.orderPackages.addItems('EO-1', 'EP-1', [
      {
        ItemReferenceProvidedByCustomer: 'LINE-3',
        Description: `Card for ${FIRST} ${LAST}: call ${PHONE} or write to ${EMAIL}`,
        Value: { Amount: 4 },
      },
    ]),
  deleteOrderPackageItems: (c) => c.orders.orderPackages.deleteItems('EO-1', 'EP-1', ['f'.repeat(32)]),
  allocateConsignments: (c) => c.orders.allocation.allocate(['EC-1']),
  allocateWithCheapestQuote: (c) => c.orders.allocation.allocateWithCheapestQuote('EC-1'),
  allocateWithCarrierService: (c) => c.orders.allocation.allocateWithCarrierService(['EC-1'], 'RM-TRACKED48'),
  allocateWithQuote: (c) => c.orders.allocation.allocateWithQuote('EC-1', 'q-1'),
  allocateWithServiceGroup: (c) => c.orders.allocation.allocateWithServiceGroup('EC-1', 'economy'),
  allocateWithServiceFilters: (c) =>
    c.orders.allocation.allocateWithServiceFilters(['EC-1'], { ServiceDirection: 'Outbound' }),
  allocateConsignmentsWithServiceGroup: (c) =>
    c.orders.allocation.allocateManyWithServiceGroup(['EC-1'], 'economy'),
  allocateAndGetLabels: (c) => c.orders.allocation.withLabels.allocate('EC-1', 'PDF'),
  allocateWithCarrierServiceAndGetLabels: (c) =>
    c.orders.allocation.withLabels.allocateWithCarrierService('EC-1', 'RM-TRACKED48', 'PDF'),
  allocateWithServiceGroupAndGetLabels: (c) =>
    c.orders.allocation.withLabels.allocateWithServiceGroup('EC-1', 'economy', 'PDF'),
  allocateWithQuoteAndGetLabels: (c) =>
    c.orders.allocation.withLabels.allocateWithQuote('EC-1', 'q-1', 'PDF'),
  // The query is kept to settle it: a date, a location and a service, nothing about a person.
  allocateAllUnallocated: (c) =>
    c.orders.allocation.byShipDate.allocate({
      ShipByDate: '2026-03-02',
      ShippingLocationReference: 'SL-LONDON',
    }),
  allocateAllWithCarrierService: (c) =>
    c.orders.allocation.byShipDate.allocateWithCarrierService({
      ShipByDate: '2026-03-02',
      MpdCarrierServiceReference: 'RM-TRACKED48',
    }),
  allocateAllWithServiceGroup: (c) =>
    c.orders.allocation.byShipDate.allocateWithServiceGroup({
      ShipByDate: '2026-03-02',
      MpdCarrierServiceGroupReference: 'economy',
    }),
  deallocateConsignment: (c) => c.orders.allocation.deallocate('EC-1'),
  deallocateConsignments: (c) => c.orders.allocation.deallocateMany(['EC-1']),
  manifestConsignments: (c) => c.orders.manifests.manifest(['EC-1']),
  manifestConsignmentsFromQuery: (c) => c.orders.manifests.manifestFromQuery({ States: ['ReadyToShip'] }),
  reservePickupOption: (c) => c.orders.deliveryOptions.reservePickup('EDO-1'),
  selectDeliveryOption: (c) => c.orders.deliveryOptions.selectAsOrder('EDO-1'),
  selectDeliveryOptionsAsOrders: (c) => c.orders.deliveryOptions.selectAsOrders([{ Reference: 'EDO-1' }]),
  selectDeliveryOptionAsConsignment: (c) => c.orders.deliveryOptions.selectAsConsignment('EDO-1'),
  createShipment: (c) => c.shipments.create(personalShipment()),
  deleteShipment: (c) => c.shipments.delete(SP),
  cancelShipment: (c) => c.shipments.cancel(SP),
  changeShipmentState: (c) =>
    c.shipments.changeState({
      reference: SP,
      state: 'ready_to_ship',
      reason: `${FIRST} ${LAST} asked to call ${PHONE} or write to ${EMAIL}`,
    }),
  allocateShipment: (c) => c.shipments.allocation.allocate(SP),
  allocateShipments: (c) => c.shipments.allocation.allocateMany([SP]),
  allocateShipmentWithCarrierService: (c) => c.shipments.allocation.allocateWithCarrierService(SP, 'MOCK-24'),
  allocateShipmentsWithCarrierService: (c) =>
    c.shipments.allocation.allocateManyWithCarrierService([SP], 'MOCK-24'),
  allocateShipmentWithServiceGroup: (c) => c.shipments.allocation.allocateWithServiceGroup(SP, 'domestic'),
  allocateShipmentsWithServiceGroup: (c) =>
    c.shipments.allocation.allocateManyWithServiceGroup([SP], 'domestic'),
  allocateShipmentWithQuote: (c) => c.shipments.allocation.allocateWithQuote(SP, `qu_${'0'.repeat(31)}1`),
  allocateShipmentWithVirtualService: (c) =>
    c.shipments.allocation.allocateWithVirtualService(SP, 'next-day'),
  allocateShipmentsWithFilters: (c) =>
    c.shipments.allocation.allocateManyWithFilters([SP], { direction: 'outbound' }),
  deallocateShipment: (c) => c.shipments.allocation.deallocate(SP),
  manifestShipment: (c) => c.shipments.manifests.manifest(SP),
  manifestShipments: (c) => c.shipments.manifests.manifestMany([SP]),
  manifestShipmentsByQuery: (c) =>
    c.shipments.manifests.manifestByQuery({
      shipping_locations: ['SL-LEEDS-01'],
      address_custom_reference: 'LEEDS-DOCK-2',
      shipment_states: ['allocated'],
    }),
  createShipmentGroup: (c) => c.shipments.groups.create({ custom_reference: 'evening-run', shipments: [SP] }),
  updateShipmentGroup: (c) => c.shipments.groups.update({ reference: SG, add_shipments: [SP] }),
  addShipmentToGroup: (c) => c.shipments.groups.addShipment({ reference: SG }, SP),
  removeShipmentFromGroup: (c) => c.shipments.groups.removeShipment({ reference: SG }, SP),
  manifestShipmentGroup: (c) => c.shipments.groups.manifest(SG),
  addPaperlessDocument: (c) =>
    c.shipments.documents.paperless.add(SP, {
      file_content: DOCUMENT,
      file_format: 'pdf',
      document_type: 'commercial_invoice',
      usage: 'electronic_trade',
    }),
};

const NON_REPEATABLE = [
  ...new Set(
    DECLARED.filter(({ operation }) => operation.retry === 'non-repeatable').map(
      ({ operation }) => operation.name,
    ),
  ),
];

/** Every form the lost answer is kept or shown in: the error's JSON, its text, and the ledger's entries. */
async function keptForms(name: string) {
  const mock = createMockService();
  const ledger = createMemoryLedger();
  const clients = createClients({
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    maxRetries: 0,
    ledger,
  });
  // The request arrives, then the connection drops before it is answered: its outcome is unknown.
  mock.failNext('*', { network: 'drop-before' });
  const error = await (CALLS[name] as (clients: Clients) => Promise<unknown>)(clients).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, name).toBeInstanceOf(OutcomeUnknownError);
  const outcome = error as OutcomeUnknownError;
  const entries = await ledger.list();
  expect(entries.length, `${name}: the ledger's entries`).toBeGreaterThan(0);
  return {
    outcome,
    forms: {
      toJSON: outcome.toJSON(),
      json: JSON.stringify(outcome),
      string: String(outcome),
      ledger: JSON.stringify(entries),
    },
  };
}

describe('a lost answer keeps references, not people', () => {
  it('has a call with personal data for every non-repeatable operation, walked from the declarations', () => {
    expect(Object.keys(CALLS).sort()).toEqual([...NON_REPEATABLE].sort());
  });

  it.each(NON_REPEATABLE)(
    '%s: toJSON, its JSON, String(error) and the ledger entry hold none of it',
    async (name) => {
      const { outcome, forms } = await keptForms(name);
      for (const [form, kept] of Object.entries(forms)) {
        const text = typeof kept === 'string' ? kept : JSON.stringify(kept);
        for (const personal of PERSONAL) expect(text, `${name}: ${form}`).not.toContain(personal);
      }
      // Only what the stored form declares: the references, and what the operation's settling needs.
      expect(Object.keys(forms.toJSON).sort()).toEqual(
        expect.arrayContaining(['message', 'name', 'operation', 'reason', 'references']),
      );
      expect(outcome.operation).toBe(forms.toJSON.operation);
    },
  );

  it("area B's lost creation says what to check before creating it again, as area A's does", async () => {
    const shipment = (await keptForms('createShipment')).outcome;
    expect(shipment.message).toMatch(/Check ORDER-1001 before trying again: area B has no search/);
    const order = (await keptForms('createOrder')).outcome;
    expect(order.message).toMatch(/Check WEB-1001 before trying again: the order it may have created/);
    const document = (await keptForms('addPaperlessDocument')).outcome;
    expect(document.toJSON()).not.toHaveProperty('settleWith');
    expect(document.message).toContain('read the paperless_documents of shipments.get');
  });
});
