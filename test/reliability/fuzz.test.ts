import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AllocationError,
  AllocationSummarySchema,
  ApiError,
  ConfigurationError,
  ConsignkitError,
  ConsignmentLabelSchema,
  ConsignmentSchema,
  ConsignmentSearchPageSchema,
  DeliveryOptionSchema,
  decodeBase64,
  decodeDocument,
  LabelDocumentSchema,
  ManifestFromQueryResultSchema,
  ManifestSummarySchema,
  OperationResultSchema,
  OrderReferenceSchema,
  OrderSchema,
  PickupLocationSchema,
  RequestAbortedError,
  RequestValidationError,
  ResourceResultSchema,
  ResponseValidationError,
  ShipmentAllocationError,
  ShipmentDocumentSchema,
  ShipmentGroupSchema,
  ShippingLocationSchema,
  TrackingSchema,
  type ValidationMode,
} from '../../src/index.js';
import { ConsignmentStatusSchema } from '../../src/orders/consignments/index.js';
import { DeliveryOptionDetailsSchema } from '../../src/orders/delivery-options/index.js';
import { QuoteSchema, ServiceGroupQuoteSchema } from '../../src/orders/quotes.js';
import { createMockService } from '../../src/testing/index.js';
import { newShipment } from '../shipments/stub.js';
import { consignmentInput, orderInput } from '../support/fixtures.js';
import { declaredOperation } from '../support/operations.js';
import { anyValue, count, FIXED_SEED, fuzzed, fuzzParameters, isFuzzRun, mutated, SEED } from './fuzz.js';
import {
  address,
  type Clients,
  clientsOver,
  OPERATIONS,
  optionsRequest,
  pack,
  update,
} from './operations.js';
import { expectReadmeSection, markdownTable } from './readme.js';
import { LeakSearch } from './secrets.js';

/**
 * Property-based tests (fast-check) of the promises the SDK makes about input it is given and answers it
 * receives. Fixed seed and modest runs here; `npm run fuzz` for a long run with a new seed.
 */

if (isFuzzRun) console.log(`fuzz seed ${SEED}`);

const KEY = 'sk_live_LEAKCHECK_Fz93-q1Lw';
const KINDS = {
  // Read when the table is printed, once every method is declared below.
  get inputs() {
    return `arguments and call options, to all ${METHODS.length} methods`;
  },
  paths: 'references with `/ .. ? # %` or spaces, in paths and queries',
  get answers() {
    return `answers (status, body, content type, validation mode), to all ${METHODS.length} methods`;
  },
  documents: 'strings and objects given to `decodeBase64` and `decodeDocument`',
};
const leaks = new LeakSearch(KEY);
let duplicated = 0;

interface Sent {
  method: string;
  url: URL;
  body: string;
}

/** Both clients over the mock, through a fetch that records every request that leaves the SDK. */
function recordingClients(options: Parameters<typeof clientsOver>[1] = {}) {
  const mock = createMockService({ apiKey: KEY });
  const sent: Sent[] = [];
  const clients = clientsOver(
    async (input, init) => {
      const request = new Request(input, init);
      sent.push({ method: request.method, url: new URL(request.url), body: await request.clone().text() });
      return mock.fetch(request);
    },
    { apiKey: KEY, ...options },
  );
  return { clients, sent };
}

/** The call's outcome. Every method returns a promise: one that throws before returning it fails here. */
async function outcomeOf(call: () => Promise<unknown>): Promise<{ value?: unknown; error?: unknown }> {
  let promise: Promise<unknown>;
  try {
    promise = call();
  } catch (error) {
    throw new Error(`threw synchronously instead of rejecting: ${String(error)}`);
  }
  try {
    return { value: await promise };
  } catch (error) {
    return { error };
  }
}

