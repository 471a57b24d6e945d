import * as z from 'zod/mini';
import { transportOf } from '../../core/client-base.js';
import { defineRead } from '../../core/define-read.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { listOrEmpty } from '../../core/lists.js';
import { defineOperation } from '../../core/operation.js';
import type { RequestOptions } from '../../core/options.js';
import {
  type ConsignmentReference,
  type ManifestReference,
  ManifestReferenceSchema,
} from '../../core/references.js';
import { Resource } from '../../core/resource.js';
import { checkInput } from '../../core/validation.js';
import { type WaitOptions, waitFor } from '../../core/wait-for.js';
import { CARRIER_STATES } from '../allocation/schemas.js';
import { Consignments } from '../consignments/consignments.js';
import { pageSizeSchema } from '../consignments/search.js';
import {
  type ConsignmentWaitResult,
  checkedConsignments,
  consignmentWaitPlan,
  manifestStatus,
} from '../waiting.js';
import {
  ConsignmentReferencesBodySchema,
  CustomerManifestResponseSchema,
  consignmentsInBody,
  fieldsOfBody,
  type OperationResult,
  OperationResultSchema,
  pdfOf,
} from '../wire-shapes.js';
import {
  bytesOf,
  CustomerManifestsFilterSchema,
  type ManifestFilter,
  ManifestFilterBodySchema,
  ManifestFilterSchema,
  type ManifestSearch,
  type ManifestSummary,
  ManifestSummarySchema,
  type ManifestsView,
  ManifestsViewSchema,
  manifestSearch,
  manifestsPageOf,
} from './customer-manifests.js';
import {
  ManifestFromQueryResultSchema,
  type ManifestQuery,
  type ManifestQueryOutcome,
  ManifestQuerySchema,
  manifestQueryBody,
  manifestQueryOutcome,
} from './query.js';

// Manifests: consignments transmitted to their carriers, by list or by query, and the customer
// manifests that record them.

/**
 * Where a manifest starts from and leads to. `ManifestFailed` counts as not manifested: the carrier
 * refused, and asking again is what is left to do. A queued manifest (`Manifesting`) is done; a
 * consignment with the carrier was manifested.
 */
const MANIFESTED = {
  from: ['Allocated', 'ReadyToShip', 'ManifestFailed'],
  to: ['Manifesting', 'Manifested', ...CARRIER_STATES],
};

/** Manifests: consignments transmitted to their carriers, by list or by query, and the customer manifests. */
export class ConsignmentManifests extends Resource {
  /** @vendor Manifest Consignments @internal */
  static readonly manifest = defineOperation({
    name: 'manifestConsignments',
    method: 'PUT',
    path: 'consignments/manifest',
    body: ConsignmentReferencesBodySchema,
    response: lazySchema(() => z.array(OperationResultSchema)),
    retry: 'non-repeatable',
    outcome: MANIFESTED,
    references: consignmentsInBody,
  });

  /**
   * Manifest Consignments: transmits the consignments' data to their carriers, which then collect
   * them. Each must be `Allocated`, `Manifest Failed` or `ReadyToShip`; each gets its own result
   * (check `IsSuccess`). Every successful call transmits to the carrier, so batch them and align them
   * with collection times. Non-repeatable: never sent twice by the SDK.
   *
   * @throws {@link RequestValidationError} before sending, for an empty list or a reference that is not
   *   `EC-…`.
   * @throws {@link ApiError} when a consignment is in another state.
   * @throws {@link OutcomeUnknownError} when the manifest may have been transmitted but no answer came:
   *   settle it with {@link OrdersClient.reconcile}, which reads each consignment's state, before sending
   *   again.
   *
   * @example
   * ```ts
   * const results = await orders.manifests.manifest([consignment]);
   * const refused = results.filter((result) => !result.IsSuccess);
   * ```
   */
  manifest(
    consignmentReferences: ConsignmentReference[],
    options?: RequestOptions,
  ): Promise<OperationResult[]> {
    const body = { ConsignmentReferences: consignmentReferences };
    return transportOf(this).send(ConsignmentManifests.manifest, { body }, options);
  }

  /** @vendor Manifest Consignments From Query @internal */
  static readonly manifestFromQuery = defineOperation({
    name: 'manifestConsignmentsFromQuery',
    method: 'POST',
    path: 'consignments/manifestFromQuery',
    body: ManifestQuerySchema,
    wireBody: manifestQueryBody,
    response: ManifestFromQueryResultSchema,
    result: manifestQueryOutcome,
    retry: 'non-repeatable',
    // A query names no consignment: reconcile lists the consignments it has left, each not manifested.
    outcome: MANIFESTED,
    references: fieldsOfBody('ShippingLocationReference', 'ShippingLocationReferences'),
    // The query is what settling reads again (what still matches it); it holds no personal data.
    settleWith: (call) => ({ body: call.body }),
    // Another query on the same location is another call: the query's digest tells them apart.
    ledgerKey: (call) => ({ asks: { digest: call.body } }),
  });

