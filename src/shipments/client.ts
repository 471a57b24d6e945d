import { ClientBase, transportOf } from '../core/client-base.js';
import type { OutcomeUnknownError, OutcomeUnknownErrorJSON } from '../core/errors.js';
import type { ClientOptions, RequestOptions } from '../core/options.js';
import { ShipmentQuotes } from './quotes.js';
import { ShipmentAllocation } from './allocation.js';
import { ShipmentManifests } from './manifests.js';
import { ShipmentLabels } from './labels.js';
import { ShipmentGroups } from './groups/groups.js';
import { ShipmentDocuments } from './documents/documents.js';
import { ShipmentTracking } from './tracking.js';
import { reconcile, type ShipmentReconciliation } from './reconcile.js';

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
  /** Quotes for a shipment, before or after it is created. */
  readonly quotes: ShipmentQuotes;
  /** Allocating shipments to carrier services, and deallocating them. */
  readonly allocation: ShipmentAllocation;
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
    this.allocation = new ShipmentAllocation(this);
    this.manifests = new ShipmentManifests(this);
    this.labels = new ShipmentLabels(this);
    this.groups = new ShipmentGroups(this);
    this.documents = new ShipmentDocuments(this);
    this.tracking = new ShipmentTracking(this);
  }

  // OWN VERBS (create, get, update, delete, cancel, changeState, getStateCounts): helper B1.

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
    return reconcile(transportOf(this), outcome, options);
  }
}
