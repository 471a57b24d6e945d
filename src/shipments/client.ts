import { ClientBase, transportOf } from '../core/client-base.js';
import type { OutcomeUnknownError, OutcomeUnknownErrorJSON } from '../core/errors.js';
import type { ClientOptions, RequestOptions } from '../core/options.js';
import type { ContentsReference, ShipmentGroupReference, ShipmentReference } from '../core/references.js';
import type { Transport } from '../core/transport.js';
import type { WaitOptions } from '../core/wait-for.js';
import type {
  AllocateResult,
  AllocateWithFiltersResult,
  QuoteReference,
  ShipmentAllocationFilters,
} from './allocation.js';
import * as allocation from './allocation.js';
import type { CustomReferencePaging, ShipmentContentsTracking, TrackingSearch } from './contents-tracking.js';
import * as contentsTracking from './contents-tracking.js';
import type { CustomReferenceTracking } from './custom-reference-tracking.js';
import * as customReferenceTracking from './custom-reference-tracking.js';
import type { CollectionNote } from './documents/collection-notes.js';
import * as collectionNotes from './documents/collection-notes.js';
import type { ShipmentDocument, ShipmentDocumentType } from './documents/customs.js';
import * as documents from './documents/index.js';
import type {
  PaperlessDocument,
  PaperlessDocumentRead,
  PaperlessDocumentReference,
} from './documents/paperless.js';
import * as paperless from './documents/paperless.js';
import type {
  CreateShipmentGroupInput,
  ShipmentGroup,
  ShipmentGroupSelector,
  UpdateShipmentGroupInput,
} from './groups.js';
import * as groups from './groups.js';
import type { ContentsLabelOptions, LabelDocument, LabelOptions } from './labels.js';
import * as labels from './labels.js';
import type { Manifest, ManifestResponse, ShipmentManifestReference } from './manifests.js';
import * as manifests from './manifests.js';
import type { ShipmentQuoteResult } from './quotes.js';
import * as quotes from './quotes.js';
import { reconcile, type ShipmentReconciliation } from './reconcile.js';
import type {
  CreateShipmentRequest,
  Shipment,
  ShipmentCountByState,
  ShipmentStateChangeRequest,
  UpdateShipmentRequest,
} from './shipments/index.js';
import * as shipments from './shipments/index.js';
import type { TrackingResponse } from './tracking.js';
import * as tracking from './tracking.js';
import type { ShipmentWaitResult } from './waiting.js';
import * as waiting from './waiting.js';
import type { ResourceResult } from './wire-shapes.js';

/**
 * The client of area B of the service: shipments from creation to tracking (quotes, allocation,
 * manifests, paperless documents), their labels and documents, and shipment groups.
 *
 * Every method checks its input before sending (a bad one is a {@link RequestValidationError} and
 * nothing goes on the wire), takes a last, optional {@link RequestOptions}, and returns what the service
 * sent, unknown fields and `null`s included. Besides the errors each method lists, any of them can end in
 * an {@link ApiError} subclass for a non-2xx answer, a {@link ResponseValidationError} when the answer
 * does not match its schema (in `'strict'` validation), or a {@link RequestAbortedError}.
 *
 * Reads, quotes, lock and unlock are **repeatable** (retried on timeouts, dropped connections, 408, 429
 * and 5xx, then a {@link TimeoutError} or {@link ConnectionError}); creating, allocating, manifesting,
 * cancelling, deleting, changing a state and group membership changes are **non-repeatable** (retried
 * only when the request provably never reached the service, else {@link OutcomeUnknownError}, which
 * {@link ShipmentsClient.reconcile} settles by reading each shipment's state). Area B's 429 is a broken rule (`conflict`), a {@link ConflictError},
 * and is never retried, unless it carries `Retry-After`: only then is it throttling.
 *
 * @example
 * ```ts
 * import { ShipmentsClient, decodeDocument } from 'consignkit';
 *
 * const shipments = new ShipmentsClient({ apiKey: process.env.SANDBOX_KEY, environment: 'sandbox' });
 * const [label] = await shipments.getLabels('sp_01hzy…', { format: 'PDF', dpi: 300 });
 * const { bytes, extension } = decodeDocument(label); // a checked PDF, '.pdf'
 * await shipments.addShipmentToGroup({ customReference: 'evening-run', version: 'latest' }, 'sp_01hzy…');
 * ```
 */
export class ShipmentsClient extends ClientBase {
  // Its own methods send through it; private, as the base's is.
  readonly #transport: Transport;

  /**
   * Reads the options, then the environment variables (`CONSIGNKIT_SHIPMENTS_API_KEY`, then
   * `CONSIGNKIT_API_KEY`; `CONSIGNKIT_ENVIRONMENT`), and sends nothing until a method is called.
   *
   * @param options - See {@link ClientOptions}; all are optional.
   * @throws {@link ConfigurationError} when no API key is given or found in the environment, or an
   *   option is invalid (an unknown `environment`, a `baseUrl` that is not an absolute URL, a negative
   *   `timeout`…). The message names the option or the variables, never the key.
   *
   * @example
   * ```ts
   * const sandbox = new ShipmentsClient(); // key from CONSIGNKIT_SHIPMENTS_API_KEY, sandbox
   * const production = new ShipmentsClient({ apiKey, environment: 'production', maxRetries: 4 });
   * const mocked = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch }); // consignkit/testing
   * ```
   */
  constructor(options?: ClientOptions) {
    super('shipments', options);
    this.#transport = transportOf(this);
  }

