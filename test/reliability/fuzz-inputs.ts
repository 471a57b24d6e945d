import fc from 'fast-check';
import { methodOfOperation } from '../../src/operation-catalog.js';
import { newShipment } from '../shipments/stub.js';
import { consignmentInput, orderInput } from '../support/fixtures.js';
import { anyValue, mutated } from './fuzz.js';
import { address, type Clients, details, newItem, optionsRequest, pack, update } from './operations.js';

/** The key the clients use, and a value the inputs and answers carry: it must never show in an error. */
export const KEY = 'sk_live_LEAKCHECK_Fz93-q1Lw';

/** Random and near-valid arguments for every method, and the methods the input fuzzing calls. */

// Inputs: every method, random and near-valid arguments.

const NASTY = [
  '/',
  '..',
  '?',
  '#',
  '%',
  ' ',
  '%2F',
  '%2e%2e',
  '\\',
  '\t',
  '\n',
  '&',
  '=',
  '+',
  ';',
  '@',
  ':',
  'é',
];
const SAFE = ['a', 'Z', '0', '9', '-', '_', '.', '~'];
const piece = fc.oneof(fc.constantFrom(...NASTY), fc.constantFrom(...SAFE), fc.string({ maxLength: 3 }));
/** A reference-like string holding at least one character that could change a path. */
export const nastyReference = (prefix: string) =>
  fc
    .tuple(
      fc.constantFrom('', prefix, `${prefix}1`, `${prefix}a.`),
      fc.array(piece, { maxLength: 3 }),
      fc.constantFrom(...NASTY),
      fc.array(piece, { maxLength: 3 }),
    )
    .map(([start, before, nasty, after]) => start + before.join('') + nasty + after.join(''));
const reference = (prefix: string) =>
  fc.oneof(
    fc.constant(`${prefix}1`),
    fc.constantFrom('EO-1', 'EC-1', 'EDO-1', 'sp_1', 'sc_1', 'sg_1', '0123456789abcdef0123456789abcdef'),
    nastyReference(prefix),
    fc.string().map((tail) => prefix + tail),
    anyValue,
  );
const references = (prefix: string) =>
  fc.oneof(fc.array(reference(prefix), { maxLength: 3 }), fc.constant([`${prefix}1`]), anyValue);
export const keys = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', KEY),
);
const edgeValues = fc.constantFrom(
  null,
  '',
  0,
  -1,
  1.5,
  true,
  [],
  {},
  KEY,
  'EO-1',
  'EC-1',
  'sp_1',
  'x'.repeat(5000),
);
export const values = fc.oneof(anyValue, edgeValues, fc.jsonValue({ maxDepth: 2 }));
/** What a service can send: JSON only. */
export const jsonValues = fc.oneof(edgeValues, fc.jsonValue({ maxDepth: 2 }));
/** A body nested far deeper than any real one. */
function deeplyNested(depth: number): unknown {
  let value: unknown = {};
  for (let level = 0; level < depth; level += 1) value = { next: value };
  return value;
}

/**
 * The sample in shapes that look like it but serialise otherwise (what validation must check is what
 * goes on the wire): its own `toJSON`, an object whose fields are prototype getters (an ORM entity), an
 * object that inherits them, a proxy, a getter that throws, and a field nested 5,000 deep.
 */
const disguised = (sample: unknown) => {
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) return fc.constant(sample);
  const fields = sample as Record<string, unknown>;
  class Entity {}
  for (const [key, value] of Object.entries(fields)) {
    Object.defineProperty(Entity.prototype, key, { get: () => value, enumerable: true });
  }
  return fc.constantFrom(
    { ...fields, toJSON: () => ({}) },
    { ...fields, toJSON: () => fields },
    new Entity(),
    Object.create(fields),
    new Proxy({ ...fields }, {}),
    new Proxy({ ...fields }, { ownKeys: () => [] }),
    Object.defineProperty({ ...fields }, 'Broken', {
      get: () => {
        throw new Error('a getter that throws');
      },
      enumerable: true,
    }),
    { ...fields, Deep: deeplyNested(5000) },
  );
};

