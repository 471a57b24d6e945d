import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import type { RequestOptions } from '../core/options.js';
import {
  answeredReference,
  prefixedReference,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../core/references.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { defineOperation } from '../core/transport.js';
import type { WaitOptions } from '../core/wait-for.js';
import { shipmentOperations } from './shipments/operations.js';
import { type ShipmentWaitResult, waitForManifest } from './waiting.js';
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
  /** The manifest's `ma_` reference: read it with `manifests.get`, passed as it is. */
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

// Not exported by the package: the wire answer, given back as a ManifestResponse.
/** The answer as the manifesting guides write it: the same results, under `results`. */
export type ManifestAnswer = ManifestResponse | { results: ManifestResult[] };
// Not exported by the package: the wire answer, given back as a ManifestResponse.
export const ManifestAnswerSchema = lazySchema(
  () =>
    z.union([
      ManifestResponseSchema,
      z.looseObject({ results: manifestResults() }),
    ]) as unknown as z.ZodMiniType<ManifestAnswer, ManifestAnswer>,
);
/** Either form as the one the methods return: `manifest_results`, as the OpenAPI files name it. */
export function manifestResponse(answer: ManifestAnswer): ManifestResponse {
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
export const MANIFEST = {
  from: ['allocated', 'ready_to_ship', 'manifest_failed'],
  to: ['manifesting', 'manifested', ...CARRIER_STATES],
} as const;

/** Manifesting shipments to their carriers, and reading manifests. */
export class ShipmentManifests extends Resource {
  /** @internal */
  static readonly manifest = defineOperation<ManifestAnswer, ManifestResponse>({
    name: 'manifestShipment',
    vendor: 'Manifest Shipment',
    method: 'PUT',
    path: 'shipments/{shipmentReference}/manifest',
    params: { shipmentReference: ShipmentReferenceSchema },
    response: ManifestAnswerSchema,
    result: manifestResponse,
    // Queued twice, a shipment could go on two manifests.
    retry: 'non-repeatable',
    outcome: MANIFEST,
  });

  /**
   * Manifest Shipment: queues one `allocated`, `ready_to_ship` or `manifest_failed` shipment for the
   * carrier's manifest (202); it becomes `manifesting`, then `manifested` or `manifest_failed` in a batch
   * minutes later. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the shipment is in a state that cannot be manifested.
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have been queued but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   *
   * @example
   * ```ts
   * await shipments.manifests.manifest('sp_01hzy…');
   * const [result] = await shipments.manifests.wait(['sp_01hzy…']);
   * ```
   */
  manifest(shipmentReference: ShipmentReference, options?: RequestOptions): Promise<ManifestResponse> {
    return transportOf(this).send(ShipmentManifests.manifest, { params: { shipmentReference } }, options);
  }

  /** @internal */
  static readonly manifestMany = defineOperation<ManifestAnswer, ManifestResponse>({
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

  /**
   * Manifest Shipments: as {@link ShipmentManifests.manifest}, for 1 to 100 shipments; one result per
   * carrier. Batch them around collection times: each manifest goes on to the carrier.
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for no shipment or more than 100.
   * @throws {@link NotFoundError} when any is unknown.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  manifestMany(shipmentReferences: ShipmentReference[], options?: RequestOptions): Promise<ManifestResponse> {
    return transportOf(this).send(
      ShipmentManifests.manifestMany,
      { body: { shipments: shipmentReferences } },
      options,
    );
  }

  /** @internal */
  static readonly get = defineOperation<Manifest>({
    name: 'getManifest',
    vendor: 'Get Manifest',
    method: 'GET',
    path: 'shipments/manifests/{manifestReference}',
    params: { manifestReference: ShipmentManifestReferenceSchema },
    response: ManifestSchema,
    retry: 'repeatable',
  });

  /**
   * Get Manifest: a manifest's shipments and when it was made. Repeatable.
   *
   * @param manifestReference - The `ma_…` of a {@link ManifestResult}.
   * @throws {@link NotFoundError} for an unknown manifest.
   */
  get(manifestReference: ShipmentManifestReference, options?: RequestOptions): Promise<Manifest> {
    return transportOf(this).send(ShipmentManifests.get, { params: { manifestReference } }, options);
  }

  /** What waiting sends: Get Shipment, over and over. @internal */
  static readonly wait = [shipmentOperations.get];

  /**
   * Waits for queued manifests: reads each shipment (Get Shipment, repeatable reads only) until it is
   * manifested (or with the carrier), failed (`manifest_failed`, cancelled, unallocated, not found) or the
   * deadline passes, polling with backoff. `manifesting` is queued: it comes back `pending` at the
   * deadline, and must never be manifested again. See {@link WaitOptions}.
   *
   * @throws {@link RequestAbortedError} when `options.signal` aborts the wait.
   * @throws {@link RequestValidationError} before any read, for a reference that is not `sp_…`.
   * @throws {@link AuthenticationError} (or another error no later read can change) at once.
   */
  wait(
    shipmentReferences: readonly ShipmentReference[],
    options?: WaitOptions,
  ): Promise<ShipmentWaitResult[]> {
    return waitForManifest(transportOf(this), shipmentReferences, options);
  }
}