  /**
   * Manifest Consignments From Query: queues every consignment matching `query` for manifesting (only
   * `Allocated`, `Manifest Failed` and `ReadyToShip` ones are eligible) and reports how many were found,
   * queued and refused: in words in `Message`, and as numbers in `counts` (each `undefined` when the
   * service's wording does not hold it; see {@link ManifestQueryCounts}). Every successful call
   * transmits data to the carrier. Non-repeatable: never sent twice by the SDK.
   *
   * @throws {@link RequestValidationError} before sending, for a filter key the query does not know (a
   *   misspelt `State`) or a query without `States`: ignored or missing, it would manifest every
   *   eligible consignment.
   * @throws {@link OutcomeUnknownError} when consignments may have been queued but no answer came.
   *
   * @example
   * ```ts
   * const { counts } = await orders.manifests.manifestFromQuery({ States: ['ReadyToShip'] });
   * console.log(`${counts.queued} queued, ${counts.failed} refused`);
   * ```
   */
  async manifestFromQuery(query: ManifestQuery, options?: RequestOptions): Promise<ManifestQueryOutcome> {
    // Checked as given before the transport copies it for the wire: the copy drops a key whose value is
    // `undefined`, and an unset location would then read as "every location".
    checkInput(ManifestQuerySchema, query, 'manifest query');
    return transportOf(this).send(ConsignmentManifests.manifestFromQuery, { body: query }, options);
  }

  /** @vendor Get Customer Manifests @internal */
  static readonly list = defineRead({
    name: 'getCustomerManifests',
    path: 'consignments/customer/manifests',
    // The guides answer a bare list; the C# reference, on its route without `customer/`, a
    // `ManifestsView` holding one: either is read as the list. `null` when there is none: read as none.
    response: lazySchema(() => z.union([z.nullish(z.array(ManifestSummarySchema)), ManifestsViewSchema])),
    result: (answer: ManifestSummary[] | ManifestsView | null | undefined) =>
      Array.isArray(answer) || answer == null ? listOrEmpty(answer) : listOrEmpty(answer.Manifests),
  });

  /**
   * Get Customer Manifests: lists the current customer manifests, or only those of one shipping
   * location, in one answer ({@link ConsignmentManifests.search} pages through them by filter). Pass an
   * entry's `ManifestReference` to {@link ConsignmentManifests.get}. The guides answer a bare list, the C#
   * reference a `ManifestsView` holding one: either is read as the list. Repeatable.
   *
   * @param filter - `shippingLocationReference`: list only that location's manifests. Any other key is
   *   refused rather than ignored (a misspelt filter would otherwise list every location).
   * @throws {@link RequestValidationError} before sending, for an unknown key in `filter`.
   */
  async list(
    filter: { shippingLocationReference?: string } = {},
    options?: RequestOptions,
  ): Promise<ManifestSummary[]> {
    const { shippingLocationReference } = checkInput(
      CustomerManifestsFilterSchema,
      filter,
      'getCustomerManifests filter',
    );
    return transportOf(this).send(
      ConsignmentManifests.list,
      { query: { shippingLocationReference } },
      options,
    );
  }

  /** @vendor Get Customer Manifest @internal */
  static readonly get = defineRead({
    name: 'getCustomerManifest',
    path: 'consignments/customer/manifest/{manifestReference}',
    params: { manifestReference: ManifestReferenceSchema },
    response: CustomerManifestResponseSchema,
    result: pdfOf('getCustomerManifest'),
    acceptsText: true,
  });

  /**
   * Get Customer Manifest: downloads a customer manifest and returns the PDF's bytes, decoded from
   * Base64 and checked to be a PDF. Save it with `saveDocument` from `consignkit/node`. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown manifest.
   * @throws {@link ResponseValidationError} when the answer is not Base64 of a PDF.
   *
   * @example
   * ```ts
   * const [latest] = await orders.manifests.list();
   * if (latest) await saveDocument(await orders.manifests.get(latest.ManifestReference), 'manifest.pdf');
   * ```
   */
  get(manifestReference: ManifestReference, options?: RequestOptions): Promise<Uint8Array> {
    return transportOf(this).send(ConsignmentManifests.get, { params: { manifestReference } }, options);
  }

  /** @vendor Get Customer Manifests @internal */
  static readonly search = defineOperation({
    name: 'getCustomerManifestsFiltered',
    method: 'POST',
    path: 'consignments/manifestsfiltered',
    body: ManifestFilterBodySchema,
    response: ManifestsViewSchema,
    result: manifestsPageOf,
    retry: 'repeatable',
  });