/** A valid sample, the sample with random edits or in disguise, or anything at all. */
const near = (sample: unknown) =>
  fc.oneof(fc.constant(sample), mutated(sample, values, keys), disguised(sample), anyValue);

/** Per-call options: mostly none, sometimes bad, sometimes good ones that still send. */
export const requestOptions = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        timeout: fc.constantFrom(undefined, -1, 0, Number.NaN, Number.POSITIVE_INFINITY, '5', 30_000),
        maxRetries: fc.constantFrom(undefined, -1, 1.5, 'x', 0, 1),
        headers: fc.oneof(
          fc.constant(undefined),
          fc.dictionary(
            fc.oneof(fc.constantFrom('x-trace', 'accept'), fc.string({ maxLength: 4 })),
            fc.string(),
          ),
          anyValue,
        ),
        signal: fc.constantFrom(undefined, AbortSignal.abort(), new AbortController().signal, 'signal', {}),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: anyValue },
);

export interface MethodCase {
  name: string;
  args: fc.Arbitrary<unknown[]>;
  invoke(clients: Clients, args: unknown[], options: unknown): Promise<unknown>;
  /** The body the caller wrote, which must go out exactly as written. */
  body?(args: unknown[]): unknown;
}

// Untyped on purpose: the point is what happens at run time when the types are not respected.
type Loose = (...args: unknown[]) => Promise<unknown>;
/** The compositions, which send no operation of their own, under the names the reliability suites give them. */
const COMPOSED: Record<string, string> = { patchOrder: 'patch', patchConsignment: 'consignments.patch' };
/** A case is named by its operation id; its method is the one that sends that operation alone. */
const method =
  (area: keyof Clients, name: string) =>
  (clients: Clients, args: unknown[], options: unknown): Promise<unknown> => {
    const path = COMPOSED[name] ?? methodOfOperation(area, name);
    if (path === undefined) throw new Error(`no method sends ${name} alone`);
    const segments = path.split('.');
    const last = segments.pop()!;
    const owner = segments.reduce<Record<string, unknown>>(
      (resource, key) => resource[key] as Record<string, unknown>,
      clients[area] as unknown as Record<string, unknown>,
    );
    return (owner[last] as Loose).call(owner, ...args, options);
  };
const orders = (name: string, args: fc.Arbitrary<unknown>[], body?: MethodCase['body']): MethodCase => ({
  name,
  args: fc.tuple(...args),
  invoke: method('orders', name),
  body,
});
const shipments = (name: string, args: fc.Arbitrary<unknown>[], body?: MethodCase['body']): MethodCase => ({
  name,
  args: fc.tuple(...args),
  invoke: method('shipments', name),
  body,
});

/** An order's package and item, as `orders.orderPackages` takes them. */
const orderItem = { ItemReferenceProvidedByCustomer: 'LINE-3', Sku: 'PLATE', Value: { Amount: 4 } };
const orderPackage = {
  PackageReferenceProvidedByCustomer: 'BOX-2',
  Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
  Items: [orderItem],
};

