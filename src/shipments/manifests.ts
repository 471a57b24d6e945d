import { Resource } from '../core/resource.js';
import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import type { RequestOptions } from '../core/options.js';
import {
  answeredReference,
  prefixedReference,
  type ShipmentGroupReference,
  ShipmentGroupReferenceSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import { defineOperation, type Transport } from '../core/transport.js';
import {
  CARRIER_STATES,
  type CarrierDetails,
  CarrierDetailsSchema,
  type Link,
  LinksSchema,
  type ShipmentState,
  ShipmentStateSchema,
} from './wire-shapes.js';

/** A manifest's reference, `ma_…`, from a {@link ManifestResult}. */
export type ShipmentManifestReference = `ma_${string}`;
const ShipmentManifestReferenceSchema = prefixedReference<ShipmentManifestReference>(
  'ma_',
  'a manifest reference',
);

/** One carrier's manifest made by a manifest request. */
export interface ManifestResult {
  /** The manifest's `ma_` reference: read it with `getManifest`, passed as it is. */
  reference: ShipmentManifestReference;
  /** The carrier. */
  carrier: CarrierDetails;
  /** In words. */
  message: string;
  /** Normally `manifesting`: the shipments are manifested in a batch minutes later. */
  state: ShipmentState;
  /** How many shipments it holds. */
  shipment_count?: number | undefined;
  /** Links. */
  _links?: Link[] | null | undefined;
}
/** What the manifest operations answer (202): one result per carrier. */
export interface ManifestResponse {
  /** One per carrier, at least one. */
  manifest_results: ManifestResult[];
}
/** A manifest as Get Manifest answers it. */
export interface Manifest {
  /** Its `ma_` reference. */
  reference: string;
  /** The shipments in it. */
  shipments: string[];
  /** When it was made. */
  created: string;
}

const manifestResults = () =>
  z
    .array(
      z.looseObject({
        reference: answeredReference<ShipmentManifestReference>('ma_', 'a manifest reference'),
        carrier: CarrierDetailsSchema,
        message: z.string(),
        state: ShipmentStateSchema,
        shipment_count: z.optional(z.int()),
        _links: LinksSchema,
      }),
    )
    .check(z.minLength(1));
export const ManifestResponseSchema = schemaOf<ManifestResponse>()(() =>
  z.looseObject({ manifest_results: manifestResults() }),
);

/** The answer as the manifesting guides write it: the same results, under `results`. */
type ManifestAnswer = ManifestResponse | { results: ManifestResult[] };
const ManifestAnswerSchema = lazySchema(
  () =>
    z.union([
      ManifestResponseSchema,
      z.looseObject({ results: manifestResults() }),
    ]) as unknown as z.ZodMiniType<ManifestAnswer, ManifestAnswer>,
);
/** Either form as the one the methods return: `manifest_results`, as the OpenAPI files name it. */
function manifestResponse(answer: ManifestAnswer): ManifestResponse {
  if ('manifest_results' in answer) return answer;
  const { results, ...rest } = answer;
  return { ...rest, manifest_results: results };
}
export const ManifestSchema = schemaOf<Manifest>()(() =>
  z.looseObject({
    reference: z.string(),
    shipments: z.array(z.string()).check(z.minLength(1)),
    created: z.string(),
  }),
);

/** The states a shipment is manifested from, and those manifesting leads to. */
const MANIFEST = {
  from: ['allocated', 'ready_to_ship', 'manifest_failed'],
  to: ['manifesting', 'manifested', ...CARRIER_STATES],
} as const;

export const manifestShipmentOperation = defineOperation<ManifestAnswer, ManifestResponse>({
  name: 'manifestShipment',
  vendor: 'Manifest Shipment',
  method: 'PUT',
  path: 'shipments/{shipmentReference}/manifest',
  params: { shipmentReference: ShipmentReferenceSchema },
  response: ManifestAnswerSchema,
  result: manifestResponse,
  retry: 'non-repeatable',
  outcome: MANIFEST,
});
/** Manifest Shipment. */
export function manifestShipment(
  transport: Transport,
  shipment: ShipmentReference,
  options?: RequestOptions,
): Promise<ManifestResponse> {
  return transport.send(manifestShipmentOperation, { params: { shipmentReference: shipment } }, options);
}

export const manifestShipmentsOperation = defineOperation<ManifestAnswer, ManifestResponse>({
  name: 'manifestShipments',
  vendor: 'Manifest Shipments',
  method: 'PUT',
  path: 'shipments/manifest',
  body: lazySchema(() =>
    z.strictObject({
      shipments: z.array(ShipmentReferenceSchema).check(z.minLength(1), z.maxLength(100)),
    }),
  ),
  response: ManifestAnswerSchema,
  result: manifestResponse,
  retry: 'non-repeatable',
  outcome: MANIFEST,
  references: (call) => [...(call.body as { shipments: string[] }).shipments],
});
/** Manifest Shipments: 1 to 100. */
export function manifestShipments(
  transport: Transport,
  shipments: ShipmentReference[],
  options?: RequestOptions,
): Promise<ManifestResponse> {
  return transport.send(manifestShipmentsOperation, { body: { shipments } }, options);
}

export const manifestShipmentGroupOperation = defineOperation<ManifestAnswer, ManifestResponse>({
  name: 'manifestShipmentGroup',
  vendor: 'Manifest Shipment Group',
  method: 'POST',
  path: 'shipment_groups/{groupReference}/manifest',
  params: { groupReference: ShipmentGroupReferenceSchema },
  response: ManifestAnswerSchema,
  result: manifestResponse,
  retry: 'non-repeatable',
  // `reconcile` reads the group's members, then each one's state.
  outcome: MANIFEST,
});
/** Manifest Shipment Group (older file only): the members not manifested yet. */
export function manifestShipmentGroup(
  transport: Transport,
  group: ShipmentGroupReference,
  options?: RequestOptions,
): Promise<ManifestResponse> {
  return transport.send(manifestShipmentGroupOperation, { params: { groupReference: group } }, options);
}

export const getManifestOperation = defineOperation<Manifest>({
  name: 'getManifest',
  vendor: 'Get Manifest',
  method: 'GET',
  path: 'shipments/manifests/{manifestReference}',
  params: { manifestReference: ShipmentManifestReferenceSchema },
  response: ManifestSchema,
  retry: 'repeatable',
});
/** Get Manifest. */
export function getManifest(
  transport: Transport,
  manifest: ShipmentManifestReference,
  options?: RequestOptions,
): Promise<Manifest> {
  return transport.send(getManifestOperation, { params: { manifestReference: manifest } }, options);
}

/** Manifesting shipments, and manifests. */
export class ShipmentManifests extends Resource {}