  /**
   * Get Customer Manifests (by filter): the customer manifests matching `filter` (made between two
   * times, by carrier, by shipping location), fetched page after page as they are read. Nothing is sent
   * until the search is read. A read, though sent as a `POST`: repeatable.
   *
   * Only the vendor's C# reference documents this route, as `POST /consignments/manifestsfiltered`;
   * its guides write the other customer-manifest routes under `consignments/customer/`, where the
   * reference writes them without `customer/` (see docs/api.md, "Coverage").
   *
   * @param filter - See {@link ManifestFilter}; every key is optional, and an empty filter lists every
   *   manifest.
   * @param search - `pageSize`: how many manifests each request asks for, 1 to 1000 (default 100).
   * @throws {@link RequestValidationError} at once, before anything is sent, for a key the filter does
   *   not know (the service would ignore it and list more than was asked) or a bad `pageSize`.
   *
   * @example
   * ```ts
   * const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
   * for await (const manifest of orders.manifests.search({ CreatedDateStart: since, CarrierNames: ['Royal Mail'] })) {
   *   console.log(manifest.ManifestReference, manifest.BookingsCount);
   * }
   * ```
   */
  search(
    filter: ManifestFilter = {},
    search: { pageSize?: number | undefined } = {},
    options?: RequestOptions,
  ): ManifestSearch {
    const checked = checkInput(ManifestFilterSchema, filter, 'manifests.search filter');
    const pageSize = search.pageSize ?? 100;
    checkInput(pageSizeSchema, pageSize, 'pageSize', ['pageSize']);
    const transport = transportOf(this);
    return manifestSearch(pageSize, (take, skip) =>
      transport.send(ConsignmentManifests.search, { body: { ...checked, Take: take, Skip: skip } }, options),
    );
  }

  /** @vendor Get Customer Manifest file sent to carrier @internal */
  static readonly getFileSentToCarrier = defineRead({
    name: 'getCustomerManifestFileSentToCarrier',
    path: 'consignments/manifestfilesenttocarrier/{manifestReference}',
    params: { manifestReference: ManifestReferenceSchema },
    response: CustomerManifestResponseSchema,
    result: bytesOf('getCustomerManifestFileSentToCarrier'),
    acceptsText: true,
  });

  /**
   * Get Customer Manifest file sent to carrier: the file the service transmitted to the carrier for a
   * customer manifest (its name is the manifest's `ManifestFileNameSentToCarrier`), decoded from Base64
   * to its bytes. Its format is the carrier's (CSV, XML, EDI…), so the bytes are not checked to be a
   * PDF as {@link ConsignmentManifests.get}'s are, and `saveDocument` (which knows labels' and PDFs'
   * formats only) does not take them: write them with `writeFile`. Repeatable.
   *
   * Only the vendor's C# reference documents this route (see {@link ConsignmentManifests.search}).
   *
   * @throws {@link RequestValidationError} before sending, for a reference that is not a manifest's.
   * @throws {@link NotFoundError} for an unknown manifest.
   * @throws {@link ResponseValidationError} when the answer is not Base64.
   *
   * @example
   * ```ts
   * const [latest] = await orders.manifests.list();
   * if (latest?.ManifestFileNameSentToCarrier) {
   *   const file = await orders.manifests.getFileSentToCarrier(latest.ManifestReference);
   *   await writeFile(latest.ManifestFileNameSentToCarrier, file); // from node:fs/promises
   * }
   * ```
   */
  getFileSentToCarrier(manifestReference: ManifestReference, options?: RequestOptions): Promise<Uint8Array> {
    return transportOf(this).send(
      ConsignmentManifests.getFileSentToCarrier,
      { params: { manifestReference } },
      options,
    );
  }

  /** @internal Get Consignment Status, polled until each consignment has moved on. */
  static readonly wait = [Consignments.getStatus];

  /**
   * Waits for queued manifests: reads each consignment's state (Get Consignment Status, repeatable reads
   * only) until it is manifested (or with the carrier), failed (`ManifestFailed`, cancelled, unallocated,
   * not found) or the deadline passes, polling with backoff. `Manifesting` is queued: it comes back
   * `pending` at the deadline, and must never be manifested again. See {@link WaitOptions}.
   *
   * @throws {@link RequestAbortedError} when `options.signal` aborts the wait.
   * @throws {@link RequestValidationError} before any read, for a reference that is not `EC-…`.
   * @throws {@link AuthenticationError} (or another error no later read can change) at once.
   */
  // Async so that a bad reference rejects, as every failure of the wait does, rather than throws.
  async wait(
    consignmentReferences: readonly ConsignmentReference[],
    options?: WaitOptions,
  ): Promise<ConsignmentWaitResult[]> {
    const method = 'manifests.wait';
    return waitFor(
      consignmentWaitPlan(transportOf(this), method, manifestStatus),
      checkedConsignments(method, consignmentReferences),
      options,
    );
  }
}