export const METHODS: MethodCase[] = [
  orders('createOrder', [near(orderInput())], ([order]) => order),
  orders('getOrder', [reference('EO-')]),
  orders('updateOrder', [reference('EO-'), near(update)], ([, order]) => order),
  orders('patchOrder', [reference('EO-'), near({ Tags: ['Fragile'] })]),
  orders('addAddressToOrder', [reference('EO-'), near(address)], ([, body]) => body),
  orders('updateAddressOnOrder', [reference('EO-'), near(address)], ([, body]) => body),
  orders('selectDeliveryOption', [reference('EDO-')], ([option]) => ({
    DeliveryOptions: [{ Reference: option }],
  })),
  orders('packOrder', [reference('EO-'), near(pack)], ([, body]) => body),
  orders('allocateConsignments', [references('EC-')], ([refs]) => ({ ConsignmentReferences: refs })),
  orders('allocateWithCheapestQuote', [reference('EC-')]),
  orders('manifestConsignments', [references('EC-')], ([refs]) => ({ ConsignmentReferences: refs })),
  orders(
    'manifestConsignmentsFromQuery',
    [near({ States: ['ReadyToShip'], ShippingLocationReferences: ['SL-LONDON'] })],
    ([q]) => q,
  ),
  orders('setReadyToShip', [references('EC-')], ([refs]) => refs),
  orders('setNotReadyToShip', [references('EC-')], ([refs]) => refs),
  orders('getCustomerManifests', [near({ shippingLocationReference: 'SL-LONDON' })]),
  orders('getCustomerManifest', [reference('')]),
  {
    name: 'getCustomerManifestsFiltered',
    args: fc.tuple(
      near({ CarrierNames: ['Royal Mail'], ShippingLocationRefs: ['SL-LONDON'] }),
      near({ pageSize: 10 }),
    ),
    invoke: async (c, [filter, search], options) =>
      c.orders.manifests.search(filter as never, search as never, options as never).page(0),
  },
  orders('getCustomerManifestFileSentToCarrier', [reference('')]),
  orders('getConsignmentLabels', [reference('EC-'), near({ format: 'ZPL', dpi: 300 })]),
  orders('getShippingLocations', []),
  orders('getShippingLocation', [reference('SL-')]),
  orders('getDeliveryOptions', [near(optionsRequest)], ([request]) => request),
  orders(
    'getPickupOptions',
    [near({ ...optionsRequest, Distance: { Value: 1, Unit: 'Km' }, MaxResults: 5 })],
    ([request]) => request,
  ),
  orders('getCommercialInvoice', [reference('EC-')]),
  orders('getTracking', [reference('EC-')]),
  orders('getConsignment', [reference('EC-')]),
  orders('deallocateConsignment', [reference('EC-')]),
  orders('getCarrierServices', []),
  orders('getCarrierServicesForSubscription', []),
  orders('getCarriers', []),
  orders('getCollectionCalendar', [reference('SL-'), fc.constantFrom('ROYALMAIL', '', '../x')]),
  orders('getPackageSizes', []),
  orders('getDefaultPackageSize', []),
  orders('getServiceGroups', []),
  orders('getServiceGroup', [reference('')]),
  orders('getServiceGroupSummaries', []),
  orders('getServiceGroupSummary', [reference('')]),
  orders('isServiceGroupReferenceAvailable', [reference('')]),
  orders(
    'addPackage',
    [
      reference('EC-'),
      near({
        Weight: { Value: 1, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
        Description: 'Spare parts',
        Value: { Amount: 5, Currency: { IsoCode: 'GBP' } },
      }),
    ],
    ([, pkg]) => pkg,
  ),
  orders('deletePackage', [reference('EP-'), reference('EC-')]),
  orders('removePackage', [reference('EC-'), reference('EP-')]),
  orders(
    'updatePackage',
    [
      reference('EP-'),
      near({
        Weight: { Value: 1, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
        Description: 'Spare parts',
        Value: { Amount: 5, Currency: { IsoCode: 'GBP' } },
      }),
    ],
    ([reference, pkg]) => ({ ...(pkg as object), Reference: reference }),
  ),
  orders('setPackageCustomerReference', [
    reference('EP-'),
    fc.oneof(fc.string(), fc.constant(null), anyValue),
  ]),
  orders('addItem', [reference('EP-'), near(newItem), reference('EC-')], ([reference, item]) => ({
    ...(item as object),
    PackageReference: reference,
  })),
  orders(
    'addItems',
    [reference('EP-'), fc.oneof(fc.array(near(newItem), { maxLength: 2 }), anyValue), reference('EC-')],
    ([reference, items]) => ({ PackageReference: reference, Items: items }),
  ),
  orders('moveItem', [reference(''), reference('EP-'), reference('EC-')]),
  orders('removeItem', [reference('EP-'), reference(''), reference('EC-')]),
  orders('setItemCustomerReferenceByLabelBarcode', [reference(''), fc.oneof(fc.string(), anyValue)]),
  orders(
    'addOrderPackages',
    [reference('EO-'), fc.array(near(orderPackage), { minLength: 1, maxLength: 2 })],
    ([order, packages]) => ({ OrderReference: order, OrderPackages: packages }),
  ),
  orders(
    'updateOrderPackages',
    [
      reference('EO-'),
      fc.array(near({ ...orderPackage, Reference: 'EP-1' }), { minLength: 1, maxLength: 2 }),
    ],
    ([order, packages]) => ({ OrderReference: order, OrderPackages: packages }),
  ),
  orders('deleteOrderPackages', [reference('EO-'), references('EP-')], ([order, packages]) => ({
    OrderReference: order,
    OrderPackageReferences: packages,
  })),
  orders(
    'addOrderPackageItems',
    [reference('EO-'), reference('EP-'), fc.array(near(orderItem), { minLength: 1, maxLength: 2 })],
    ([order, pkg, items]) => ({ OrderReference: order, PackageReference: pkg, OrderItems: items }),
  ),
  orders(
    'updateOrderPackageItems',
    [
      reference('EO-'),
      reference('EP-'),
      fc.array(near({ ...orderItem, Reference: 'f'.repeat(32) }), { minLength: 1, maxLength: 2 }),
    ],
    ([order, pkg, items]) => ({ OrderReference: order, PackageReference: pkg, OrderItems: items }),
  ),
  orders(
    'deleteOrderPackageItems',
    [
      reference('EO-'),
      reference('EP-'),
      fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 2 }),
    ],
    ([order, pkg, items]) => ({ OrderReference: order, PackageReference: pkg, OrderItemReferences: items }),
  ),
  orders('dispatchConsignments', [references('EC-')], ([refs]) => ({ ConsignmentReferences: refs })),
  orders('getConsignmentWithMetadata', [reference('EC-')]),
  orders('getFlattenedTracking', [reference('EC-')]),
  orders('deallocateConsignments', [references('EC-')], ([refs]) => refs),
  orders('cancelConsignment', [reference('EC-')]),
  orders('cancelConsignments', [references('EC-')], ([refs]) => refs),
  orders('getConsignmentReferences', [near({ State: 'Allocated', ShippingLocationReference: 'SL-LONDON' })]),
  {
    name: 'searchConsignments',
    args: fc.tuple(near({ State: 'Allocated' })),
    invoke: async (c, [filter], options) =>
      c.orders.consignments.search(filter as never, {}, options as never).page(0),
  },
  orders('getPackageLabel', [reference('EC-'), reference('EP-'), near({ format: 'png' })]),
  orders('createConsignment', [near(consignmentInput())]),
  orders('updateConsignment', [reference('EC-'), near(consignmentInput())]),
  orders('patchConsignment', [reference('EC-'), near({ Tags: ['Fragile'] })]),
  orders('getConsignmentStatus', [reference('EC-')]),
  orders('getConsignmentOnly', [reference('EC-')]),
  orders('getConsignmentAuditMessages', [reference('EC-')]),
  orders('countConsignments', [near('Allocated')]),
  orders('getLateConsignments', [near({ ShippingLocationReference: 'SL-LONDON' })]),
  orders('updateConsignmentAddress', [reference('EC-'), near(address)], ([, body]) => body),
  orders('setConsignmentDetails', [reference('EC-'), near(details)], ([, body]) => body),
  orders('setConsignmentCustomerReference', [reference('EC-'), near('WEB-20417')], ([, reference]) => ({
    Reference: reference,
  })),
  orders('getConsignmentsForOrders', [references('EO-')], ([refs]) => ({ OrderReferences: refs })),
  orders('getAssignedShippingLocations', []),
  orders('getQuotes', [near(consignmentInput())]),
  orders('getQuotesForConsignment', [reference('EC-')]),
  orders('getServiceGroupQuotes', [near(consignmentInput())]),
  orders('allocateWithCarrierService', [references('EC-'), fc.constantFrom('RM-TRACKED48', '', 7)]),
  orders('allocateWithQuote', [
    reference('EC-'),
    fc.constantFrom('9b7c2f10-4e1a-4c3b-8d2e-5a6f7e8d9c01', ''),
  ]),
  orders('allocateWithServiceGroup', [reference('EC-'), fc.constantFrom('economy', '', null)]),
  orders('allocateWithServiceFilters', [
    references('EC-'),
    near({ ServiceDirection: 'Outbound', IsDropOff: true }),
  ]),
  orders(
    'allocateConsignmentsWithServiceGroup',
    [references('EC-'), fc.constantFrom('economy', '', null)],
    ([refs, group]) => ({ MpdCarrierServiceGroupReference: group, ConsignmentReferences: refs }),
  ),
  orders('allocateAndGetLabels', [reference('EC-'), fc.constantFrom('PDF', 'zpl', 'GIF', '', 7)]),
  orders('allocateWithCarrierServiceAndGetLabels', [
    reference('EC-'),
    fc.constantFrom('RM-TRACKED48', '', null),
    fc.constantFrom('PDF', 'png', 'GIF'),
  ]),
  orders('allocateWithServiceGroupAndGetLabels', [
    reference('EC-'),
    fc.constantFrom('economy', '', 7),
    fc.constantFrom('ZPLII', 'pdf', ''),
  ]),
  orders('allocateWithQuoteAndGetLabels', [
    reference('EC-'),
    fc.constantFrom('9b7c2f10-4e1a-4c3b-8d2e-5a6f7e8d9c01', ''),
    fc.constantFrom('PDF', 'BMP'),
  ]),
  orders(
    'allocateAllUnallocated',
    [near({ ShipByDate: '2026-03-02', ShippingLocationReference: 'SL-LONDON' })],
    ([request]) => request,
  ),
  orders(
    'allocateAllWithCarrierService',
    [near({ ShipByDate: '2026-03-02T17:00:00Z', MpdCarrierServiceReference: 'RM-TRACKED48' })],
    ([request]) => request,
  ),
  orders(
    'allocateAllWithServiceGroup',
    [near({ ShipByDate: '2026-03-02', MpdCarrierServiceGroupReference: 'economy' })],
    ([request]) => request,
  ),
  orders('selectDeliveryOptionAsConsignment', [reference('EDO-')]),
  orders(
    'selectDeliveryOptionsAsOrders',
    [near([{ Reference: 'EDO-000-001-NXD', OrderReferenceProvidedByCustomer: 'SHOP-1' }])],
    ([selections]) => ({ DeliveryOptions: selections }),
  ),
  orders('getDeliveryOptionSummary', [near(optionsRequest)], ([request]) => request),
  orders('getDeliveryOption', [reference('EDO-')]),
  orders('reservePickupOption', [reference('EDO-')]),
  orders('getCustomsDocuments', [reference('EC-')]),
  orders('getCn22', [reference('EC-'), reference('EP-')]),
  orders('getCn23', [reference('EC-'), reference('EP-')]),
  shipments('getLabels', [
    reference('sp_'),
    near({ format: 'BMP', dpi: 300, rotation: 'left', includeExtension: false }),
  ]),
  shipments('getContentsLabel', [reference('sp_'), reference('sc_'), near({ format: 'ZPL', dpi: 203 })]),
  shipments(
    'updateShipmentGroup',
    [near({ reference: 'sg_1', add_shipments: ['sp_1'], remove_shipments: ['sp_2'] })],
    ([input]) => input,
  ),
  shipments('addShipmentToGroup', [
    near({ customReference: 'evening-run', version: 'latest' }),
    reference('sp_'),
  ]),
  shipments('removeShipmentFromGroup', [near({ reference: 'sg_1' }), reference('sp_')]),
  shipments('lockShipmentGroup', [reference('sg_')]),
  shipments(
    'createShipmentGroup',
    [near({ custom_reference: 'evening-run', shipments: ['sp_1'] })],
    // The input, copied once, checked and sent as it was checked.
    ([input]) => input,
  ),
  shipments('getShipmentGroup', [reference('sg_')]),
  shipments('getShipmentGroupsByCustomReference', [
    fc.constantFrom('evening-run', 'EVENING RUN/2', 'RUN', ''),
  ]),
  shipments('getShipmentGroupByCustomReference', [
    fc.constantFrom('evening-run', 'EVENING RUN/2', 'RUN', ''),
    fc.constantFrom(1, 2, 'latest', 0, -1, 1.5, 'newest', null),
  ]),
  shipments('closeShipmentGroup', [reference('sg_')]),
  shipments('getDocuments', [reference('sp_')]),
  shipments('getDocument', [
    reference('sp_'),
    fc.constantFrom('cn22', 'commercial_invoice', 'label', 'CN 22'),
  ]),
  shipments('unlockShipmentGroup', [reference('sg_')]),
  shipments('createShipment', [near(newShipment())]),
  shipments('getShipment', [reference('sp_')]),
  shipments('updateShipment', [near({ ...newShipment(), reference: `sp_${'0'.repeat(31)}1` })]),
  shipments('deleteShipment', [reference('sp_')]),
  shipments('cancelShipment', [reference('sp_')]),
  shipments('changeShipmentState', [
    near({ reference: `sp_${'0'.repeat(31)}1`, state: 'ready_to_ship', reason: 'packed and waiting' }),
  ]),
  shipments('getShipmentStateCounts', []),
  shipments('createQuote', [near(newShipment())]),
  shipments('getQuotesForShipment', [reference('sp_')]),
  shipments('createQuoteForServiceGroup', [fc.constantFrom('domestic', '', 'a/b'), near(newShipment())]),
  shipments('allocateShipments', [references('sp_')]),
  shipments('allocateShipmentsWithFilters', [references('sp_'), near({ direction: 'outbound' })]),
  shipments('allocateShipmentsWithCarrierService', [references('sp_'), fc.constantFrom('MOCK-24', '')]),
  shipments('allocateShipmentsWithServiceGroup', [references('sp_'), fc.constantFrom('domestic', '')]),
  shipments('allocateShipment', [reference('sp_')]),
  shipments('allocateShipmentWithQuote', [reference('sp_'), reference('qu_')]),
  shipments('allocateShipmentWithCarrierService', [reference('sp_'), fc.constantFrom('MOCK-24', '')]),
  shipments('allocateShipmentWithServiceGroup', [reference('sp_'), fc.constantFrom('domestic', '')]),
  shipments('allocateShipmentWithVirtualService', [reference('sp_'), fc.constantFrom('next-day', '')]),
  shipments('deallocateShipment', [reference('sp_')]),
  shipments('manifestShipment', [reference('sp_')]),
  shipments('manifestShipments', [references('sp_')]),
  shipments(
    'manifestShipmentsByQuery',
    [
      near({
        shipping_locations: ['SL-LEEDS-01'],
        shipment_states: ['allocated'],
        labels_retrieved: true,
        required_shipping_date: { start: '2020-07-23T00:00:00+00:00', end: '2020-07-23T23:59:59+00:00' },
      }),
    ],
    ([query]) => query,
  ),
  shipments('manifestShipmentGroup', [reference('sg_')]),
  shipments('getManifest', [reference('ma_')]),
  shipments('getShipmentTracking', [reference('sp_')]),
  shipments('getShipmentContentsTracking', [reference('sp_')]),
  {
    name: 'getTrackingByCustomReference',
    args: fc.tuple(
      fc.oneof(fc.constantFrom('ORDER-1001', 'EVENING RUN', ''), fc.string()),
      near({ pageSize: 5 }),
    ),
    invoke: async (c, [customReference, paging], options) =>
      c.shipments.tracking
        .getByCustomReference(customReference as never, paging as never, options as never)
        .page(0),
  },
  {
    name: 'getShipmentContentsTrackingByCustomReference',
    args: fc.tuple(fc.oneof(fc.constantFrom('LINE-1', 'a/b?c'), fc.string()), near({ pageSize: 10 })),
    invoke: async (c, [customReference, paging], options) =>
      c.shipments.tracking
        .getContentsByCustomReference(customReference as never, paging as never, options as never)
        .page(0),
  },
  shipments('getCollectionNote', [near({ reference: 'sg_1' })]),
  shipments('addPaperlessDocument', [
    reference('sp_'),
    near({
      file_content: 'JVBERi0xLjQ=',
      file_format: 'pdf',
      document_type: 'commercial_invoice',
      usage: 'electronic_trade',
    }),
  ]),
  shipments('getPaperlessDocument', [reference('pd_')]),
  shipments('removePaperlessDocument', [reference('pd_')]),
];
