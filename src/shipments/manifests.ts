import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { defineRead } from '../core/define-read.js';
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
import { defineOperation, type Operation } from '../core/transport.js';
import { checkInput } from '../core/validation.js';
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

/** The states a query may ask for: those a shipment is manifested from. */
export type ManifestableState = 'allocated' | 'ready_to_ship' | 'manifest_failed';

/** A range of required shipping dates, both ends inclusive (the data contract's `date_range`). */
export interface ManifestDateRange {
  /** The first moment (ISO 8601 with offset); left out, the range is open at its start. */
  start?: string | undefined;
  /** The last moment (ISO 8601 with offset); left out, the range is open at its end. */
  end?: string | undefined;
}

/**
 * The criteria of Manifest Shipments by Query: every shipment matching all those given is queued for
 * manifesting, and every manifest goes on to its carrier. Only these keys are accepted: a misspelt one
 * (`shipping_location` for `shipping_locations`) is a {@link RequestValidationError} naming it, and nothing
 * is sent, since a service that ignores it would manifest every warehouse's shipments.
 */
export interface ShipmentManifestQuery {
  /**
   * The shipping locations the shipments leave from: 1 to 10 references. Leave the key out to manifest
   * every location; given, it must name one (`undefined`, `null`, `[]` or a blank entry is refused, as a
   * configuration value that is missing would otherwise manifest every warehouse).
   */
  shipping_locations?: string[];
  /** The `custom_reference` of the address the shipments leave from: 1 to 50 characters. */
  address_custom_reference?: string | undefined;
  /** The states to match: 1 to 5, each one a shipment is manifested from. Left out: all three. */
  shipment_states?: ManifestableState[] | undefined;
  /** `true`: only shipments whose labels have been retrieved; `false`: only those whose have not. */
  labels_retrieved?: boolean | undefined;
  /**
   * The shipments whose required shipping date lies wholly within this range (the data contract's
   * `date_range`), or on this day (a date-time, as the guide's example sends it).
   */
  required_shipping_date?: ManifestDateRange | string | undefined;
  /** The carrier the shipments are allocated to. */
  carrier_reference?: string | undefined;
  /** The carrier service the shipments are allocated to; with `carrier_reference`, one of that carrier's. */
  carrier_service_reference?: string | undefined;
}

/**
 * A query with `shipping_locations` names a location: `{ shipping_locations: [process.env.WAREHOUSE] }`
 * with the variable unset must not become "every location".
 */
function namesALocationIfAsked(query: object): boolean {
  if (!('shipping_locations' in query)) return true;
  const list = (query as { shipping_locations?: unknown }).shipping_locations;
  return (
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((location) => typeof location === 'string' && location.trim() !== '')
  );
}

const isoTime = (value: string | undefined) => (value === undefined ? undefined : Date.parse(value));
const ManifestDateRangeSchema = lazySchema(() =>
  z.strictObject({ start: z.optional(z.string()), end: z.optional(z.string()) }).check(
    z.refine(({ start, end }) => !((isoTime(start) ?? Number.NaN) > (isoTime(end) ?? Number.NaN)), {
      error: 'start must be on or before end',
    }),
  ),
);

export const ShipmentManifestQuerySchema = schemaOf<ShipmentManifestQuery>()(() =>
  z
    .strictObject({
      shipping_locations: z.optional(z.array(z.string()).check(z.maxLength(10))),
      address_custom_reference: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
      shipment_states: z.optional(
        z
          .array(z.enum(MANIFEST.from))
          .check(
            z.minLength(1, 'name at least one state, or leave the key out to mean all three'),
            z.maxLength(5),
          ),
      ),
      labels_retrieved: z.optional(z.boolean()),
      required_shipping_date: z.optional(z.union([ManifestDateRangeSchema, z.string()])),
      carrier_reference: z.optional(z.string().check(z.minLength(1))),
      carrier_service_reference: z.optional(z.string().check(z.minLength(1))),
    })
    .check(
      z.refine(namesALocationIfAsked, {
        error:
          'shipping_locations names no location (undefined, null, empty or blank), so the query would manifest every location: name one, or leave the key out to mean all',
        path: ['shipping_locations'],
      }),
    ),
);

