import { ClientBase, transportOf } from '../core/client-base.js';
import { declaredOperations } from '../core/declared-methods.js';
import type { OutcomeUnknownError, OutcomeUnknownErrorJSON } from '../core/errors.js';
import type { ClientOptions, RequestOptions } from '../core/options.js';
import type { ShipmentReference } from '../core/references.js';
import { ShipmentAllocator } from './allocation.js';
import { ShipmentDocuments } from './documents/documents.js';
import { ShipmentGroups } from './groups/groups.js';
import { ShipmentLabels } from './labels.js';
import { ShipmentManifests } from './manifests.js';
import { ShipmentQuotes } from './quotes.js';
import { reconcile, type ShipmentReconcileOptions, type ShipmentReconciliation } from './reconcile.js';
import { shipmentOperations } from './shipments/operations.js';
import type { CreateShipmentRequest } from './shipments/request.js';
import type {
  Shipment,
  ShipmentCountByState,
  ShipmentResult,
  ShipmentStateChangeRequest,
  UpdateShipmentRequest,
} from './shipments/shipments.js';
import { ShipmentTracking } from './tracking.js';

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
 * const { reference } = await shipments.create(request); // its own verbs on the client
 * await shipments.allocation.allocate(reference); // the rest by resource
 * const [label] = await shipments.labels.get(reference, { format: 'PDF', dpi: 300 });
 * const { bytes, extension } = decodeDocument(label); // a checked PDF, '.pdf'
 * await shipments.groups.addShipment({ customReference: 'evening-run', version: 'latest' }, reference);
 * ```
 */
export class ShipmentsClient extends ClientBase {
  /** Quotes for a shipment, before or after it is created. */
  readonly quotes: ShipmentQuotes;
  /** Allocating shipments to carrier services, and deallocating them. */
  readonly allocation: ShipmentAllocator;
  /** Manifesting shipments to their carriers, and reading manifests. */
  readonly manifests: ShipmentManifests;
  /** A shipment's and its contents' labels. */
  readonly labels: ShipmentLabels;
  /** Shipment groups: membership, lock, unlock, close and manifest. */
  readonly groups: ShipmentGroups;
  /** A shipment's customs documents, a group's collection note, and paperless documents (`documents.paperless`). */
  readonly documents: ShipmentDocuments;
  /** A shipment's tracking events, by reference or custom reference, whole or by contents. */
  readonly tracking: ShipmentTracking;

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
    this.quotes = new ShipmentQuotes(this);
    this.allocation = new ShipmentAllocator(this);
    this.manifests = new ShipmentManifests(this);
    this.labels = new ShipmentLabels(this);
    this.groups = new ShipmentGroups(this);
    this.documents = new ShipmentDocuments(this);
    this.tracking = new ShipmentTracking(this);
  }

  /** @internal */
  static readonly create = shipmentOperations.create;

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
   *
   * @example
   * ```ts
   * const { reference } = await shipments.create({ ...request, custom_reference: 'ORDER-1001' });
   * ```
   */
  create(input: CreateShipmentRequest, options?: RequestOptions): Promise<ShipmentResult> {
    return transportOf(this).send(ShipmentsClient.create, { body: input }, options);
  }

  /** @internal */
  static readonly get = shipmentOperations.get;

  /**
   * Get Shipment: the shipment as stored, with its `state` (poll it after any queued operation), its
   * `allocation` (missing or `null` until allocated), `label_details` and paperless documents.
   * Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment, or one of another account.
   *
   * @example
   * ```ts
   * const { state, allocation } = await shipments.get('sp_01hzy…');
   * ```
   */
  get(shipmentReference: ShipmentReference, options?: RequestOptions): Promise<Shipment> {
    return transportOf(this).send(ShipmentsClient.get, { params: { shipmentReference } }, options);
  }

  /** @internal */
  static readonly update = shipmentOperations.update;

  /**
   * Update Shipment, **only in the vendor's older OpenAPI file** (the newest files dropped it): replaces
   * the whole shipment (any field left out is erased) while it is unallocated. A 304 (nothing changed)
   * resolves as done. Repeatable: the same replace twice leaves it as once.
   *
   * @param input - `reference` and the whole shipment, as for {@link ShipmentsClient.create}.
   * @throws {@link RequestValidationError} before sending, as for `create`.
   * @throws {@link BadRequestError} when the shipment can no longer be changed, or the body is refused.
   * @throws {@link NotFoundError} for an unknown shipment.
   */
  update(input: UpdateShipmentRequest, options?: RequestOptions): Promise<ShipmentResult> {
    return transportOf(this).send(ShipmentsClient.update, { body: input }, options);
  }

  /** @internal */
  static readonly delete = shipmentOperations.delete;

  /**
   * Delete Shipment: removes a `cancelled` shipment and its history, for good. Answers 200, or 202 when
   * queued. Non-repeatable.
   *
   * @throws {@link BadRequestError} when the shipment is not cancelled.
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have been deleted but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile} (a shipment no longer found is deleted).
   */
  delete(shipmentReference: ShipmentReference, options?: RequestOptions): Promise<ShipmentResult> {
    return transportOf(this).send(ShipmentsClient.delete, { params: { shipmentReference } }, options);
  }

  /** @internal */
  static readonly cancel = shipmentOperations.cancel;

  /**
   * Cancel Shipment: the shipment goes to `cancelling`, then `cancelled` (final: only delete remains),
   * and the carrier's booking is cancelled. Only before it is manifested. Answers 200, or 202 when queued;
   * a 304 (nothing changed: already cancelled) resolves as done. Non-repeatable.
   *
   * @throws {@link ConflictError} when it can no longer be cancelled (manifested or later).
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link OutcomeUnknownError} when it may have been cancelled but no answer came: settle it with
   *   {@link ShipmentsClient.reconcile}.
   *
   * @example
   * ```ts
   * await shipments.cancel('sp_01hzy…');
   * ```
   */
  cancel(shipmentReference: ShipmentReference, options?: RequestOptions): Promise<ShipmentResult> {
    return transportOf(this).send(ShipmentsClient.cancel, { params: { shipmentReference } }, options);
  }

  /** @internal */
  static readonly changeState = shipmentOperations.changeState;

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
  changeState(input: ShipmentStateChangeRequest, options?: RequestOptions): Promise<ShipmentResult> {
    return transportOf(this).send(ShipmentsClient.changeState, { body: input }, options);
  }

  /** @internal */
  static readonly getStateCounts = shipmentOperations.getStateCounts;

  /**
   * Shipment State Counts, **only in the vendor's older OpenAPI file**: how many of your shipments are in
   * each state. Repeatable.
   *
   * @throws {@link PermissionDeniedError} when the key may not read them.
   */
  getStateCounts(options?: RequestOptions): Promise<ShipmentCountByState> {
    return transportOf(this).send(ShipmentsClient.getStateCounts, {}, options);
  }

  // What reconcile reads: each shipment, and a group for its members (a group's manifest).
  /** @internal */
  static readonly reconcile = [ShipmentsClient.get, ShipmentGroups.get];

  /**
   * Settles an {@link OutcomeUnknownError} of a shipment operation (create excepted), or its stored form
   * ({@link OutcomeUnknownError.toJSON}, from any process), by reading: for
   * each shipment it named (a group's members, for `manifestShipmentGroup`), its state now and whether
   * the change happened (`done`). Sends nothing again; resend only what is `done: false`. A
   * `manifestShipmentsByQuery` names no shipment and area B has no search: pass the shipments it may have
   * matched as `options.candidates`, and it returns those the query still matches, each `done: false` (none:
   * nothing is left for it to manifest).
   *
   * @throws {@link ConfigurationError} for another error, or an operation no read can settle (a
   *   `createShipment`: area B has no search, so set `custom_reference`; an `addPaperlessDocument`; a
   *   `manifestShipmentsByQuery` without `candidates`); the message says what to do instead.
   * @throws {@link ApiError} as {@link ShipmentsClient.get} does (a shipment not found reads as
   *   deleted for `deleteShipment`, as nothing concluded otherwise).
   */
  reconcile(
    outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
    options?: ShipmentReconcileOptions,
  ): Promise<ShipmentReconciliation[]> {
    const { candidates, ...requestOptions } = options ?? {};
    return reconcile(
      outcome,
      declaredOperations(this),
      {
        readShipment: (shipmentReference) => this.get(shipmentReference, requestOptions),
        readMembers: async (groupReference) =>
          ((await this.groups.get(groupReference, requestOptions)).shipments ?? []).filter(
            (member) => typeof member === 'string',
          ),
      },
      candidates,
    );
  }
}
