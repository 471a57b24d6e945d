import fc from 'fast-check';
import {
  AllocationSummarySchema,
  ConsignmentAuditMessageSchema,
  ConsignmentLabelSchema,
  ConsignmentSchema,
  ConsignmentSearchPageSchema,
  DeliveryOptionSchema,
  LabelDocumentSchema,
  LateConsignmentsSchema,
  ManifestFromQueryResultSchema,
  ManifestSummarySchema,
  ManifestsViewSchema,
  OperationResultSchema,
  OrderReferenceSchema,
  OrderSchema,
  PickupLocationSchema,
  ResourceResultSchema,
  ShipmentDocumentSchema,
  ShipmentGroupSchema,
  ShipmentGroupSummarySchema,
  ShippingLocationSchema,
  TrackingSchema,
  type ValidationMode,
} from '../../src/index.js';
import { ConsignmentStatusSchema } from '../../src/orders/consignments/index.js';
import { DeliveryOptionDetailsSchema } from '../../src/orders/delivery-options/index.js';
import { QuoteSchema, ServiceGroupQuoteSchema } from '../../src/orders/quotes.js';
import { orderInput } from '../support/fixtures.js';
import { declaredOperation } from '../support/operations.js';
import { mutated } from './fuzz.js';
import { jsonValues, keys } from './fuzz-inputs.js';

