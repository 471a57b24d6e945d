import * as z from 'zod/mini';
import { ResponseValidationError } from '../core/errors.js';
import {
  type ConsignmentReference,
  ConsignmentReferenceSchema,
  DeliveryOptionReferenceSchema,
  ManifestReferenceSchema,
  type OrderReference,
  OrderReferenceSchema,
  PackageReferenceSchema,
  ShippingLocationReferenceSchema,
} from '../core/references.js';
import { type Call, defineOperation } from '../core/transport.js';
import { decodePdf } from '../documents/decode.js';
import {
  type DeliveryOption,
  DeliveryOptionsRequestSchema,
  DeliveryOptionsResponseSchema,
  PickupOptionsRequestSchema,
  PickupOptionsResponseSchema,
  ShippingLocationSchema,
  TrackingSchema,
} from './discovery.js';
import { ConsignmentSchema, ConsignmentSearchPageSchema } from './lifecycle.js';
import {
  AddressSchema,
  AllocationSummarySchema,
  type ApiLink,
  CONSIGNMENT_LABEL_FORMATS,
  ConsignmentLabelSchema,
  ConsignmentReferenceListSchema,
  ConsignmentReferencesBodySchema,
  CreateOrderInputSchema,
  CustomerManifestResponseSchema,
  ManifestFromQueryResultSchema,
  ManifestQuerySchema,
  ManifestSummarySchema,
  manifestQueryBody,
  manifestQueryOutcome,
  OperationResultSchema,
  OrderCreatedResponseSchema,
  OrderSchema,
  PackOrderRequestSchema,
  PackOrderResponseSchema,
  UpdateOrderInputSchema,
  withReplaceableKeys,
} from './schemas.js';

const orderPath = { orderReference: OrderReferenceSchema };

function isReference<T extends string>(schema: z.ZodMiniType<T>, value: unknown): value is T {
  return schema.safeParse(value).success;
}