/** Manifesting shipments to their carriers, and reading manifests. */
/**
 * A manifesting's declaration: non-repeatable (queued twice, a shipment could go on two manifests), its
 * lost answer settled by the shipments' states, its answer read in both spellings.
 */
export const defineManifest = (
  declared: Omit<Operation<ManifestAnswer, ManifestResponse>, 'response' | 'result' | 'retry' | 'outcome'>,
) =>
  defineOperation<ManifestAnswer, ManifestResponse>({
    response: ManifestAnswerSchema,
    result: manifestResponse,
    retry: 'non-repeatable',
    outcome: MANIFEST,
    ...declared,
  });

export class ShipmentManifests extends Resource {
  /** @vendor Manifest Shipment @internal */
  static readonly manifest = defineManifest({
    name: 'manifestShipment',
    method: 'PUT',
    path: 'shipments/{shipmentReference}/manifest',
    params: { shipmentReference: ShipmentReferenceSchema },
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

  /** @vendor Manifest Shipments @internal */
  static readonly manifestMany = defineManifest({
    name: 'manifestShipments',
    method: 'PUT',
    path: 'shipments/manifest',
    body: lazySchema(() =>
      z.strictObject({
        shipments: z.array(ShipmentReferenceSchema).check(z.minLength(1), z.maxLength(100)),
      }),
    ),
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

  /** @vendor Manifest Shipments by Query @internal */
  static readonly manifestByQuery = defineManifest({
    name: 'manifestShipmentsByQuery',
    method: 'POST',
    path: 'shipments/manifest/query',
    body: ShipmentManifestQuerySchema,
    // A query names no shipment: reconcile reads the shipments you name and returns those it still matches.
    // Sent again, it would manifest what has come to match since.
    references: (call) => [...((call.body as ShipmentManifestQuery).shipping_locations ?? [])],
    // The query is what settling matches again; it holds no personal data.
    settleWith: (call) => ({ body: call.body }),
    // Another query on the same locations is another call: the query's digest tells them apart.
    ledgerKey: (call) => ({ asks: { digest: call.body } }),
  });

  /**
   * Manifest Shipments by Query, **only in the vendor's guides**: queues every shipment matching `query`
   * (in a state it is manifested from) for its carrier's manifest, one result per carrier, and every
   * manifest goes on to its carrier. An empty query manifests every eligible shipment of every location.
   * Non-repeatable: sent again, it would manifest what has come to match since.
   *
   * @throws {@link RequestValidationError} before sending, for a key the query does not know (a misspelt
   *   `shipping_location`) or `shipping_locations` given but naming no location: ignored or empty, either
   *   would manifest every warehouse's shipments.
   * @throws {@link NotFoundError} when no shipment matches: nothing was manifested.
   * @throws {@link OutcomeUnknownError} when shipments may have been queued but no answer came: area B has
   *   no search, so {@link ShipmentsClient.reconcile} takes the shipments it may have matched
   *   (`{ candidates }`) and returns those it still matches, each `done: false`.
   *
   * @example
   * ```ts
   * const { manifest_results } = await shipments.manifests.manifestByQuery({
   *   shipping_locations: ['LEEDS-01'],
   *   shipment_states: ['allocated'],
   *   labels_retrieved: true,
   * });
   * ```
   */
  async manifestByQuery(query: ShipmentManifestQuery, options?: RequestOptions): Promise<ManifestResponse> {
    // Checked as given before the transport copies it for the wire: the copy drops a key whose value is
    // `undefined`, and an unset location would then read as "every location".
    checkInput(ShipmentManifestQuerySchema, query, 'manifest query');
    return transportOf(this).send(ShipmentManifests.manifestByQuery, { body: query }, options);
  }

  /** @vendor Get Manifest @internal */
  static readonly get = defineRead<Manifest>({
    name: 'getManifest',
    path: 'shipments/manifests/{manifestReference}',
    params: { manifestReference: ShipmentManifestReferenceSchema },
    response: ManifestSchema,
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