// ---------------------------------------------------------------------------------------------------------
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
const nastyReference = (prefix: string) =>
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
const keys = fc.oneof(
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
const values = fc.oneof(anyValue, edgeValues, fc.jsonValue({ maxDepth: 2 }));
/** What a service can send: JSON only. */
const jsonValues = fc.oneof(edgeValues, fc.jsonValue({ maxDepth: 2 }));
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
const requestOptions = fc.oneof(
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

interface MethodCase {
  name: string;
  args: fc.Arbitrary<unknown[]>;
  invoke(clients: Clients, args: unknown[], options: unknown): Promise<unknown>;
  /** The body the caller wrote, which must go out exactly as written. */
  body?(args: unknown[]): unknown;
}

// Untyped on purpose: the point is what happens at run time when the types are not respected.
type Loose = (...args: unknown[]) => Promise<unknown>;
const method =
  (area: keyof Clients, name: string) =>
  (clients: Clients, args: unknown[], options: unknown): Promise<unknown> =>
    (clients[area] as unknown as Record<string, Loose>)[name]!.call(clients[area], ...args, options);
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

const METHODS: MethodCase[] = [
  orders('createOrder', [near(orderInput())], ([order]) => order),
  orders('getOrder', [reference('EO-')]),
  orders('updateOrder', [reference('EO-'), near(update)], ([, order]) => order),
  orders('patchOrder', [reference('EO-'), near({ Tags: ['Fragile'] })]),
  orders('addAddressToOrder', [reference('EO-'), near(address)], ([, body]) => body),
  orders('updateAddressOnOrder', [reference('EO-'), near(address)], ([, body]) => body),
  orders('selectDeliveryOption', [reference('EDO-')], ([option]) => ({ Reference: option })),
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
      c.orders.searchConsignments(filter as never, {}, options as never).page(0),
  },
  orders('getPackageLabel', [reference('EC-'), reference('EP-'), near({ format: 'png' })]),
  orders('createConsignment', [near(consignmentInput())]),
  orders('updateConsignment', [reference('EC-'), near(consignmentInput())]),
  orders('patchConsignment', [reference('EC-'), near({ Tags: ['Fragile'] })]),
  orders('getConsignmentStatus', [reference('EC-')]),
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
  shipments('manifestShipmentGroup', [reference('sg_')]),
  shipments('getManifest', [reference('ma_')]),
  shipments('getTracking', [reference('sp_')]),
  shipments('getShipmentContentsTracking', [reference('sp_')]),
  {
    name: 'getTrackingByCustomReference',
    args: fc.tuple(
      fc.oneof(fc.constantFrom('ORDER-1001', 'EVENING RUN', ''), fc.string()),
      near({ pageSize: 5 }),
    ),
    invoke: async (c, [customReference, paging], options) =>
      c.shipments
        .getTrackingByCustomReference(customReference as never, paging as never, options as never)
        .page(0),
  },
  {
    name: 'getShipmentContentsTrackingByCustomReference',
    args: fc.tuple(fc.oneof(fc.constantFrom('LINE-1', 'a/b?c'), fc.string()), near({ pageSize: 10 })),
    invoke: async (c, [customReference, paging], options) =>
      c.shipments
        .getShipmentContentsTrackingByCustomReference(
          customReference as never,
          paging as never,
          options as never,
        )
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

/** Errors that promise nothing was sent. */
const refusedBeforeSending = (error: unknown) =>
  error instanceof RequestValidationError ||
  error instanceof ConfigurationError ||
  error instanceof RequestAbortedError;

describe('random input to every method', () => {
  it('gives random input to every method the reliability cases call, so to every declared operation', () => {
    expect(METHODS.map((entry) => entry.name).sort()).toEqual(OPERATIONS.map((entry) => entry.name).sort());
  });

  it.each(METHODS.map((entry) => [entry.name, entry] as const))(
    '%s: passes, or throws RequestValidationError (or ConfigurationError for bad call options) with nothing sent',
    async (_name, entry) => {
      const { clients, sent } = recordingClients({ maxRetries: 0 });
      await fc.assert(
        fc.asyncProperty(entry.args, requestOptions, async (args, options) => {
          count(KINDS.inputs);
          sent.length = 0;
          const { error } = await outcomeOf(() => entry.invoke(clients, args, options));
          if (error !== undefined && !(error instanceof ConsignkitError)) throw error;
          if (refusedBeforeSending(error)) {
            expect(sent).toEqual([]);
            return;
          }
          expect(sent.length).toBeGreaterThan(0);
          if (entry.body) expect(sent[0]!.body).toBe(JSON.stringify(entry.body(args)));
        }),
        fuzzParameters(60),
      );
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// References in paths.

interface PathCase {
  name: string;
  /** The path after the base URL, `{n}` standing for the n-th reference. */
  path: string;
  prefixes: string[];
  /** The area whose base the path is under, when its first segment does not say (area A has `labels/` too). */
  area?: 'orders' | 'shipments';
  invoke(clients: Clients, refs: string[]): Promise<unknown>;
}

const PATHS: PathCase[] = [
  {
    name: 'getOrder',
    path: 'orders/{0}',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.getOrder(r as never),
  },
  {
    name: 'updateOrder',
    path: 'orders/{0}',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.updateOrder(r as never, { ...update, OrderReference: r as never }),
  },
  {
    name: 'patchOrder',
    path: 'orders/{0}',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.patchOrder(r as never, { Tags: ['Fragile'] }),
  },
  {
    name: 'addAddressToOrder',
    path: 'orders/{0}/address',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.addAddressToOrder(r as never, address),
  },
  {
    name: 'updateAddressOnOrder',
    path: 'orders/{0}/address',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.updateAddressOnOrder(r as never, address),
  },
  {
    name: 'packOrder',
    path: 'orders/{0}/pack',
    prefixes: ['EO-'],
    invoke: (c, [r]) => c.orders.packOrder(r as never, { ...pack, OrderReference: r as never }),
  },
  {
    name: 'allocateWithCheapestQuote',
    path: 'allocation/{0}/allocatewithcheapestquote',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.allocateWithCheapestQuote(r as never),
  },
  {
    name: 'getCustomerManifest',
    path: 'consignments/customer/manifest/{0}',
    prefixes: [''],
    invoke: (c, [r]) => c.orders.getCustomerManifest(r as never),
  },
  {
    name: 'getConsignmentLabels',
    path: 'labels/{0}/PDF',
    prefixes: ['EC-'],
    area: 'orders',
    invoke: (c, [r]) => c.orders.getConsignmentLabels(r as never, { format: 'pdf' }),
  },
  {
    name: 'getPackageLabel',
    path: 'labels/package/{0}/{1}',
    prefixes: ['EC-', 'EP-'],
    area: 'orders',
    invoke: (c, [r, p]) => c.orders.getPackageLabel(r as never, p as never),
  },
  {
    name: 'getShippingLocation',
    path: 'shippinglocations/{0}',
    prefixes: [''],
    invoke: (c, [r]) => c.orders.getShippingLocation(r as never),
  },
  {
    name: 'getCommercialInvoice',
    path: 'consignments/docs/commercialinvoice/{0}',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.getCommercialInvoice(r as never),
  },
  {
    name: 'getTracking',
    path: 'tracking/{0}',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.getTracking(r as never),
  },
  {
    name: 'getConsignment',
    path: 'consignments/{0}',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.getConsignment(r as never),
  },
  {
    name: 'deallocateConsignment',
    path: 'consignments/{0}/deallocate',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.deallocateConsignment(r as never),
  },
  {
    name: 'cancelConsignment',
    path: 'consignments/{0}/cancel',
    prefixes: ['EC-'],
    invoke: (c, [r]) => c.orders.cancelConsignment(r as never),
  },
  {
    name: 'getShipmentGroup',
    path: 'shipment_groups/{0}',
    prefixes: ['sg_'],
    invoke: (c, [g]) => c.shipments.getShipmentGroup(g as never),
  },
  {
    name: 'closeShipmentGroup',
    path: 'shipment_groups/{0}/close',
    prefixes: ['sg_'],
    invoke: (c, [g]) => c.shipments.closeShipmentGroup(g as never),
  },
  {
    name: 'getDocuments',
    path: 'documents/{0}',
    prefixes: ['sp_'],
    area: 'shipments',
    invoke: (c, [s]) => c.shipments.getDocuments(s as never),
  },
  {
    name: 'getLabels',
    path: 'labels/{0}/pdf/203',
    prefixes: ['sp_'],
    invoke: (c, [r]) => c.shipments.getLabels(r as never, { format: 'PDF' }),
  },
  {
    name: 'getContentsLabel',
    path: 'labels/{0}/contents/{1}/zpl/300',
    prefixes: ['sp_', 'sc_'],
    invoke: (c, [s, r]) => c.shipments.getContentsLabel(s as never, r as never, { format: 'ZPL', dpi: 300 }),
  },
  {
    name: 'addShipmentToGroup',
    path: 'shipment_groups/{0}/shipments/{1}',
    prefixes: ['sg_', 'sp_'],
    invoke: (c, [g, s]) => c.shipments.addShipmentToGroup({ reference: g as never }, s as never),
  },
  {
    name: 'removeShipmentFromGroup (custom reference)',
    path: 'shipment_groups/custom_reference/{0}/latest/shipments/{1}',
    prefixes: ['', 'sp_'],
    invoke: (c, [g, s]) =>
      c.shipments.removeShipmentFromGroup({ customReference: g as never, version: 'latest' }, s as never),
  },
  {
    name: 'lockShipmentGroup',
    path: 'shipment_groups/{0}/lock',
    prefixes: ['sg_'],
    invoke: (c, [g]) => c.shipments.lockShipmentGroup(g as never),
  },
  {
    name: 'unlockShipmentGroup',
    path: 'shipment_groups/{0}/unlock',
    prefixes: ['sg_'],
    invoke: (c, [g]) => c.shipments.unlockShipmentGroup(g as never),
  },
];

const BASE_PATHS = { orders: '/', shipments: '/prosandbox/' };

describe('references holding /, .., ?, #, % or spaces', () => {
  it.each(PATHS.map((entry) => [entry.name, entry] as const))(
    '%s: never change the request path',
    async (_name, entry) => {
      const { clients, sent } = recordingClients({ maxRetries: 0 });
      const base = entry.area
        ? BASE_PATHS[entry.area]
        : entry.path.startsWith('labels') || entry.path.startsWith('shipment')
          ? BASE_PATHS.shipments
          : BASE_PATHS.orders;
      const template = `${base}${entry.path}`.split('/');
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(
            ...entry.prefixes.map((prefix) => fc.oneof(nastyReference(prefix), fc.constant(`${prefix}a..b`))),
          ),
          async (refs) => {
            count(KINDS.paths);
            sent.length = 0;
            const { error } = await outcomeOf(() => entry.invoke(clients, refs));
            if (error instanceof RequestValidationError) {
              expect(sent).toEqual([]);
              return;
            }
            expect(sent.length).toBeGreaterThan(0);
            for (const { url } of sent) {
              // The same segments as the template, each reference in exactly one of them, nothing in the query.
              const segments = url.pathname.split('/');
              expect(segments).toHaveLength(template.length);
              template.forEach((part, index) => {
                const placeholder = /^\{(\d)\}$/.exec(part);
                const expected = placeholder ? refs[Number(placeholder[1])] : part;
                expect(decodeURIComponent(segments[index]!)).toBe(expected);
              });
              expect(url.search).toBe('');
              expect(url.hash).toBe('');
            }
          },
        ),
        fuzzParameters(60),
      );
    },
  );

  it('getCustomerManifests: a shipping location travels in the query, whole, and nowhere else', async () => {
    const { clients, sent } = recordingClients({ maxRetries: 0 });
    await fc.assert(
      fc.asyncProperty(nastyReference('SL-'), async (location) => {
        count(KINDS.paths);
        sent.length = 0;
        await clients.orders.getCustomerManifests({ shippingLocationReference: location });
        expect(sent).toHaveLength(1);
        expect(sent[0]!.url.pathname).toBe('/consignments/customer/manifests');
        expect([...sent[0]!.url.searchParams]).toEqual([['shippingLocationReference', location]]);
      }),
      fuzzParameters(60),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Answers: random and mutated response bodies for every operation.

const PDF = btoa('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
const link = (rel: string, href: string) => ({ Rel: rel, Href: href });
const result = (reference: string) => ({
  IsSuccess: true,
  Message: 'ok',
  Data: reference,
  ApiLinks: [link('detail', `https://api.electioapp.com/consignments/${reference}`)],
});
const allocation = {
  StatusCode: 'Allocated',
  Description: 'Allocated to the cheapest service',
  ApiLinks: [link('label', 'https://api.electioapp.com/labels/EC-1')],
  ConsignmentLegs: [{ Leg: 1, TrackingReferences: ['TR1'], CarrierReference: 'C1', CarrierName: 'Acme' }],
  CarrierServiceName: 'Next day',
};
const resource = {
  reference: 'sg_1',
  custom_reference: 'evening-run',
  version: 2,
  message: 'done',
  _links: [
    {
      href: 'https://api.sorted.com/pro/shipment_groups/sg_1',
      rel: 'self',
      reference: 'sg_1',
      type: 'shipment_group',
    },
  ],
};
const deliveryOption = {
  Reference: 'EDO-000-79G-RXC',
  EstimatedDeliveryDate: { Date: '2026-01-07T00:00:00+00:00', Guaranteed: true, DayOfWeek: 'Wednesday' },
  CarrierServiceReference: 'RM-TRACKED48',
  Price: { Net: 2.67, Gross: 3.2, Currency: { IsoCode: 'GBP' } },
};
const label = { file: PDF, content_type: 'application/pdf', document_type: 'label', dpi: 203, copies: 1 };

const QUOTE = {
  QuoteReference: '9b7c2f10-4e1a-4c3b-8d2e-5a6f7e8d9c01',
  ExpiryDate: '2026-01-06T00:00:00+00:00',
  MpdCarrierServiceReference: 'RM-TRACKED48',
  MpdCarrierServiceSource: 2,
  Price: { Net: 3.1, Gross: 3.72, VatRate: { Rate: 0.2 }, VatAmount: 0.62, Currency: { IsoCode: 'GBP' } },
};

/** A valid answer of each operation, in one of the shapes the real service sends. */
const SAMPLES: Record<string, unknown> = {
  getCarrierServices: {
    MpdCarrierServices: [{ Reference: 'RM-TRACKED48', Name: 'Tracked 48' }],
    Success: true,
  },
  getCarrierServicesForSubscription: [{ Reference: 'RM-TRACKED48', Status: 1 }],
  getCarriers: [{ Reference: 'ROYALMAIL', Name: 'Royal Mail' }],
  getCollectionCalendar: {
    MpdCarrierReference: 'ROYALMAIL',
    CalendarRules: [{ Day: 'Monday' }],
    CalendarExceptions: [],
  },
  getPackageSizes: [
    { Reference: 'SMALL-PARCEL', Length: 30, Width: 20, Height: 10, Weight: 1, IsDefault: true },
  ],
  addPackage: { Reference: 'EP-1', Description: 'Spare parts', Items: [], MetaData: [] },
  deletePackage: '',
  dispatchConsignments: [{ Status: 'Success', HttpStatusCode: 200, Message: null }],
  getConsignmentWithMetadata: { Reference: 'EC-1', ConsignmentState: 'Allocated', MetaData: [] },
  getFlattenedTracking: {
    ConsignmentReferenceForAllLegsAssignedByMpd: 'EC-1',
    TrackedPackages: [{ Events: [{ Code: 'DELIVERED', CarrierServiceName: 'Tracked 48' }] }],
  },
  getShipmentContentsTracking: {
    shipment_reference: 'sp_1',
    shipment_contents: [{ reference: 'sc_1', carrier_references: ['1'], events: [] }],
  },
  getTrackingByCustomReference: {
    tracking_responses: [{ shipment_reference: 'sp_1', carrier_details: { reference: 'DPD' }, events: [] }],
    total_results: 1,
    take: 10,
    skip: 0,
  },
  getShipmentContentsTrackingByCustomReference: {
    tracking_contents_responses: [{ shipment_reference: 'sp_1', shipment_contents: [] }],
    total_results: 1,
  },
  createOrder: [link('Order', 'https://api.electioapp.com/orders/EO-000-002-0TS')],
  getOrder: { ...orderInput(), OrderReference: 'EO-1', Metadata: [{ KeyValue: 'k', StringValue: 'v' }] },
  updateOrder: '',
  patchOrder: { ...orderInput(), OrderReference: 'EO-1' },
  addAddressToOrder: '',
  updateAddressOnOrder: '',
  selectDeliveryOption: { SelectOrderResults: [{ OrderReference: 'EO-000-002-0TS', Status: 201 }] },
  packOrder: {
    Results: [
      {
        Result: 'ConsignmentCreated',
        ApiLinks: [link('Consignment', 'https://api.electioapp.com/consignments/EC-1')],
      },
      { Result: 'ReturnConsignmentCreated', ApiLinks: [link('Consignment', 'https://x/consignments/EC-2')] },
    ],
  },
  allocateConsignments: [allocation],
  allocateWithCheapestQuote: allocation,
  manifestConsignments: [result('EC-1')],
  manifestConsignmentsFromQuery: { Message: 'Query found 1 consignment(s)', FailedConsignments: [] },
  setReadyToShip: [result('EC-1')],
  setNotReadyToShip: [result('EC-1')],
  getCustomerManifests: [
    { ManifestReference: '0123456789abcdef0123456789abcdef', CarrierName: 'Acme', BookingsCount: 3 },
  ],
  getCustomerManifest: PDF,
  getConsignmentLabels: { File: PDF, ContentType: 'application/pdf' },
  getShippingLocations: [
    { Reference: 'SL-LONDON', Name: 'London', Country: { IsoCode: { TwoLetterCode: 'GB' } } },
  ],
  getShippingLocation: { Reference: 'SL-LONDON', Name: 'London', Town: 'London' },
  getDeliveryOptions: { DeliveryOptions: [deliveryOption] },
  getPickupOptions: {
    Distance: 1,
    MaxResults: 5,
    Locations: [
      { Name: 'Corner News', ShopReference: 'GB1', Distance: 0.2, DeliveryOptions: [deliveryOption] },
    ],
  },
  getCommercialInvoice: PDF,
  getTracking: {
    ConsignmentReferenceForAllLegsAssignedByMpd: 'EC-1',
    TrackedPackages: [{ Legs: [{ CarrierServiceName: 'Tracked 48', Events: [{ Code: 'Delivered' }] }] }],
  },
  getConsignment: { Reference: 'EC-1', ConsignmentState: 'Allocated', Allocation: null, Packages: [] },
  deallocateConsignment: '',
  deallocateConsignments: [{ ...result('EC-1'), ApiLinks: null }],
  cancelConsignment: '',
  cancelConsignments: [result('EC-1')],
  searchConsignments: { Count: 1, ConsignmentSummaries: [{ Reference: 'EC-1', State: 'Allocated' }] },
  getConsignmentReferences: ['EC-1', 'EC-2'],
  createShipmentGroup: resource,
  getShipmentGroup: { reference: 'sg_1', state: 'open', version: 1, shipments: [], created: '2026-01-05' },
  closeShipmentGroup: resource,
  getDocuments: [{ file: PDF, content_type: 'application/pdf', document_type: 'cn22' }],
  getDocument: { file: PDF, content_type: 'application/pdf', document_type: 'commercial_invoice' },
  getPackageLabel: { File: PDF, ContentType: null },
  getLabels: label,
  getContentsLabel: [label, { ...label, copies: null }],
  updateShipmentGroup: resource,
  addShipmentToGroup: resource,
  removeShipmentFromGroup: resource,
  lockShipmentGroup: resource,
  unlockShipmentGroup: resource,
  createConsignment: [link('Link', 'https://api.electioapp.com/consignments/EC-000-0K4-7TQ')],
  updateConsignment: [link('Link', 'https://api.electioapp.com/consignments/EC-1')],
  patchConsignment: { Reference: 'EC-1', ConsignmentState: 'Unallocated', Packages: [], Addresses: [] },
  getConsignmentStatus: {
    ConsignmentReferenceForAllLegsAssignedByMpd: 'EC-1',
    Status: 'Allocated',
    ExpectedDeliveryDate: null,
    ApiLink: link('Link', 'https://api.electioapp.com/consignments/EC-1'),
  },
  getConsignmentsForOrders: {
    OrderConsignmentsResults: [
      {
        OrderReference: 'EO-1',
        Status: 200,
        Message: 'ok',
        Consignments: [{ ConsignmentReference: 'EC-1' }],
      },
    ],
  },
  getAssignedShippingLocations: [{ Reference: 'SL-LONDON', Name: 'London' }],
  getQuotes: { QuoteRequestReference: 'q', Quotes: [QUOTE], Message: null, UnqualifiedServices: [] },
  getQuotesForConsignment: {
    QuoteRequestReference: 'q',
    Quotes: [{ ...QUOTE, ConsignmentReference: 'EC-1' }],
    Message: null,
    UnqualifiedServices: [{ MpdCarrierServiceReference: 'UPS', ExclusionReason: 'not configured' }],
  },
  getServiceGroupQuotes: [{ Reference: 'economy', Name: 'Economy', CheapestQuote: QUOTE }],
  allocateWithCarrierService: [allocation],
  allocateWithQuote: [allocation],
  allocateWithServiceGroup: allocation,
  allocateWithServiceFilters: [allocation],
  selectDeliveryOptionAsConsignment: allocation,
  selectDeliveryOptionsAsOrders: {
    SelectOrderResults: [{ DeliveryOptionReference: 'EDO-1', OrderReference: 'EO-000-002-0TS', Status: 201 }],
  },
  getDeliveryOptionSummary: { Reference: 'EPC-1', DeliveryOptions: ['2026-01-07T00:00:00'], TimeSlots: null },
  getDeliveryOption: {
    Reference: null,
    ConsignmentDetail: { Weight: { Kg: 0 } },
    DeliveryOption: deliveryOption,
  },
  reservePickupOption: { ReservationReference: 'RES-1' },
  getCustomsDocuments: { CommercialInvoiceDocuments: [{ Key: 'INV', Value: PDF }], CN22Documents: null },
  getCn22: PDF,
  getCn23: { File: PDF, ContentType: 'application/pdf' },
};

const every = (check: (item: unknown) => boolean) => (value: unknown) =>
  Array.isArray(value) && value.every(check);
const matches = (schema: { safeParse(value: unknown): { success: boolean } }) => (value: unknown) =>
  schema.safeParse(value).success;
const orderReference = matches(OrderReferenceSchema);
const resourceResult = matches(ResourceResultSchema);
const pdfBytes = (value: unknown) =>
  value instanceof Uint8Array && new TextDecoder().decode(value.subarray(0, 5)) === '%PDF-';
const quoteResult = (value: unknown) => {
  const result = value as { Quotes?: unknown; UnqualifiedServices?: unknown };
  return every(matches(QuoteSchema))(result.Quotes) && Array.isArray(result.UnqualifiedServices);
};
const operationResults = every(matches(OperationResultSchema));
const labels = every(matches(LabelDocumentSchema));

/** What a strict client may resolve with, per operation: the documented result type. */
/**
 * What an operation returns when it returns its checked answer as is (no `result` shapes it): what its
 * schema accepts. The area B operations are checked this way; the others are listed in {@link TYPED}.
 */
function declaredType(name: string): (value: unknown) => boolean {
  const { response, result } = declaredOperation(name) as { response?: unknown; result?: unknown };
  if (response === undefined) return (value) => value === undefined;
  if (result === undefined) return matches(response as Parameters<typeof matches>[0]);
  return (value) => value !== undefined;
}

const TYPED: Record<string, (value: unknown) => boolean> = {
  // A page of a read by custom reference: its entries, the total, and the answer it came in.
  getTrackingByCustomReference: (value) => Array.isArray((value as { entries?: unknown })?.entries),
  getShipmentContentsTrackingByCustomReference: (value) =>
    Array.isArray((value as { entries?: unknown })?.entries),
  createOrder: orderReference,
  getOrder: matches(OrderSchema),
  updateOrder: (value) => value === undefined,
  patchOrder: (value) =>
    matches(OrderSchema)(value) && (value as { OrderReference: string }).OrderReference === 'EO-1',
  addAddressToOrder: (value) => value === undefined,
  updateAddressOnOrder: (value) => value === undefined,
  selectDeliveryOption: orderReference,
  packOrder: (value) => Array.isArray(value) && value.length > 0 && value.every((item) => /^EC-/.test(item)),
  allocateConsignments: every(matches(AllocationSummarySchema)),
  allocateWithCheapestQuote: matches(AllocationSummarySchema),
  manifestConsignments: operationResults,
  manifestConsignmentsFromQuery: matches(ManifestFromQueryResultSchema),
  setReadyToShip: operationResults,
  setNotReadyToShip: operationResults,
  getCustomerManifests: every(matches(ManifestSummarySchema)),
  getCustomerManifest: (value) =>
    value instanceof Uint8Array && new TextDecoder().decode(value.subarray(0, 5)) === '%PDF-',
  getConsignmentLabels: matches(ConsignmentLabelSchema),
  getShippingLocations: every(matches(ShippingLocationSchema)),
  getShippingLocation: matches(ShippingLocationSchema),
  getDeliveryOptions: every(matches(DeliveryOptionSchema)),
  getPickupOptions: every(matches(PickupLocationSchema)),
  getCommercialInvoice: (value) =>
    value instanceof Uint8Array && new TextDecoder().decode(value.subarray(0, 5)) === '%PDF-',
  getTracking: matches(TrackingSchema),
  getConsignment: matches(ConsignmentSchema),
  deallocateConsignment: (value) => value === undefined,
  deallocateConsignments: operationResults,
  cancelConsignment: (value) => value === undefined,
  cancelConsignments: operationResults,
  searchConsignments: matches(ConsignmentSearchPageSchema),
  getConsignmentReferences: (value) =>
    Array.isArray(value) && value.every((item) => typeof item === 'string'),
  createShipmentGroup: resourceResult,
  getShipmentGroup: matches(ShipmentGroupSchema),
  closeShipmentGroup: resourceResult,
  getDocuments: every(matches(ShipmentDocumentSchema)),
  getDocument: matches(ShipmentDocumentSchema),
  getPackageLabel: matches(ConsignmentLabelSchema),
  getLabels: labels,
  getContentsLabel: labels,
  updateShipmentGroup: resourceResult,
  addShipmentToGroup: resourceResult,
  removeShipmentFromGroup: resourceResult,
  lockShipmentGroup: resourceResult,
  unlockShipmentGroup: resourceResult,
  createConsignment: (value) => typeof value === 'string' && /^EC-/.test(value),
  updateConsignment: (value) => value === undefined,
  patchConsignment: (value) => matches(ConsignmentSchema)(value),
  getConsignmentStatus: matches(ConsignmentStatusSchema),
  getConsignmentsForOrders: every((item) => Array.isArray((item as { Consignments?: unknown }).Consignments)),
  getAssignedShippingLocations: every(matches(ShippingLocationSchema)),
  getQuotes: quoteResult,
  getQuotesForConsignment: quoteResult,
  getServiceGroupQuotes: every(matches(ServiceGroupQuoteSchema)),
  allocateWithCarrierService: every(matches(AllocationSummarySchema)),
  allocateWithQuote: matches(AllocationSummarySchema),
  allocateWithServiceGroup: matches(AllocationSummarySchema),
  allocateWithServiceFilters: every(matches(AllocationSummarySchema)),
  selectDeliveryOptionAsConsignment: (value) =>
    /^EC-/.test(String((value as { consignmentReference?: unknown }).consignmentReference)) &&
    matches(AllocationSummarySchema)((value as { allocation?: unknown }).allocation),
  selectDeliveryOptionsAsOrders: every(
    (item) => typeof (item as { DeliveryOptionReference?: unknown }).DeliveryOptionReference === 'string',
  ),
  getDeliveryOptionSummary: (value) =>
    Array.isArray((value as { DeliveryOptions?: unknown }).DeliveryOptions),
  getDeliveryOption: matches(DeliveryOptionDetailsSchema),
  reservePickupOption: (value) => typeof value === 'object' && value !== null,
  getCustomsDocuments: (value) =>
    ['commercialInvoices', 'cn22', 'cn23'].every((key) =>
      every((document) => pdfBytes((document as { pdf: unknown }).pdf))(
        (value as Record<string, unknown>)[key],
      ),
    ),
  getCn22: pdfBytes,
  getCn23: pdfBytes,
};

const STATUSES = [
  200, 200, 200, 200, 201, 202, 207, 400, 401, 403, 404, 405, 409, 410, 418, 429, 500, 502, 503, 521, 531,
];
const NO_BODY = new Set([204, 205, 304]);

interface Answer {
  status: number;
  body: unknown;
  raw: boolean;
  contentType: string | undefined;
  validation: ValidationMode;
}

const answers = (sample: unknown) =>
  fc.record({
    status: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...STATUSES) },
      fc.constantFrom(204, 299, 301, 399, 599),
    ),
    body: fc.oneof(
      { weight: 1, arbitrary: fc.constant(sample) },
      { weight: 5, arbitrary: mutated(sample, fc.oneof(jsonValues, fc.constant(PDF)), keys) },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
    ),
    // A raw body is sent as text (HTML, broken JSON, bare Base64), not JSON-encoded.
    raw: fc.boolean(),
    contentType: fc.constantFrom('application/json; charset=utf-8', 'text/html', 'text/plain', undefined),
    validation: fc.constantFrom<ValidationMode>('strict', 'warn', 'off'),
  });

/** The body as a service would send it; `undefined` when JSON cannot hold it (a cycle): no service sends that. */
function bodyText(answer: Answer): string | undefined {
  if (answer.raw && typeof answer.body === 'string') return answer.body;
  try {
    return JSON.stringify(answer.body) ?? 'undefined';
  } catch {
    return undefined;
  }
}

function respond(answer: Answer, text: string): Response {
  const headers: Record<string, string> = answer.contentType ? { 'content-type': answer.contentType } : {};
  return new Response(NO_BODY.has(answer.status) ? null : text, { status: answer.status, headers });
}

describe('random and mutated answers to every operation', () => {
  it.each(OPERATIONS.map((operation) => [operation.name, operation] as const))(
    '%s: a typed result, ResponseValidationError, ApiError or (allocation) AllocationError, its 521 included; never anything else',
    async (_name, operation) => {
      let current: { answer: Answer; text: string } | undefined;
      let requests = 0;
      // Sends of the first request again: a later request elsewhere (patchOrder's write, the read of an
      // unallocated consignment's reason) is no duplicate.
      let resent = 0;
      let first = '';
      // The first request gets the answer under test; any later one (patchOrder's write) a plain 200.
      const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        await request.text();
        requests += 1;
        const key = `${request.method} ${request.url}`;
        if (requests === 1) first = key;
        else if (key === first) resent += 1;
        return requests === 1 && current
          ? respond(current.answer, current.text)
          : new Response(null, { status: 200 });
      };
      const clients = {
        strict: clientsOver(fetch, { apiKey: KEY, maxRetries: 0 }),
        warn: clientsOver(fetch, { apiKey: KEY, maxRetries: 0, validation: 'warn' }),
        off: clientsOver(fetch, { apiKey: KEY, maxRetries: 0, validation: 'off' }),
      };
      await fc.assert(
        fc.asyncProperty(answers(SAMPLES[operation.name]), async (answer) => {
          const text = bodyText(answer);
          fc.pre(text !== undefined);
          count(KINDS.answers);
          current = { answer, text };
          requests = 0;
          resent = 0;
          const { value, error } = await outcomeOf(() => operation.call(clients[answer.validation]));
          if (error !== undefined) {
            leaks.error(operation.name, error);
            // A 2xx allocation answer without a consignment's summary says it was not allocated.
            const notAllocated = error instanceof AllocationError && answer.status < 300;
            // Area B's 521 to an allocation is a refusal, not a failure of the service: never an ApiError.
            const refused = error instanceof ShipmentAllocationError && answer.status === 521;
            if (
              !(
                error instanceof ResponseValidationError ||
                error instanceof ApiError ||
                notAllocated ||
                refused
              )
            ) {
              throw error;
            }
            expect(error instanceof ApiError || refused).toBe(answer.status >= 300);
          } else {
            expect(answer.status).toBeLessThan(300);
            // patchOrder and patchConsignment check what they read in every mode: they write it back.
            const checked =
              answer.validation === 'strict' ||
              operation.name === 'patchOrder' ||
              operation.name === 'patchConsignment';
            if (checked) expect((TYPED[operation.name] ?? declaredType(operation.name))(value)).toBe(true);
          }
          if (!operation.repeatable) duplicated += resent;
        }),
        fuzzParameters(60),
      );
      expect(leaks.leaks).toEqual([]);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// Documents.

const WHITESPACE = /[\t\n\f\r ]/g;
/** Node's Buffer as the oracle: text is valid Base64 exactly when decoding and re-encoding gives it back. */
const canonicalBase64 = (text: string) => {
  const compact = text.replace(WHITESPACE, '');
  return Buffer.from(compact, 'base64').toString('base64') === compact;
};
const base64Text = fc.oneof(
  fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= \n\r\t-_.'),
  }),
  // Mostly the alphabet, with characters beyond ASCII whose low byte is in it: 'Ł' (U+0141) reads as 'A'
  // to Node's Buffer, 'Ｄ' (U+FF24) as '$'… Their length is a multiple of 4 often enough to reach Buffer.
  fc.string({
    unit: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...'ABCDQUJwxyz0189+/') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('\u0141', '\u0142', '\u0151', '\u4a4a', '\uff24', '\u00e9', '\u00c1'),
      },
    ),
  }),
  fc.string({ unit: 'binary' }),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('base64')),
  fc
    .tuple(fc.uint8Array({ maxLength: 200 }), fc.constantFrom(4, 8, 76), fc.constantFrom('\n', '\r\n', ' '))
    .map(([bytes, width, separator]) => {
      const text = Buffer.from(bytes).toString('base64');
      return text.replace(new RegExp(`(.{${width}})`, 'g'), `$1${separator}`);
    }),
  // Wrapped as MIME and PEM wrap it, then one character put in, taken out or replaced anywhere: Node's
  // decoder takes wrapped text on its own terms, and must be held to the strict rules there too.
  fc
    .tuple(
      fc.uint8Array({ minLength: 40, maxLength: 300 }),
      fc.constantFrom(64, 76),
      fc.constantFrom('\n', '\r\n'),
      fc.boolean(),
      fc.nat(),
      fc.constantFrom('', 'A', '=', '-', '_', ' ', '\n', '\r', '!', '\u0141'),
      fc.constantFrom(0, 1),
    )
    .map(([bytes, width, separator, endsWithBreak, at, character, replaced]) => {
      const lines =
        Buffer.from(bytes)
          .toString('base64')
          .match(new RegExp(`.{1,${width}}`, 'g')) ?? [];
      const text = lines.join(separator) + (endsWithBreak ? separator : '');
      const position = at % (text.length + 1);
      return text.slice(0, position) + character + text.slice(position + replaced);
    }),
);

describe('decodeDocument and decodeBase64 on random strings', () => {
  it('decodeBase64 decodes exactly the valid Base64 (as Buffer reads it) and rejects the rest with DocumentError', () => {
    fc.assert(
      fc.property(base64Text, (text) => {
        count(KINDS.documents);
        let decoded: Uint8Array | undefined;
        try {
          decoded = decodeBase64(text);
        } catch (error) {
          if (!(error instanceof ConsignkitError)) throw error;
        }
        expect(decoded !== undefined).toBe(canonicalBase64(text));
        if (decoded)
          expect(Buffer.from(decoded).equals(Buffer.from(text.replace(WHITESPACE, ''), 'base64'))).toBe(true);
      }),
      fuzzParameters(400),
    );
  });

  it('decodeDocument gives bytes of a recognised format, or a ConsignkitError', () => {
    const magic = fc.constantFrom('%PDF-1.7\n', 'BM', '^XA^FO10,10^FDx^FS^XZ', '\ufeff ^XA', '', 'GIF89a');
    const file = fc.oneof(
      base64Text,
      fc
        .tuple(magic, fc.uint8Array({ maxLength: 40 }))
        .map(([start, rest]) => Buffer.concat([Buffer.from(start), rest]).toString('base64')),
    );
    const contentType = fc.oneof(
      fc.constantFrom(
        'application/pdf',
        'text/plain',
        'image/bmp',
        'image/x-ms-bmp',
        'application/octet-stream',
        '',
      ),
      fc.string(),
      anyValue,
    );
    const document = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({ file, content_type: contentType, document_type: values, dpi: values }),
      },
      { weight: 1, arbitrary: anyValue },
    );
    fc.assert(
      fc.property(document, (doc) => {
        count(KINDS.documents);
        try {
          const decoded = decodeDocument(doc as never);
          expect(decoded.bytes).toBeInstanceOf(Uint8Array);
          expect(['pdf', 'zpl', 'bmp']).toContain(decoded.format);
        } catch (error) {
          if (!(error instanceof ConsignkitError)) throw error;
        }
      }),
      fuzzParameters(400),
    );
  });
});

describe('the README', () => {
  afterAll(() => {
    console.log(
      `\ninputs fuzzed (seed ${SEED}):`,
      fuzzed,
      `requests duplicated: ${duplicated}, keys leaked: ${leaks.leaks.length}`,
    );
  });

  it("shows this run's fuzzing figures", () => {
    expect(duplicated).toBe(0);
    expect(leaks.leaks).toEqual([]);
    // Only the fixed-seed run of the whole file has the figures the README shows.
    if (isFuzzRun || Object.keys(fuzzed).length !== Object.keys(KINDS).length) return;
    const total = Object.values(fuzzed).reduce((sum, n) => sum + n, 0);
    const rows = Object.entries(fuzzed).map(([what, n]) => [what, n.toLocaleString('en')]);
    const table = markdownTable(
      [`inputs fuzzed (seed ${FIXED_SEED})`, 'count'],
      [...rows, ['**total**', `**${total.toLocaleString('en')}**`]],
    );
    expectReadmeSection(
      'fuzz',
      `${table}\nKeys leaked: ${leaks.leaks.length}, in ${leaks.searched.toLocaleString('en')} strings searched (every error, in every form; the key is among the values the answers are built from).\n`,
    );
  });
});
