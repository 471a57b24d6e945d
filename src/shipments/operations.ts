import * as z from 'zod/mini';
import {
  ContentsReferenceSchema,
  ShipmentGroupReferenceSchema,
  ShipmentReferenceSchema,
} from '../core/references.js';
import { type Call, defineOperation, type Operation } from '../core/transport.js';
import {
  ContentsLabelFormatSchema,
  CreateShipmentGroupInputSchema,
  CustomReferenceSchema,
  GroupVersionSchema,
  type LabelDocument,
  LabelDocumentsSchema,
  LabelDpiSchema,
  LabelFormatSchema,
  type ResourceResult,
  ResourceResultSchema,
  type ShipmentDocument,
  ShipmentDocumentSchema,
  ShipmentDocumentTypeSchema,
  ShipmentGroupSchema,
  UpdateShipmentGroupInputSchema,
} from './schemas.js';

type LabelDocuments = z.infer<typeof LabelDocumentsSchema>;

/** The labels as an array; none at all is no answer (`undefined`: a `ResponseValidationError`). */
/** Never empty: an answer holding no label is no answer (a `ResponseValidationError`). */
function labelsOf(body: LabelDocuments): [LabelDocument, ...LabelDocument[]] | undefined {
  const labels = Array.isArray(body) ? body : [body];
  const [first, ...rest] = labels;
  return first === undefined ? undefined : [first, ...rest];
}

const labelParams = { shipmentReference: ShipmentReferenceSchema, format: LabelFormatSchema };

/** Get Labels without a resolution in the path: the service's default (203) applies. */
export const getLabels = defineOperation<LabelDocuments, [LabelDocument, ...LabelDocument[]]>({
  name: 'getLabels',
  vendor: 'Get Labels',
  method: 'GET',
  path: 'labels/{shipmentReference}/{format}',
  params: labelParams,
  response: LabelDocumentsSchema,
  result: labelsOf,
  retry: 'repeatable',
});

export const getLabelsAtDpi = defineOperation<LabelDocuments, [LabelDocument, ...LabelDocument[]]>({
  ...getLabels,
  path: 'labels/{shipmentReference}/{format}/{dpi}',
  params: { ...labelParams, dpi: LabelDpiSchema },
});

export const getContentsLabel = defineOperation<LabelDocuments, [LabelDocument, ...LabelDocument[]]>({
  name: 'getContentsLabel',
  vendor: 'Get Contents Label',
  method: 'GET',
  path: 'labels/{shipmentReference}/contents/{contentsReference}/{format}/{dpi}',
  params: {
    shipmentReference: ShipmentReferenceSchema,
    contentsReference: ContentsReferenceSchema,
    format: ContentsLabelFormatSchema,
    dpi: LabelDpiSchema,
  },
  response: LabelDocumentsSchema,
  result: labelsOf,
  retry: 'repeatable',
});

export const updateShipmentGroup = defineOperation<ResourceResult>({
  name: 'updateShipmentGroup',
  vendor: 'Update Shipment Group',
  method: 'PUT',
  // The spec writes the trailing slash; the service's router may treat it as a different path.
  path: 'shipment_groups/',
  body: UpdateShipmentGroupInputSchema,
  response: ResourceResultSchema,
  retry: 'non-repeatable',
  references: (call: Call) => {
    const body = call.body as { reference: string; add_shipments?: string[]; remove_shipments?: string[] };
    return [body.reference, ...(body.add_shipments ?? []), ...(body.remove_shipments ?? [])];
  },
});

const byReference = { groupReference: ShipmentGroupReferenceSchema };
const byCustomReference = { customReference: CustomReferenceSchema, version: GroupVersionSchema };

/** What a 304 to a membership change says: nothing changed; the group as the call addressed it. */
function membershipUnchanged(call: Call): ResourceResult {
  const { groupReference, customReference, shipmentReference } = call.params ?? {};
  return {
    reference: String(groupReference ?? customReference),
    ...(customReference === undefined ? {} : { custom_reference: String(customReference) }),
    message: `Shipment ${String(shipmentReference)} was already as asked: the group is unchanged`,
  };
}