  /**
   * Get Labels: the shipment's labels, always as an array (the service answers one document object,
   * which is wrapped). The path always names the resolution, as the labels OpenAPI file's only path
   * does: without `dpi`, its default, 203. Which formats a shipment offers depends on its carrier; `includeExtension` (default
   * true on the service) controls whether the customer's label extension appears. Decode a result with
   * {@link decodeDocument}, or save it with `saveDocument` or `saveLabels` from `consignkit/node`.
   * Repeatable.
   *
   * @param shipmentRef - The shipment (`sp_…`); it must be allocated to a carrier.
   * @param options - The format, and optionally `dpi`, `includeExtension` and (BMP only) `rotation`. The
   *   format is taken in any case (the vendor's OpenAPI writes `pdf`, the spec `PDF`) and sent in lower
   *   case, as the OpenAPI files' format enum (`pdf`, `zpl`) has it. BMP and the query parameters
   *   (`include_extension`, `rotation`) come from the spec and are in none of the vendor's files.
   * @remarks BMP labels and `rotation` come from our service spec, not from any vendor file (the labels
   *   OpenAPI file lists `pdf` and `zpl` only): the mock serves them, but the real service may refuse them.
   * @throws {@link RequestValidationError} before sending, for example for `rotation` with a format other
   *   than BMP, a `dpi` other than 203, 300 or 600, or a misspelt option.
   * @throws {@link NotFoundError} for an unknown shipment, or one not allocated to a carrier.
   * @throws {@link ApiError} for a format the shipment's carrier does not offer.
   */
  async getLabels(
    shipmentRef: ShipmentReference,
    options: LabelOptions,
    requestOptions?: RequestOptions,
  ): Promise<[LabelDocument, ...LabelDocument[]]> {
    return labels.getLabels(this.#transport, shipmentRef, options, requestOptions);
  }

  /**
   * Get Contents Label: the label of one contents item of a shipment, in PDF or ZPL at the resolution
   * given, always as an array. Repeatable.
   *
   * @param shipmentRef - The shipment (`sp_…`); it must be allocated to a carrier.
   * @param contentsRef - The contents item (`sc_…`, from the shipment's `contents.reference`), not the
   *   shipment's `sp_…`.
   * @throws {@link RequestValidationError} before sending, for example for an `sp_` contents reference,
   *   BMP, or a missing `dpi`.
   * @throws {@link NotFoundError} when the shipment or the contents item is unknown, or the shipment is
   *   not allocated.
   */
  async getContentsLabel(
    shipmentRef: ShipmentReference,
    contentsRef: ContentsReference,
    options: ContentsLabelOptions,
    requestOptions?: RequestOptions,
  ): Promise<[LabelDocument, ...LabelDocument[]]> {
    return labels.getContentsLabel(this.#transport, shipmentRef, contentsRef, options, requestOptions);
  }

  /**
   * Update Shipment Group: adds and removes shipments in one request; the group must be open and
   * unlocked. The body is sent as written, except an empty `add_shipments` or `remove_shipments`, which
   * is left out (the service requires at least one entry in a list it is sent). The service checks each
   * reference's format but not that the shipment exists: a well-formed reference to no shipment is still
   * answered 200. A shipment already as asked, or one that breaks a membership rule (in another open
   * group, not allocated), is left out and named in the result's `errors` (207), the rest applied.
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a reference that is not `sg_…` or `sp_…`,
   *   a body that names no shipment at all, or a list of more than 10,000.
   * @throws {@link ConflictError} when the group is locked or not open (409), or, from a service that
   *   answers as the data contracts write, a broken membership rule (429 `conflict`).
   * @throws {@link OutcomeUnknownError} when the change may have been made but no answer came.
   */
  async updateShipmentGroup(
    input: UpdateShipmentGroupInput,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult<ShipmentGroupReference>> {
    return groups.updateShipmentGroup(this.#transport, input, requestOptions);
  }

  /**
   * Add Shipment to Group: adds one shipment to an open, unlocked group, given by its reference
   * (`{ reference: 'sg_…' }`) or by its custom reference and a version (`{ customReference, version }`,
   * `version` a positive integer or `'latest'`). A shipment can be in at most one open group.
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a malformed selector or reference.
   * @throws {@link ConflictError} when the group is locked or not open, or the shipment is already in an
   *   open group.
   * @throws {@link NotFoundError} for an unknown group or shipment.
   * @throws {@link OutcomeUnknownError} when it may have been added but no answer came.
   */
  async addShipmentToGroup(
    group: ShipmentGroupSelector,
    shipmentRef: ShipmentReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return groups.addShipmentToGroup(this.#transport, group, shipmentRef, requestOptions);
  }

  /**
   * Remove Shipment from Group: removes one member of an open, unlocked group, the group given as for
   * {@link ShipmentsClient.addShipmentToGroup}. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a malformed selector or reference.
   * @throws {@link ConflictError} when the group is locked or not open, or the shipment is not a member.
   * @throws {@link NotFoundError} for an unknown group.
   * @throws {@link OutcomeUnknownError} when it may have been removed but no answer came.
   */
  async removeShipmentFromGroup(
    group: ShipmentGroupSelector,
    shipmentRef: ShipmentReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return groups.removeShipmentFromGroup(this.#transport, group, shipmentRef, requestOptions);
  }

  /**
   * Lock Shipment Group: the group's state becomes `locked`, and its shipments can no longer change
   * until it is unlocked. Only an open group can be locked.
   * Repeatable. After an attempt whose answer was lost (a timeout, a failed connection, a 5xx), a retry
   * that meets "already" (304, or 409) resolves with `{ reference }` only once a read of the group shows
   * the change made; a 409 for another reason stays a {@link ConflictError}, so a change that never
   * happened is never reported. At the first attempt, 304 and 409 alike are a {@link ConflictError}
   * (`status` 304 or 409): the group was already so.
   *
   * @throws {@link ConflictError} when the group is closed, or already locked at the first attempt.
   * @throws {@link NotFoundError} for an unknown group.
   */
  async lockShipmentGroup(
    groupRef: ShipmentGroupReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult<ShipmentGroupReference>> {
    return groups.lockShipmentGroup(this.#transport, groupRef, requestOptions);
  }

  /**
   * Unlock Shipment Group: the group's state is `open` again, and its shipments can change.
   * Repeatable. After an attempt whose answer was lost (a timeout, a failed connection, a 5xx), a retry
   * that meets "already" (304, or 409) resolves with `{ reference }` only once a read of the group shows
   * the change made; a 409 for another reason stays a {@link ConflictError}, so a change that never
   * happened is never reported. At the first attempt, 304 and 409 alike are a {@link ConflictError}
   * (`status` 304 or 409): the group was already so.
   *
   * @throws {@link ConflictError} when the group is already unlocked (or closed) at the first attempt.
   * @throws {@link NotFoundError} for an unknown group.
   */
  async unlockShipmentGroup(
    groupRef: ShipmentGroupReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult<ShipmentGroupReference>> {
    return groups.unlockShipmentGroup(this.#transport, groupRef, requestOptions);
  }

  /**
   * Create Shipment Group: a new open group with the shipments given (1 to 10,000: the service requires
   * at least one). Only the fields given are sent. Returns its resource result, whose `reference` is the
   * new `sg_…` and whose `version` counts the groups made with its custom reference (the second
   * `evening-run` is 2); when some shipments could not be added the service answers 207 and the result's
   * `errors` lists them. Non-repeatable: a group sent twice would be made twice (or the second refused
   * for its custom reference).
   *
   * @param input - `shipments`, and optionally `custom_reference` (5 to 50 characters, any, unique
   *   among the groups not closed). Set it: without one, a lost answer cannot be looked for.
   * @throws {@link RequestValidationError} before sending, for an empty or missing `shipments`, a bad
   *   custom reference, a reference that is not `sp_…`, or an unknown key.
   * @throws {@link BadRequestError} when a group not closed already has that custom reference.
   * @throws {@link OutcomeUnknownError} when the group may have been made but no answer came: look for
   *   it by its custom reference before sending again.
   */
  async createShipmentGroup(
    input: CreateShipmentGroupInput,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult<ShipmentGroupReference>> {
    return groups.createShipmentGroup(this.#transport, input, requestOptions);
  }

  /**
   * Get Shipment Group: the group's state (`open`, `locked` or `closed`), version (how many groups have
   * used its custom reference), shipments (`null` when it has none), and when it was created, locked and
   * closed. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown group.
   */
  async getShipmentGroup(
    groupRef: ShipmentGroupReference,
    requestOptions?: RequestOptions,
  ): Promise<ShipmentGroup> {
    return groups.getShipmentGroup(this.#transport, groupRef, requestOptions);
  }

  /**
   * Close Shipment Group: the group is final and refuses every change from then on. It must be locked
   * first.
   * Repeatable. After an attempt whose answer was lost (a timeout, a failed connection, a 5xx), a retry
   * that meets "already" (304, or 409) resolves with `{ reference }` only once a read of the group shows
   * the change made; a 409 for another reason stays a {@link ConflictError}, so a change that never
   * happened is never reported. At the first attempt, 304 and 409 alike are a {@link ConflictError}
   * (`status` 304 or 409): the group was already so.
   *
   * @throws {@link ConflictError} when the group is not locked, or is already closed.
   * @throws {@link NotFoundError} for an unknown group.
   */
  async closeShipmentGroup(
    groupRef: ShipmentGroupReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult<ShipmentGroupReference>> {
    return groups.closeShipmentGroup(this.#transport, groupRef, requestOptions);
  }

  /**
   * Get Documents: a shipment's documents other than its labels (a commercial invoice, a CN22 or CN23
   * for an international shipment), each a document object that {@link decodeDocument} and
   * `saveDocument` take. An empty list when the service has none (it answers 204). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment.
   */
  async getDocuments(
    shipmentRef: ShipmentReference,
    requestOptions?: RequestOptions,
  ): Promise<ShipmentDocument[]> {
    return documents.getDocuments(this.#transport, shipmentRef, requestOptions);
  }

  /**
   * Get Document: one of a shipment's documents by type (`commercial_invoice`, `cn22`, `cn23`: the
   * files' Get Commercial Invoice, Get CN22 and Get CN23). `null` when the shipment has no document of
   * that type (the service answers 204 with no body, for example a domestic shipment's CN22).
   * Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a type other than those three (the vendor
   *   has no route for it; a collection note comes from {@link ShipmentsClient.getCollectionNote}), and
   *   for `label`: labels come only from {@link ShipmentsClient.getLabels} and
   *   {@link ShipmentsClient.getContentsLabel}.
   * @throws {@link NotFoundError} for an unknown shipment.
   */
  async getDocument(
    shipmentRef: ShipmentReference,
    documentType: ShipmentDocumentType,
    requestOptions?: RequestOptions,
  ): Promise<ShipmentDocument | null> {
    return documents.getDocument(this.#transport, shipmentRef, documentType, requestOptions);
  }

  /**
   * Create Shipment: records a new shipment, `unallocated`, with no labels yet. Returns its resource
   * result (201), whose `reference` is the new `sp_…`. Set `custom_reference`: area B has no search, and
   * it is the only way to recognise a shipment whose creation was not confirmed. Non-repeatable: every
   * call makes a new shipment.
   *
   * @param input - The shipment: `shipment_type`, `direction`, at least one `contents` item and at least
   *   two `addresses` (an `origin` and a `destination`), as the vendor's CreateShipmentRequest.
   * @throws {@link RequestValidationError} before sending, for a missing or misspelt field, or one over its
   *   length limit.
   * @throws {@link BadRequestError} when the service refuses it (`validation_error`, with `details`).
   * @throws {@link OutcomeUnknownError} when it may have been created but no answer came. Nothing can read
   *   it back ({@link ShipmentsClient.reconcile} says so): look for your `custom_reference` before
   *   creating it again.
   */
  createShipment(
    input: CreateShipmentRequest,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentReference>> {
    return shipments.createShipment(this.#transport, input, options);
  }

  /**
   * Get Shipment: the shipment as stored, with its `state` (poll it after any queued operation), its
   * `allocation` (missing or `null` until allocated), `label_details` and paperless documents.
   * Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment, or one of another account.
   */
  getShipment(shipmentRef: ShipmentReference, options?: RequestOptions): Promise<Shipment> {
    return shipments.getShipment(this.#transport, shipmentRef, options);
  }

  /**
   * Update Shipment, **only in the vendor's older OpenAPI file** (the newest files dropped it): replaces
   * the whole shipment (any field left out is erased) while it is unallocated. A 304 (nothing changed)
   * resolves as done. Repeatable: the same replace twice leaves it as once.
   *
   * @param input - `reference` and the whole shipment, as for {@link ShipmentsClient.createShipment}.
   * @throws {@link RequestValidationError} before sending, as for `createShipment`.
   * @throws {@link BadRequestError} when the shipment can no longer be changed, or the body is refused.
   * @throws {@link NotFoundError} for an unknown shipment.
   */
  updateShipment(
    input: UpdateShipmentRequest,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentReference>> {
    return shipments.updateShipment(this.#transport, input, options);
  }

  /**
   * Delete Shipment: removes a `cancelled` shipment and its history, for good. Answers 200, or 202 when
   * queued. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the shipment is not cancelled.
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have been deleted but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile} (a shipment no longer found is deleted).
   */
  deleteShipment(
    shipmentRef: ShipmentReference,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentReference>> {
    return shipments.deleteShipment(this.#transport, shipmentRef, options);
  }

  /**
   * Cancel Shipment: the shipment goes to `cancelling`, then `cancelled` (final: only delete remains),
   * and the carrier's booking is cancelled. Only before it is manifested. Answers 200, or 202 when queued;
   * a 304 (nothing changed: already cancelled) resolves as done. Non-repeatable.
   *
   * @throws {@link ConflictError} when it can no longer be cancelled (manifested or later).
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have been cancelled but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  cancelShipment(
    shipmentRef: ShipmentReference,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentReference>> {
    return shipments.cancelShipment(this.#transport, shipmentRef, options);
  }

  /**
   * Change Shipment State: sets a state by hand, for exceptions (no tracking from the carrier…), with a
   * reason kept in the audit trail. Only some changes are allowed; `unallocated` to `allocated` never is.
   * A 304 (the shipment already has that state) resolves as done. Non-repeatable.
   *
   * @param input - `reference` (`sp_…`, 35 characters), `state`, and `reason` (5 to 100 characters).
   * @throws {@link RequestValidationError} before sending, for a short reason or a malformed reference.
   * @throws {@link BadRequestError} for a change not allowed (`invalid_state_for_operation`), a state only
   *   the platform sets (`system_shipment_state`) or an unknown one (`invalid_shipment_state`).
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have changed but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  changeShipmentState(
    input: ShipmentStateChangeRequest,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentReference>> {
    return shipments.changeShipmentState(this.#transport, input, options);
  }

  /**
   * Shipment State Counts, **only in the vendor's older OpenAPI file**: how many of your shipments are in
   * each state. Repeatable.
   *
   * @throws {@link PermissionDeniedError} when the key may not read them.
   */
  getShipmentStateCounts(options?: RequestOptions): Promise<ShipmentCountByState> {
    return shipments.getShipmentStateCounts(this.#transport, options);
  }

  /**
   * Create Quote: prices a shipment before it exists, from your account's default allocation rules
   * (201). Nothing is created. A quote can only allocate the shipment it was made for: after creating
   * the shipment, ask {@link ShipmentsClient.getQuotesForShipment}, or allocate with the chosen quote's
   * `carrier.service_reference`. Repeatable: asking again only makes another quote.
   *
   * @throws {@link RequestValidationError} before sending, as for `createShipment`.
   * @throws {@link BadRequestError} when the service refuses the shipment.
   * @throws {@link InternalServerError} with `status` 531 and `code` `no_quotes_available` when no service
   *   can carry it (a business outcome, not retried; its `body` says why).
   */
  createQuote(input: CreateShipmentRequest, options?: RequestOptions): Promise<ShipmentQuoteResult> {
    return quotes.createQuote(this.#transport, input, options);
  }

  /**
   * Get Quote: quotes for a shipment that exists (201). Allocate with one with
   * {@link ShipmentsClient.allocateShipmentWithQuote} before its `expires`. Sent as `POST`, as the
   * OpenAPI files write it. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link InternalServerError} with `status` 531 (`no_quotes_available`) when nothing can carry it.
   */
  getQuotesForShipment(
    shipmentRef: ShipmentReference,
    options?: RequestOptions,
  ): Promise<ShipmentQuoteResult> {
    return quotes.getQuotesForShipment(this.#transport, shipmentRef, options);
  }

  /**
   * Create Quote within a Service Group, **only in the vendor's older OpenAPI file**: as
   * {@link ShipmentsClient.createQuote}, among one carrier service group's services. Repeatable.
   *
   * @param serviceGroup - The carrier service group's reference (`valuableGoods`): not a shipment group.
   * @throws {@link InternalServerError} with `status` 531 (`no_quotes_available`) when nothing can carry it.
   */
  createQuoteForServiceGroup(
    serviceGroup: string,
    input: CreateShipmentRequest,
    options?: RequestOptions,
  ): Promise<ShipmentQuoteResult> {
    return quotes.createQuoteForServiceGroup(this.#transport, serviceGroup, input, options);
  }

  /**
   * Allocate Shipments with Default Rules: queues 1 to 100 `unallocated` or `allocation_failed` shipments
   * for allocation by your account's rules (202, one result each, `state` `allocating`); follow each with
   * {@link ShipmentsClient.getShipment}. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for no shipment, more than 100, or one that is
   *   not `sp_…`.
   * @throws {@link ApiError} with `status` 407 when some were allocated and others not (the file's
   *   partial success, with an error body): read each shipment's state. Node's and browsers' `fetch`
   *   turn a 407 into a network error (the fetch standard reserves 407 for proxies), so with them this
   *   answer arrives as the {@link OutcomeUnknownError} below.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came (or a 407 that
   *   fetch would not read): settle it with {@link ShipmentsClient.reconcile}.
   */
  allocateShipments(shipmentRefs: ShipmentReference[], options?: RequestOptions): Promise<AllocateResult[]> {
    return allocation.allocateShipments(this.#transport, shipmentRefs, options);
  }

  /**
   * Allocate Shipments with Filters: queues 1 to 100 shipments for the services matching the filters
   * (`direction`, and optionally `tags`, `pickup`, `drop_off`). Answers the request's reference and links
   * to the shipments queued (202). Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for no shipment, more than 100, or a bad filter.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateShipmentsWithFilters(
    shipmentRefs: ShipmentReference[],
    filters: ShipmentAllocationFilters,
    options?: RequestOptions,
  ): Promise<AllocateWithFiltersResult> {
    return allocation.allocateShipmentsWithFilters(this.#transport, shipmentRefs, filters, options);
  }

  /**
   * Allocate Shipments with Carrier Service: queues 1 to 100 shipments for one carrier service (202);
   * a 207 (some queued, some not) is answered the same way, one result each: check each `state`.
   * Non-repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment or service.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateShipmentsWithCarrierService(
    shipmentRefs: ShipmentReference[],
    carrierServiceReference: string,
    options?: RequestOptions,
  ): Promise<AllocateResult[]> {
    return allocation.allocateShipmentsWithCarrierService(
      this.#transport,
      shipmentRefs,
      carrierServiceReference,
      options,
    );
  }

  /**
   * Allocate Shipments with Service Group: queues 1 to 100 shipments for the cheapest service of a
   * carrier service group (202). The file's 407 (some allocated, some not) carries one result each and is
   * returned as they are: check each `state`. Only a `fetch` that hands a 407 over reads it so: Node's
   * and browsers' `fetch` turn a 407 into a network error (the fetch standard reserves it for proxies),
   * which is an {@link OutcomeUnknownError} here. Non-repeatable.
   *
   * @param serviceGroup - The carrier service group's reference (`valuableGoods`): not a shipment group.
   * @throws {@link NotFoundError} for an unknown shipment or service group.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came (or a 407 that
   *   fetch would not read): settle it with {@link ShipmentsClient.reconcile}.
   */
  allocateShipmentsWithServiceGroup(
    shipmentRefs: ShipmentReference[],
    serviceGroup: string,
    options?: RequestOptions,
  ): Promise<AllocateResult[]> {
    return allocation.allocateShipmentsWithServiceGroup(this.#transport, shipmentRefs, serviceGroup, options);
  }

  /**
   * Allocate Shipment with Default Rules, **only in the vendor's older OpenAPI file**: allocates one
   * `unallocated` or `allocation_failed` shipment by your account's rules; 200 when allocated, 202 when
   * queued. Check `state`: a 2xx can still say `allocation_failed`. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the shipment is in a state that cannot be allocated.
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateShipment(shipmentRef: ShipmentReference, options?: RequestOptions): Promise<AllocateResult> {
    return allocation.allocateShipment(this.#transport, shipmentRef, options);
  }

  /**
   * Allocate Shipment with Quote: allocates the shipment with a quote made for it (`qu_…`, from
   * {@link ShipmentsClient.getQuotesForShipment}) before it expires; 200 when allocated (labels can then
   * be fetched), 202 when queued. Check `state`. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a reference that is not `qu_…` (the quote
   *   result's own `qc_…` never allocates).
   * @throws {@link NotFoundError} for an unknown shipment or quote.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateShipmentWithQuote(
    shipmentRef: ShipmentReference,
    quoteRef: QuoteReference,
    options?: RequestOptions,
  ): Promise<AllocateResult> {
    return allocation.allocateShipmentWithQuote(this.#transport, shipmentRef, quoteRef, options);
  }

  /**
   * Allocate Shipment with Carrier Service: allocates the shipment to one carrier service, if your
   * allocation rules allow it; 200 when allocated, 202 when queued. Check `state`. Non-repeatable.
   *
   * @param serviceReference - The carrier service's reference (`FF_LINET-00001`).
   * @throws {@link NotFoundError} for an unknown shipment or service.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateShipmentWithCarrierService(
    shipmentRef: ShipmentReference,
    serviceReference: string,
    options?: RequestOptions,
  ): Promise<AllocateResult> {
    return allocation.allocateShipmentWithCarrierService(
      this.#transport,
      shipmentRef,
      serviceReference,
      options,
    );
  }

  /**
   * Allocate Shipment with Service Group: allocates the shipment to the cheapest eligible service of a
   * carrier service group; 200 when allocated, 202 when queued. Check `state`. Non-repeatable.
   *
   * @param serviceGroup - The carrier service group's reference (`valuableGoods`): not a shipment group.
   * @throws {@link NotFoundError} for an unknown shipment or service group.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateShipmentWithServiceGroup(
    shipmentRef: ShipmentReference,
    serviceGroup: string,
    options?: RequestOptions,
  ): Promise<AllocateResult> {
    return allocation.allocateShipmentWithServiceGroup(this.#transport, shipmentRef, serviceGroup, options);
  }

  /**
   * Allocate Shipment with Virtual Service: allocates by a reference that names either a carrier
   * service or a service group (200). Check `state`. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the reference names both (`non_unique_reference`).
   * @throws {@link NotFoundError} when it names neither, or for an unknown shipment.
   * @throws {@link ShipmentAllocationError} (an {@link AllocationError}, not a 5xx) on a 521: why, and what to try.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  allocateShipmentWithVirtualService(
    shipmentRef: ShipmentReference,
    virtualService: string,
    options?: RequestOptions,
  ): Promise<AllocateResult> {
    return allocation.allocateShipmentWithVirtualService(
      this.#transport,
      shipmentRef,
      virtualService,
      options,
    );
  }

  /**
   * De-allocate Shipment, **only in the vendor's older OpenAPI file**: undoes an allocation (not once in
   * transit); 200, or 202 when queued. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the shipment is not allocated, or is in transit.
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have been de-allocated but no answer came: settle it
   *   with {@link ShipmentsClient.reconcile}.
   */
  deallocateShipment(
    shipmentRef: ShipmentReference,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentReference>> {
    return allocation.deallocateShipment(this.#transport, shipmentRef, options);
  }

  /**
   * Manifest Shipment: queues one `allocated`, `ready_to_ship` or `manifest_failed` shipment for the
   * carrier's manifest (202); it becomes `manifesting`, then `manifested` or `manifest_failed` in a batch
   * minutes later. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the shipment is in a state that cannot be manifested.
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have been queued but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  manifestShipment(shipmentRef: ShipmentReference, options?: RequestOptions): Promise<ManifestResponse> {
    return manifests.manifestShipment(this.#transport, shipmentRef, options);
  }

  /**
   * Manifest Shipments: as {@link ShipmentsClient.manifestShipment}, for 1 to 100 shipments; one result
   * per carrier. Batch them around collection times: each manifest goes on to the carrier.
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for no shipment or more than 100.
   * @throws {@link NotFoundError} when any is unknown.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   */
  manifestShipments(shipmentRefs: ShipmentReference[], options?: RequestOptions): Promise<ManifestResponse> {
    return manifests.manifestShipments(this.#transport, shipmentRefs, options);
  }

  /**
   * Manifest Shipment Group, **only in the vendor's older OpenAPI file**: manifests the group's members
   * not manifested yet (202). Non-repeatable: its effect depends on which members are still unmanifested.
   *
   * @throws {@link NotFoundError} for an unknown group.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came:
   *   {@link ShipmentsClient.reconcile} reads the group's members and each one's state.
   */
  manifestShipmentGroup(
    groupRef: ShipmentGroupReference,
    options?: RequestOptions,
  ): Promise<ManifestResponse> {
    return manifests.manifestShipmentGroup(this.#transport, groupRef, options);
  }

  /**
   * Get Manifest: a manifest's shipments and when it was made. Repeatable.
   *
   * @param manifestRef - The `ma_…` of a {@link ManifestResult}.
   * @throws {@link NotFoundError} for an unknown manifest.
   */
  getManifest(manifestRef: ShipmentManifestReference, options?: RequestOptions): Promise<Manifest> {
    return manifests.getManifest(this.#transport, manifestRef, options);
  }

  /**
   * Get Tracking Events: the carrier's tracking numbers and events of a shipment, and when it is
   * expected. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment, or one with no tracking yet (not allocated).
   */
  getTracking(shipmentRef: ShipmentReference, options?: RequestOptions): Promise<TrackingResponse> {
    return tracking.getTracking(this.#transport, shipmentRef, options);
  }

  /**
   * Get Contents-Level Tracking Events (`GET /tracking/{ref}/shipment_contents`): a shipment's tracking
   * with one entry per contents item (`sc_…`), each with its carrier numbers and events. Only the
   * vendor's guides document it (no OpenAPI file has it). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment, or one with no tracking yet (not allocated).
   */
  getShipmentContentsTracking(
    shipmentRef: ShipmentReference,
    options?: RequestOptions,
  ): Promise<ShipmentContentsTracking> {
    return contentsTracking.getShipmentContentsTracking(this.#transport, shipmentRef, options);
  }

  /**
   * Get Tracking Events by Custom Reference (`GET /tracking/custom_reference/{customReference}`): the
   * tracking of every shipment with that `custom_reference`, a page at a time (`take` at most 10, then
   * `skip`), as it is read. Only the vendor's guides document it; their example names the carrier
   * `carrier_details`, which is read as sent. Repeatable.
   *
   * ```ts
   * for await (const tracked of shipments.getTrackingByCustomReference('ORDER-1001')) console.log(tracked.events);
   * ```
   *
   * @param paging - `pageSize`: shipments a request asks for, 1 to 10 (default 10).
   * @throws {@link RequestValidationError} at once, for a custom reference not 1 to 50 characters or a
   *   bad `pageSize`.
   * @throws {@link NotFoundError} when read, if no tracked shipment has the custom reference (the
   *   service answers 404, as Find Shipments does when nothing matches).
   */
  getTrackingByCustomReference(
    customReference: string,
    paging?: CustomReferencePaging,
    options?: RequestOptions,
  ): TrackingSearch<CustomReferenceTracking> {
    return customReferenceTracking.getTrackingByCustomReference(
      this.#transport,
      customReference,
      paging,
      options,
    );
  }

  /**
   * Get Contents-Level Tracking Events by Custom Reference
   * (`GET /tracking/custom_reference/{customReference}/shipment_contents`): the contents-level tracking
   * of every shipment holding contents items with that `custom_reference` (the items', not the
   * shipment's), a page at a time as it is read. Only the vendor's guides document it. Repeatable.
   *
   * @param paging - `pageSize`: shipments a request asks for, 1 to 10 (default 10).
   * @throws {@link RequestValidationError} at once, for a custom reference not 1 to 50 characters or a
   *   bad `pageSize`.
   * @throws {@link NotFoundError} when read, if no tracked shipment holds contents with that reference.
   */
  getShipmentContentsTrackingByCustomReference(
    customReference: string,
    paging?: CustomReferencePaging,
    options?: RequestOptions,
  ): TrackingSearch<ShipmentContentsTracking> {
    return contentsTracking.getShipmentContentsTrackingByCustomReference(
      this.#transport,
      customReference,
      paging,
      options,
    );
  }

  /**
   * Get Collection Note: the driver's sheet of a locked (or closed) shipment group, a document object
   * ({@link decodeDocument} takes it; its `dpi` may be `null`). The group is given by its reference
   * (`{ reference: 'sg_…' }`) or by its custom reference and a version (`{ customReference, version }`,
   * `version` a positive integer or `'latest'`): each is its own route of the vendor's file. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a malformed selector.
   * @throws {@link BadRequestError} when the group is still open.
   * @throws {@link NotFoundError} for an unknown group.
   */
  getCollectionNote(group: ShipmentGroupSelector, options?: RequestOptions): Promise<CollectionNote> {
    return collectionNotes.getCollectionNote(this.#transport, group, options);
  }

  /**
   * Add Paperless Document: stores a document (at most 5 MB, Base64) that goes to the carrier with the
   * shipment's data at allocation, if the carrier supports paperless trade. Only while the shipment is
   * `unallocated` or `allocation_failed`. Answers 202 with the document's `pd_…` as `reference`.
   * Non-repeatable: a document added twice is held twice.
   *
   * @throws {@link RequestValidationError} before sending, for a missing field or a format not 3 characters.
   * @throws {@link ConflictError} when the shipment is already allocated.
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have been added but no answer came: read
   *   {@link ShipmentsClient.getShipment}'s `paperless_documents` before adding it again.
   */
  addPaperlessDocument(
    shipmentRef: ShipmentReference,
    document: PaperlessDocument,
    options?: RequestOptions,
  ): Promise<ResourceResult<PaperlessDocumentReference>> {
    return paperless.addPaperlessDocument(this.#transport, shipmentRef, document, options);
  }

  /**
   * Get Paperless Document: the document as stored, and `processing: true` when the service answered
   * 221 (still being processed, a virus scan…). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown document.
   * @throws {@link ApiError} with `status` 410 when it was removed (`resource_removed`) or quarantined
   *   (`resource_quarantined`).
   */
  getPaperlessDocument(
    documentRef: PaperlessDocumentReference,
    options?: RequestOptions,
  ): Promise<PaperlessDocumentRead> {
    return paperless.getPaperlessDocument(this.#transport, documentRef, options);
  }

  /**
   * Remove Paperless Document: while the shipment is `unallocated` or `allocation_failed` (202).
   * Repeatable: a retry whose earlier attempt's answer was lost and that meets "not found" (404) or
   * "removed" (410) resolves as removed, with `{ reference }` only.
   *
   * @throws {@link ConflictError} when the shipment is no longer unallocated.
   * @throws {@link NotFoundError} for an unknown document, at the first attempt.
   */
  removePaperlessDocument(
    documentRef: PaperlessDocumentReference,
    options?: RequestOptions,
  ): Promise<ResourceResult<PaperlessDocumentReference>> {
    return paperless.removePaperlessDocument(this.#transport, documentRef, options);
  }

  /**
   * Settles an {@link OutcomeUnknownError} of a shipment operation (create excepted), or its stored form
   * ({@link OutcomeUnknownError.toJSON}, from any process), by reading: for
   * each shipment it named (a group's members, for `manifestShipmentGroup`), its state now and whether
   * the change happened (`done`). Sends nothing again; resend only what is `done: false`.
   *
   * @throws {@link ConfigurationError} for another error, or an operation no read can settle (a
   *   `createShipment`: area B has no search, so set `custom_reference`; an `addPaperlessDocument`); the
   *   message says what to do instead.
   * @throws {@link ApiError} as {@link ShipmentsClient.getShipment} does (a shipment not found reads as
   *   deleted for `deleteShipment`, as nothing concluded otherwise).
   */
  reconcile(
    outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
    options?: RequestOptions,
  ): Promise<ShipmentReconciliation[]> {
    return reconcile(this.#transport, outcome, options);
  }

  /**
   * Waits for queued allocations: reads each shipment (Get Shipment, repeatable reads only) until it is
   * allocated (or past it: booked, ready to ship, manifested…), failed (`allocation_failed`, cancelled, not
   * found) or the deadline passes, polling with backoff. `allocating` is queued: it comes back `pending`
   * at the deadline, and must never be allocated again. See {@link WaitOptions}.
   *
   * @throws {@link RequestAbortedError} when `options.signal` aborts the wait.
   * @throws {@link RequestValidationError} before any read, for a reference that is not `sp_…`.
   * @throws {@link AuthenticationError} (or another error no later read can change) at once.
   */
  waitForAllocation(
    references: readonly ShipmentReference[],
    options?: WaitOptions,
  ): Promise<ShipmentWaitResult[]> {
    return waiting.waitForAllocation(this.#transport, references, options);
  }

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
  waitForManifest(
    references: readonly ShipmentReference[],
    options?: WaitOptions,
  ): Promise<ShipmentWaitResult[]> {
    return waiting.waitForManifest(this.#transport, references, options);
  }
}