/** A valid answer of each operation, what its method must return, and random answers made from them. */

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
/** Allocate and get labels: the consignment's result, allocated, with its label. */
const allocatedWithLabels = {
  Responses: [
    {
      LabelType: 'Consignment',
      StatusCode: 200,
      LabelContent: PDF,
      LabelFileType: 'application/pdf',
      Result: 'ConsignmentAllocated',
      ConsignmentLegs: allocation.ConsignmentLegs,
      CarrierServiceName: 'Next day',
      Message: 'Allocated',
      ApiLinks: [link('Consignment', 'https://api.electioapp.com/consignments/EC-1')],
    },
  ],
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
export const SAMPLES: Record<string, unknown> = {
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
  getDefaultPackageSize: {
    Reference: 'SMALL-PARCEL',
    Length: 30,
    Width: 20,
    Height: 10,
    Weight: 1,
    IsDefault: true,
  },
  getServiceGroups: [{ Reference: 'economy', Name: 'Economy', Description: null }],
  getServiceGroup: { Reference: 'economy', Name: 'Economy', Description: 'Tracked' },
  getServiceGroupSummaries: [{ Reference: 'economy', Name: 'Economy' }],
  getServiceGroupSummary: { Reference: 'economy', Name: 'Economy' },
  isServiceGroupReferenceAvailable: true,
  addPackage: { Reference: 'EP-1', Description: 'Spare parts', Items: [], MetaData: [] },
  deletePackage: '',
  removePackage: '',
  updatePackage: '',
  setPackageCustomerReference: '',
  addItem: '',
  addItems: '',
  moveItem: '',
  removeItem: '',
  setItemCustomerReferenceByLabelBarcode: '',
  addOrderPackages: true,
  updateOrderPackages: true,
  deleteOrderPackages: true,
  addOrderPackageItems: true,
  updateOrderPackageItems: true,
  deleteOrderPackageItems: true,
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
  getCustomerManifestsFiltered: {
    Manifests: [{ ManifestReference: '0123456789abcdef0123456789abcdef', CarrierName: 'Acme' }],
    TotalRecords: 1,
    PageSize: 100,
    ShippingLocationRefs: [{ Reference: 'SL-LONDON', Name: 'London' }],
    CarrierServices: null,
  },
  getCustomerManifestFileSentToCarrier: btoa('ConsignmentReference,Carrier\r\nEC-1,Acme\r\n'),
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
  getShipmentGroupByCustomReference: {
    reference: 'sg_1',
    custom_reference: 'evening-run',
    version: '2',
    state: 'open',
    shipments: ['sp_1'],
    created: '2026-01-05',
  },
  getShipmentGroupsByCustomReference: [
    {
      reference: 'sg_1',
      custom_reference: 'evening-run',
      version: 1,
      _links: [{ rel: 'self', href: '/pro/shipment_groups/sg_1' }],
    },
  ],
  manifestShipmentsByQuery: {
    results: [
      {
        reference: 'ma_1',
        carrier: { reference: 'XPDI', name: 'XPD International', service_reference: 'XPDISU' },
        message: '4 shipments have been queued for manifest',
        state: 'manifesting',
        shipment_count: 4,
        _links: [
          { href: 'https://beta.sorted.com/pro/shipments/manifest/ma_1', rel: 'self', type: 'manifest' },
        ],
      },
    ],
  },
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
  getConsignmentOnly: { Reference: 'EC-1', ConsignmentState: 'Allocated', MetaData: [] },
  getConsignmentAuditMessages: [
    {
      Id: '4b1c2a0e-9f3d-4e55-8a61-0c7d2b9e6f10',
      Timestamp: '2026-01-05T09:00:01+00:00',
      ConsignmentReference: 'EC-1',
      Message: 'Consignment created',
      Severity: 'Low',
      Category: 'ConsignmentLifecycle',
      Username: 'System',
    },
  ],
  countConsignments: 3,
  getLateConsignments: {
    TotalNumberOfLateConsignments: 1,
    ConsignmentSummaries: [{ Reference: 'EC-1', State: 'Allocated', IsLate: true }],
  },
  updateConsignmentAddress: '',
  setConsignmentDetails: '',
  setConsignmentCustomerReference: '',
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
  allocateConsignmentsWithServiceGroup: [allocation],
  allocateAndGetLabels: allocatedWithLabels,
  allocateWithCarrierServiceAndGetLabels: allocatedWithLabels,
  allocateWithServiceGroupAndGetLabels: allocatedWithLabels,
  allocateWithQuoteAndGetLabels: allocatedWithLabels,
  allocateAllUnallocated: [allocation],
  allocateAllWithCarrierService: [allocation],
  allocateAllWithServiceGroup: [allocation],
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
/** Allocate and get labels: the consignment, its summary, and its label as Get Labels returns one. */
const allocatedWithLabelsResult = (value: unknown) => {
  const { consignmentReference, summary, label } = (value ?? {}) as Record<string, unknown>;
  return (
    /^EC-/.test(String(consignmentReference)) &&
    matches(AllocationSummarySchema)(summary) &&
    matches(ConsignmentLabelSchema)(label)
  );
};

/** What a strict client may resolve with, per operation: the documented result type. */
/**
 * What an operation returns when it returns its checked answer as is (no `result` shapes it): what its
 * schema accepts. The area B operations are checked this way; the others are listed in {@link TYPED}.
 */
export function declaredType(name: string): (value: unknown) => boolean {
  const { response, result } = declaredOperation(name) as { response?: unknown; result?: unknown };
  if (response === undefined) return (value) => value === undefined;
  if (result === undefined) return matches(response as Parameters<typeof matches>[0]);
  return (value) => value !== undefined;
}

export const TYPED: Record<string, (value: unknown) => boolean> = {
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
  getCustomerManifestsFiltered: (value) =>
    matches(ManifestsViewSchema)(value) && Array.isArray((value as { Manifests?: unknown }).Manifests),
  getCustomerManifestFileSentToCarrier: (value) => value instanceof Uint8Array,
  isServiceGroupReferenceAvailable: (value) => typeof value === 'boolean',
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
  getShipmentGroupByCustomReference: matches(ShipmentGroupSchema),
  getShipmentGroupsByCustomReference: every(matches(ShipmentGroupSummarySchema)),
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
  getConsignmentAuditMessages: every(matches(ConsignmentAuditMessageSchema)),
  getLateConsignments: matches(LateConsignmentsSchema),
  getConsignmentsForOrders: every((item) => Array.isArray((item as { Consignments?: unknown }).Consignments)),
  getAssignedShippingLocations: every(matches(ShippingLocationSchema)),
  getQuotes: quoteResult,
  getQuotesForConsignment: quoteResult,
  getServiceGroupQuotes: every(matches(ServiceGroupQuoteSchema)),
  allocateWithCarrierService: every(matches(AllocationSummarySchema)),
  allocateWithQuote: matches(AllocationSummarySchema),
  allocateWithServiceGroup: matches(AllocationSummarySchema),
  allocateWithServiceFilters: every(matches(AllocationSummarySchema)),
  allocateConsignmentsWithServiceGroup: every(matches(AllocationSummarySchema)),
  allocateAndGetLabels: allocatedWithLabelsResult,
  allocateWithCarrierServiceAndGetLabels: allocatedWithLabelsResult,
  allocateWithServiceGroupAndGetLabels: allocatedWithLabelsResult,
  allocateWithQuoteAndGetLabels: allocatedWithLabelsResult,
  allocateAllUnallocated: every(matches(AllocationSummarySchema)),
  allocateAllWithCarrierService: every(matches(AllocationSummarySchema)),
  allocateAllWithServiceGroup: every(matches(AllocationSummarySchema)),
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

export interface Answer {
  status: number;
  body: unknown;
  raw: boolean;
  contentType: string | undefined;
  validation: ValidationMode;
}

export const answers = (sample: unknown) =>
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
export function bodyText(answer: Answer): string | undefined {
  if (answer.raw && typeof answer.body === 'string') return answer.body;
  try {
    return JSON.stringify(answer.body) ?? 'undefined';
  } catch {
    return undefined;
  }
}

export function respond(answer: Answer, text: string): Response {
  const headers: Record<string, string> = answer.contentType ? { 'content-type': answer.contentType } : {};
  return new Response(NO_BODY.has(answer.status) ? null : text, { status: answer.status, headers });
}