/** Add or Remove Shipment to or from Group, in its two addressings (a group's reference, or its custom one). */
function membershipOperations(name: string, method: 'PUT' | 'DELETE') {
  const shared = {
    name,
    vendor: method === 'PUT' ? 'Add Shipment to Shipment Group' : 'Remove Shipment from Shipment Group',
    method,
    response: ResourceResultSchema,
    retry: 'non-repeatable',
    // 304: already a member (add) or not one (remove), in the data contracts: the group is as asked.
    alreadyDone: { statuses: [304], result: membershipUnchanged },
  } as const;
  return {
    byReference: defineOperation<ResourceResult>({
      ...shared,
      path: 'shipment_groups/{groupReference}/shipments/{shipmentReference}',
      params: { ...byReference, shipmentReference: ShipmentReferenceSchema },
    }),
    byCustomReference: defineOperation<ResourceResult>({
      ...shared,
      path: 'shipment_groups/custom_reference/{customReference}/{version}/shipments/{shipmentReference}',
      params: { ...byCustomReference, shipmentReference: ShipmentReferenceSchema },
      references: (call) => [String(call.params?.customReference), String(call.params?.shipmentReference)],
    }),
  };
}

export const addShipmentToGroup = membershipOperations('addShipmentToGroup', 'PUT');
export const removeShipmentFromGroup = membershipOperations('removeShipmentFromGroup', 'DELETE');

/**
 * Locking, unlocking and closing twice leave the group as once: each is repeatable. A retry whose earlier
 * attempt may have acted meets "already locked" (409 in the OpenAPI, 304 in the data contracts): that is
 * the change done, answered with what is known, the group's reference.
 */
function lockOperation(name: string, action: 'lock' | 'unlock' | 'close'): Operation<ResourceResult> {
  return defineOperation<ResourceResult>({
    name,
    vendor: `${action[0]?.toUpperCase()}${action.slice(1)} Shipment Group`,
    method: 'POST',
    path: `shipment_groups/{groupReference}/${action}`,
    params: byReference,
    response: ResourceResultSchema,
    retry: 'repeatable',
    doneWhenRetried: {
      statuses: [304, 409],
      result: (call) => ({ reference: String(call.params?.groupReference) }),
    },
  });
}

export const lockShipmentGroup = lockOperation('lockShipmentGroup', 'lock');
export const unlockShipmentGroup = lockOperation('unlockShipmentGroup', 'unlock');

export const closeShipmentGroup = lockOperation('closeShipmentGroup', 'close');

export const createShipmentGroup = defineOperation<ResourceResult>({
  name: 'createShipmentGroup',
  vendor: 'Create Shipment Group',
  method: 'POST',
  path: 'shipment_groups',
  body: CreateShipmentGroupInputSchema,
  response: ResourceResultSchema,
  retry: 'non-repeatable',
  references: (call: Call) => {
    const body = call.body as { custom_reference: string; shipments?: string[] };
    return [body.custom_reference, ...(body.shipments ?? [])];
  },
});

export const getShipmentGroup = defineOperation({
  name: 'getShipmentGroup',
  vendor: 'Get Shipment Group',
  method: 'GET',
  path: 'shipment_groups/{groupReference}',
  params: byReference,
  response: ShipmentGroupSchema,
  retry: 'repeatable',
});

export const getDocuments = defineOperation<ShipmentDocument[]>({
  name: 'getDocuments',
  vendor: 'Get Customs Documents',
  method: 'GET',
  path: 'documents/{shipmentReference}',
  params: { shipmentReference: ShipmentReferenceSchema },
  response: z.array(ShipmentDocumentSchema),
  // 204 when the shipment has none.
  whenEmpty: [],
  retry: 'repeatable',
});

export const getDocument = defineOperation({
  name: 'getDocument',
  vendor: 'Get CN22 / Get CN23 / Get Commercial Invoice',
  method: 'GET',
  path: 'documents/{shipmentReference}/{documentType}',
  params: { shipmentReference: ShipmentReferenceSchema, documentType: ShipmentDocumentTypeSchema },
  response: ShipmentDocumentSchema,
  retry: 'repeatable',
});
