import {
  type ClientOptions,
  type Environment,
  type RequestOptions,
  resolveConfig,
  SHIPMENTS_AREA,
} from '../core/options.js';
import type { ContentsReference, ShipmentGroupReference, ShipmentReference } from '../core/references.js';
import { Transport } from '../core/transport.js';
import * as documents from './documents/index.js';
import * as groups from './groups.js';
import * as labels from './labels.js';
import type {
  ContentsLabelOptions,
  CreateShipmentGroupInput,
  LabelDocument,
  LabelOptions,
  ResourceResult,
  ShipmentDocument,
  ShipmentDocumentType,
  ShipmentGroup,
  ShipmentGroupSelector,
  UpdateShipmentGroupInput,
} from './schemas.js';

/**
 * The client of area B of the service: delivery labels and shipment groups.
 *
 * Every method checks its input before sending (a bad one is a {@link RequestValidationError} and
 * nothing goes on the wire), takes a last, optional {@link RequestOptions}, and returns what the service
 * sent, unknown fields and `null`s included. Besides the errors each method lists, any of them can end in
 * an {@link ApiError} subclass for a non-2xx answer, a {@link ResponseValidationError} when the answer
 * does not match its schema (in `'strict'` validation), or a {@link RequestAbortedError}.
 *
 * Label reads, lock and unlock are **repeatable** (retried on timeouts, dropped connections, 408, 429
 * and 5xx, then a {@link TimeoutError} or {@link ConnectionError}); group membership changes are
 * **non-repeatable** (retried only when the request provably never reached the service, else
 * {@link OutcomeUnknownError}). Area B's 429 is a broken rule (`conflict`), a {@link ConflictError},
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
export class ShipmentsClient {
  // A private field: `util.inspect(client)` and `JSON.stringify(client)` never show the key it holds.
  readonly #transport: Transport;
  /** The options given, for {@link ShipmentsClient.withOptions}; private, as they may hold the key. */
  readonly #options: ClientOptions;

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
    this.#options = { ...options };
    this.#transport = new Transport(resolveConfig(SHIPMENTS_AREA, options));
  }

  /** The environment in use, `'sandbox'` or `'production'`: for a start-up log or a health check. */
  get environment(): Environment {
    return this.#transport.environment;
  }

  /** The base URL every request goes to (the environment's, or the one configured). */
  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  /**
   * A new client with these options over this one's: `orders.withOptions({ timeout: 5_000 })`. This
   * client is unchanged.
   *
   * @throws {@link ConfigurationError} as the constructor does.
   */
  withOptions(options: ClientOptions): ShipmentsClient {
    // Through the constructor, not the class's name: a class that names itself is renamed by the build.
    const Client = this.constructor as new (options: ClientOptions) => ShipmentsClient;
    return new Client({ ...this.#options, ...options });
  }

  /**
   * Get Labels: the shipment's labels, always as an array (the service answers one document object,
   * which is wrapped). Without `dpi` the resolution is left out of the path and the service uses its
   * default, 203. Which formats a shipment offers depends on its carrier; `includeExtension` (default
   * true on the service) controls whether the customer's label extension appears. Decode a result with
   * {@link decodeDocument}, or save it with `saveDocument` or `saveLabels` from `consignkit/node`.
   * Repeatable.
   *
   * @param shipmentRef - The shipment (`sp_…`); it must be allocated to a carrier.
   * @param options - The format, and optionally `dpi`, `includeExtension` and (BMP only) `rotation`. The
   *   format is taken in any case (the vendor's OpenAPI writes `pdf`, the spec `PDF`) and sent in upper
   *   case, as the spec and the service's newest pages write it.
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
   * answered 200. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a reference that is not `sg_…` or `sp_…`,
   *   a body that names no shipment at all, or a list of more than 10,000.
   * @throws {@link ConflictError} when the group is locked or not open (409), or a shipment breaks a
   *   membership rule: already in this or another open group, or not a member to remove (429
   *   `conflict`).
   * @throws {@link OutcomeUnknownError} when the change may have been made but no answer came.
   */
  async updateShipmentGroup(
    input: UpdateShipmentGroupInput,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
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
  ): Promise<ResourceResult> {
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
  ): Promise<ResourceResult> {
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
   * @param input - `shipments`, and optionally `custom_reference` (5 to 50 URL-safe characters, unique
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
  ): Promise<ResourceResult> {
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
  ): Promise<ResourceResult> {
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
   * @throws {@link RequestValidationError} before sending, for `label`: labels come only from
   *   {@link ShipmentsClient.getLabels} and {@link ShipmentsClient.getContentsLabel}.
   * @throws {@link NotFoundError} for an unknown shipment.
   */
  async getDocument(
    shipmentRef: ShipmentReference,
    documentType: ShipmentDocumentType,
    requestOptions?: RequestOptions,
  ): Promise<ShipmentDocument | null> {
    return documents.getDocument(this.#transport, shipmentRef, documentType, requestOptions);
  }
}