/** `https://…/orders/EO-000-002-0TS` gives `EO-000-002-0TS`. */
function lastSegment(href: string): string {
  return href.split(/[?#]/, 1)[0]!.replace(/\/+$/, '').split('/').pop() ?? '';
}

function referencesInLinks<T extends string>(links: readonly ApiLink[], schema: z.ZodMiniType<T>): T[] {
  return links.map((link) => lastSegment(link.Href ?? '')).filter((value) => isReference(schema, value));
}

/** The new order's reference from any of the shapes in {@link OrderCreatedResponseSchema}. */
function createdOrderReference(body: z.infer<typeof OrderCreatedResponseSchema>): OrderReference | undefined {
  if (typeof body === 'string') return isReference(OrderReferenceSchema, body) ? body : undefined;
  if (Array.isArray(body)) return referencesInLinks(body, OrderReferenceSchema)[0];
  const selected = Array.isArray(body.SelectOrderResults) ? body.SelectOrderResults : [];
  // A selected result names its order, or links to it (`Detail …/orders/EO-…`).
  const named = selected.flatMap((result) => [
    result?.OrderReference,
    ...referencesInLinks(result?.Links ?? [], OrderReferenceSchema),
  ]);
  return [body.OrderReference, ...named].find((value) => isReference(OrderReferenceSchema, value));
}

/**
 * The consignment one Pack Order result names. A result may link it several times (`Consignment
 * …/consignments/EC-1`, `Label …/labels/EC-1`): its `Consignment` link counts, else its first link that
 * ends in a consignment reference.
 */
function consignmentOfResult(links: readonly ApiLink[]): ConsignmentReference | undefined {
  const consignmentLinks = links.filter((link) => link.Rel?.toLowerCase() === 'consignment');
  return (
    referencesInLinks(consignmentLinks, ConsignmentReferenceSchema)[0] ??
    referencesInLinks(links, ConsignmentReferenceSchema)[0]
  );
}

/** A result's `Data`, when it is a consignment reference: the real service names the consignment there too. */
function consignmentInData(data: unknown): ConsignmentReference | undefined {
  return isReference(ConsignmentReferenceSchema, data) ? data : undefined;
}

/** The consignments Pack Order created, each once, the outbound one before the return one. */
function packedConsignments(
  body: z.infer<typeof PackOrderResponseSchema>,
): [ConsignmentReference, ...ConsignmentReference[]] | undefined {
  if (typeof body === 'string' || Array.isArray(body)) {
    const references = [body].flat();
    // As for the `Results` shape below: a pack that names no consignment is no answer.
    return references.length > 0 &&
      references.every((value) => isReference(ConsignmentReferenceSchema, value))
      ? ([...new Set(references)] as [ConsignmentReference, ...ConsignmentReference[]])
      : undefined;
  }
  const isReturn = (result: { Result?: string | null }) => /return/i.test(result.Result ?? '');
  const ordered = [...body.Results.filter((r) => !isReturn(r)), ...body.Results.filter(isReturn)];
  const references = new Set(
    ordered
      .map((result) => consignmentOfResult(result.ApiLinks ?? []) ?? consignmentInData(result.Data))
      .filter((reference) => reference !== undefined),
  );
  return references.size > 0
    ? ([...references] as [ConsignmentReference, ...ConsignmentReference[]])
    : undefined;
}

/** A PDF sent as Base64 (a customer manifest, a commercial invoice), decoded and checked to really be one. */
function pdfOf(operation: string) {
  return (body: z.infer<typeof CustomerManifestResponseSchema>): Uint8Array => {
    const encoded = typeof body === 'string' ? body : 'File' in body ? body.File : body.file;
    try {
      return decodePdf(String(encoded));
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      throw new ResponseValidationError(`${operation}: ${problem}`, {
        issues: [{ path: [], message: problem }],
        body,
        operation,
      });
    }
  };
}

/** For `OutcomeUnknownError`: the consignments a body names, bare or under `ConsignmentReferences`. */
function consignmentsInBody(call: Call): string[] {
  const body = call.body as { ConsignmentReferences?: unknown } | unknown[] | undefined;
  const references = Array.isArray(body) ? body : body?.ConsignmentReferences;
  return Array.isArray(references) ? references.filter((value) => typeof value === 'string') : [];
}

/** For `OutcomeUnknownError`: the named string fields of the body that are present. */
function fieldsOfBody(...names: string[]) {
  return (call: Call): string[] => {
    const body = (call.body ?? {}) as Record<string, unknown>;
    return names.flatMap((name) => [body[name]].flat()).filter((value) => typeof value === 'string');
  };
}

export const createOrder = defineOperation({
  name: 'createOrder',
  vendor: 'Create Order',
  method: 'POST',
  path: 'orders',
  body: CreateOrderInputSchema,
  response: OrderCreatedResponseSchema,
  result: createdOrderReference,
  retry: 'non-repeatable',
  references: fieldsOfBody('OrderReferenceProvidedByCustomer'),
});

export const getOrder = defineOperation({
  name: 'getOrder',
  vendor: 'Get Order',
  method: 'GET',
  path: 'orders/{orderReference}',
  params: orderPath,
  response: OrderSchema,
  // Every property Update Order deletes when left out, present: what is read is written back whole.
  result: withReplaceableKeys,
  retry: 'repeatable',
});

/**
 * Get Order as `patchOrder` reads it: checked in every validation mode, because the order read is written
 * back in full, and a wrong read written back would delete the order's data.
 */
export const getOrderToUpdate = defineOperation({ ...getOrder, alwaysStrict: true });

export const updateOrder = defineOperation<void>({
  name: 'updateOrder',
  vendor: 'Update Order',
  method: 'PUT',
  path: 'orders/{orderReference}',
  params: orderPath,
  body: UpdateOrderInputSchema,
  retry: 'repeatable',
});

export const addAddressToOrder = defineOperation<void>({
  name: 'addAddressToOrder',
  vendor: 'Add Address To Order',
  method: 'POST',
  path: 'orders/{orderReference}/address',
  params: orderPath,
  body: AddressSchema,
  retry: 'non-repeatable',
});

export const updateAddressOnOrder = defineOperation<void>({
  name: 'updateAddressOnOrder',
  vendor: 'Update Address On Order',
  method: 'PUT',
  path: 'orders/{orderReference}/address',
  params: orderPath,
  body: AddressSchema,
  retry: 'repeatable',
});

export const selectDeliveryOption = defineOperation({
  name: 'selectDeliveryOption',
  vendor: 'Select Delivery Option As Order',
  method: 'POST',
  path: 'deliveryoptions/selectorder',
  body: z.looseObject({ Reference: DeliveryOptionReferenceSchema }),
  response: OrderCreatedResponseSchema,
  result: createdOrderReference,
  retry: 'non-repeatable',
  references: fieldsOfBody('Reference'),
});

export const packOrder = defineOperation({
  name: 'packOrder',
  vendor: 'Pack Order',
  method: 'POST',
  path: 'orders/{orderReference}/pack',
  params: orderPath,
  body: PackOrderRequestSchema,
  response: PackOrderResponseSchema,
  result: packedConsignments,
  retry: 'non-repeatable',
});

export const allocateConsignments = defineOperation({
  name: 'allocateConsignments',
  vendor: 'Allocate Using Default Rules',
  method: 'PUT',
  path: 'allocation/allocate',
  body: ConsignmentReferencesBodySchema,
  response: z.array(AllocationSummarySchema),
  retry: 'non-repeatable',
  references: consignmentsInBody,
});

export const allocateWithCheapestQuote = defineOperation({
  name: 'allocateWithCheapestQuote',
  vendor: 'Allocate Consignment',
  method: 'PUT',
  path: 'allocation/{consignmentReference}/allocatewithcheapestquote',
  params: { consignmentReference: ConsignmentReferenceSchema },
  // The spec answers one summary, the vendor's C# SDK a list of them: read both.
  response: z.union([AllocationSummarySchema, z.array(AllocationSummarySchema)]),
  // An empty list is no answer: a ResponseValidationError that says the service has acted.
  result: (body) => (Array.isArray(body) ? body[0] : body),
  retry: 'non-repeatable',
});

export const manifestConsignments = defineOperation({
  name: 'manifestConsignments',
  vendor: 'Manifest Consignments',
  method: 'PUT',
  path: 'consignments/manifest',
  body: ConsignmentReferencesBodySchema,
  response: z.array(OperationResultSchema),
  retry: 'non-repeatable',
  references: consignmentsInBody,
});

export const manifestConsignmentsFromQuery = defineOperation({
  name: 'manifestConsignmentsFromQuery',
  vendor: 'Manifest Consignments From Query',
  method: 'POST',
  path: 'consignments/manifestFromQuery',
  body: ManifestQuerySchema,
  wireBody: manifestQueryBody,
  response: ManifestFromQueryResultSchema,
  result: manifestQueryOutcome,
  retry: 'non-repeatable',
  references: fieldsOfBody('ShippingLocationReference', 'ShippingLocationReferences'),
});

export const setReadyToShip = defineOperation({
  name: 'setReadyToShip',
  vendor: 'Set Ready To Ship',
  method: 'PUT',
  path: 'consignments/setreadytoship',
  body: ConsignmentReferenceListSchema,
  response: z.array(OperationResultSchema),
  retry: 'non-repeatable',
  references: consignmentsInBody,
});

export const setNotReadyToShip = defineOperation({
  name: 'setNotReadyToShip',
  vendor: 'Set Not Ready To Ship',
  method: 'PUT',
  path: 'consignments/setnotreadytoship',
  body: ConsignmentReferenceListSchema,
  response: z.array(OperationResultSchema),
  retry: 'non-repeatable',
  references: consignmentsInBody,
});

export const getCustomerManifests = defineOperation({
  name: 'getCustomerManifests',
  vendor: 'Get Customer Manifests',
  method: 'GET',
  path: 'consignments/customer/manifests',
  response: z.array(ManifestSummarySchema),
  retry: 'repeatable',
});

export const getCustomerManifest = defineOperation({
  name: 'getCustomerManifest',
  vendor: 'Get Customer Manifest',
  method: 'GET',
  path: 'consignments/customer/manifest/{manifestReference}',
  params: { manifestReference: ManifestReferenceSchema },
  response: CustomerManifestResponseSchema,
  result: pdfOf('getCustomerManifest'),
  retry: 'repeatable',
  acceptsText: true,
});

const labelParams = {
  consignmentReference: ConsignmentReferenceSchema,
  packageReference: PackageReferenceSchema,
  format: z.enum(CONSIGNMENT_LABEL_FORMATS),
  dpi: z.literal([203, 300, 600]),
};

/** Area A's labels as one file, in three paths that grow with the options given (none, format, dpi). */
function labelOperations(name: string, path: string) {
  const operation = (fullPath: string) => {
    const names = [...fullPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as keyof typeof labelParams);
    return defineOperation({
      name,
      vendor: name === 'getPackageLabel' ? 'Get Package Labels' : 'Get Labels',
      method: 'GET',
      path: fullPath,
      params: Object.fromEntries(names.map((param) => [param, labelParams[param]])),
      response: ConsignmentLabelSchema,
      retry: 'repeatable',
    });
  };
  return {
    inDefaultFormat: operation(path),
    inFormat: operation(`${path}/{format}`),
    atDpi: operation(`${path}/{format}/{dpi}`),
  };
}

export const getConsignmentLabels = labelOperations('getConsignmentLabels', 'labels/{consignmentReference}');

export const getPackageLabel = labelOperations(
  'getPackageLabel',
  'labels/package/{consignmentReference}/{packageReference}',
);

/**
 * Get Consignment, read only for the `FailedAllocation` of a consignment allocation left unallocated;
 * everything else in the answer is let through unchecked.
 */
export const readFailedAllocation = defineOperation({
  name: 'getConsignment',
  vendor: 'Get Consignment',
  method: 'GET',
  path: 'consignments/{consignmentReference}',
  params: { consignmentReference: ConsignmentReferenceSchema },
  response: z.looseObject({
    FailedAllocation: z.nullish(z.looseObject({ Message: z.nullish(z.string()) })),
  }),
  retry: 'repeatable',
});

const consignmentPath = { consignmentReference: ConsignmentReferenceSchema };

export const getShippingLocations = defineOperation({
  name: 'getShippingLocations',
  vendor: 'Get Shipping Locations',
  method: 'GET',
  path: 'shippinglocations',
  response: z.array(ShippingLocationSchema),
  retry: 'repeatable',
});

export const getShippingLocation = defineOperation({
  name: 'getShippingLocation',
  vendor: 'Get Shipping Location',
  method: 'GET',
  path: 'shippinglocations/{shippingLocationReference}',
  params: { shippingLocationReference: ShippingLocationReferenceSchema },
  response: ShippingLocationSchema,
  retry: 'repeatable',
});

/** A POST that only reads: each answer makes new options, but asking again changes nothing else. */
export const getDeliveryOptions = defineOperation({
  name: 'getDeliveryOptions',
  vendor: 'Delivery Options',
  method: 'POST',
  path: 'deliveryoptions',
  body: DeliveryOptionsRequestSchema,
  response: DeliveryOptionsResponseSchema,
  result: (body): DeliveryOption[] => (Array.isArray(body) ? body : body.DeliveryOptions),
  retry: 'repeatable',
});

export const getPickupOptions = defineOperation({
  name: 'getPickupOptions',
  vendor: 'Pickup Options',
  method: 'POST',
  // The vendor's guide writes the trailing slash.
  path: 'deliveryoptions/pickupoptions/',
  body: PickupOptionsRequestSchema,
  response: PickupOptionsResponseSchema,
  result: (body) => body.Locations,
  retry: 'repeatable',
});

export const getCommercialInvoice = defineOperation({
  name: 'getCommercialInvoice',
  vendor: 'Get Commercial Invoice',
  method: 'GET',
  path: 'consignments/docs/commercialinvoice/{consignmentReference}',
  params: consignmentPath,
  response: CustomerManifestResponseSchema,
  result: pdfOf('getCommercialInvoice'),
  retry: 'repeatable',
  acceptsText: true,
});

export const getTracking = defineOperation({
  name: 'getTracking',
  vendor: 'Get Tracking Events',
  method: 'GET',
  path: 'tracking/{consignmentReference}',
  params: consignmentPath,
  response: TrackingSchema,
  retry: 'repeatable',
});

export const getConsignment = defineOperation({
  name: 'getConsignment',
  vendor: 'Get Consignment',
  method: 'GET',
  path: 'consignments/{consignmentReference}',
  params: consignmentPath,
  response: ConsignmentSchema,
  retry: 'repeatable',
});

/** Deallocate and cancel, one consignment (no body either way) and a bare list (a result each). */
function consignmentChange(name: string, path: string, listName: string, listPath: string) {
  return {
    one: defineOperation<void>({
      name,
      vendor: `${path[0]?.toUpperCase()}${path.slice(1)} Consignment`,
      method: 'PUT',
      path: `consignments/{consignmentReference}/${path}`,
      params: consignmentPath,
      retry: 'non-repeatable',
    }),
    list: defineOperation({
      name: listName,
      vendor: `${path[0]?.toUpperCase()}${path.slice(1)} Consignments`,
      method: 'PUT',
      path: `consignments/${listPath}`,
      body: ConsignmentReferenceListSchema,
      response: z.array(OperationResultSchema),
      retry: 'non-repeatable',
      references: consignmentsInBody,
    }),
  };
}

export const deallocate = consignmentChange(
  'deallocateConsignment',
  'deallocate',
  'deallocateConsignments',
  'deallocatelist',
);

export const cancel = consignmentChange('cancelConsignment', 'cancel', 'cancelConsignments', 'cancellist');

export const pageSizeSchema = z.int().check(z.minimum(1), z.maximum(1000));

export const searchConsignments = defineOperation({
  name: 'searchConsignments',
  vendor: 'Search Consignments',
  method: 'GET',
  path: 'consignments/{take}/{skip}',
  params: { take: pageSizeSchema, skip: z.int().check(z.minimum(0)) },
  response: ConsignmentSearchPageSchema,
  retry: 'repeatable',
});

export const getConsignmentReferences = defineOperation({
  name: 'getConsignmentReferences',
  vendor: 'Get Consignments References',
  method: 'GET',
  path: 'consignments/getConsignmentReferences',
  response: z.array(z.string() as unknown as z.ZodMiniType<ConsignmentReference, ConsignmentReference>),
  retry: 'repeatable',
});

// The operations of the vendor's area A flows (issue 27), declared in their own modules.
export { allocateWithOperations } from './allocate-with.js';
export { consignmentWriteOperations } from './consignments/create.js';
export { customsDocumentOperations } from './customs-documents.js';
export { deliveryOptionSelectionOperations } from './delivery-option-selection.js';
export { quoteOperations } from './quotes.js';
export { readOperations } from './reads.js';
