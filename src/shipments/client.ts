import { ClientBase, transportOf } from '../core/client-base.js';
import type { ClientOptions, RequestOptions } from '../core/options.js';
import type { ContentsReference, ShipmentGroupReference, ShipmentReference } from '../core/references.js';
import type { Transport } from '../core/transport.js';
import { checkInput } from '../core/validation.js';
import * as operations from './operations.js';
import {
  type ContentsLabelOptions,
  ContentsLabelOptionsSchema,
  type CreateShipmentGroupInput,
  CreateShipmentGroupInputSchema,
  type LabelDocument,
  type LabelOptions,
  LabelOptionsSchema,
  type ResourceResult,
  type ShipmentDocument,
  type ShipmentDocumentType,
  type ShipmentGroup,
  type ShipmentGroupSelector,
  ShipmentGroupSelectorSchema,
  type UpdateShipmentGroupInput,
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
    const { format, dpi, includeExtension, rotation } = checkInput(
      LabelOptionsSchema,
      options,
      'label options',
    );
    return this.#transport.send(
      dpi === undefined ? operations.getLabels : operations.getLabelsAtDpi,
      {
        params: { shipmentReference: shipmentRef, format: format.toUpperCase(), dpi },
        query: { include_extension: includeExtension, rotation },
      },
      requestOptions,
    );
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
    const { format, dpi, includeExtension } = checkInput(
      ContentsLabelOptionsSchema,
      options,
      'contents label options',
    );
    return this.#transport.send(
      operations.getContentsLabel,
      {
        params: {
          shipmentReference: shipmentRef,
          contentsReference: contentsRef,
          format: format.toUpperCase(),
          dpi,
        },
        query: { include_extension: includeExtension },
      },
      requestOptions,
    );
  }

  /**
   * Update Shipment Group: adds and removes shipments in one request; the group must be open and
   * unlocked. The body is sent as written. The service checks each reference's format but not that the
   * shipment exists: a well-formed reference to no shipment is still answered 200. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a reference that is not `sg_…` or `sp_…`,
   *   or a body that names no shipment at all.
   * @throws {@link ConflictError} when the group is locked or not open (409), or a shipment breaks a
   *   membership rule: already in this or another open group, or not a member to remove (429
   *   `conflict`).
   * @throws {@link OutcomeUnknownError} when the change may have been made but no answer came.
   */
  async updateShipmentGroup(
    input: UpdateShipmentGroupInput,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return this.#transport.send(operations.updateShipmentGroup, { body: input }, requestOptions);
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
    return this.#changeMembership(operations.addShipmentToGroup, group, shipmentRef, requestOptions);
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
    return this.#changeMembership(operations.removeShipmentFromGroup, group, shipmentRef, requestOptions);
  }

  /**
   * Lock Shipment Group: a locked group can no longer be edited until it is unlocked. Only an open
   * group can be locked. Repeatable: a retry whose earlier attempt's answer was lost (a timeout, a failed
   * connection, a 5xx) and that meets "already locked" (409 or 304) resolves as locked, with
   * `{ reference }` only.
   *
   * @throws {@link ConflictError} when the group is not open, or already locked at the first attempt.
   * @throws {@link NotFoundError} for an unknown group.
   */
  async lockShipmentGroup(
    groupRef: ShipmentGroupReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return this.#transport.send(
      operations.lockShipmentGroup,
      { params: { groupReference: groupRef } },
      requestOptions,
    );
  }

  /**
   * Unlock Shipment Group: the group can be edited again. Repeatable: a retry whose earlier attempt's
   * answer was lost and that meets "already unlocked" (409 or 304) resolves as unlocked, with
   * `{ reference }` only.
   *
   * @throws {@link ConflictError} when the group is already unlocked (or closed) at the first attempt.
   * @throws {@link NotFoundError} for an unknown group.
   */
  async unlockShipmentGroup(
    groupRef: ShipmentGroupReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return this.#transport.send(
      operations.unlockShipmentGroup,
      { params: { groupReference: groupRef } },
      requestOptions,
    );
  }

  /**
   * Create Shipment Group: a new open, unlocked group, with the shipments given (none when left out: the
   * SDK then sends `shipments: []`, as the service requires the list). Returns its resource result, whose
   * `reference` is the new `sg_…`; when some shipments could not be added the service answers 207 and
   * the result's `errors` lists them. Non-repeatable: a group sent twice would be made twice (or the
   * second refused for its custom reference).
   *
   * @param input - `custom_reference` (5 to 50 URL-safe characters, unique among open groups) and
   *   optionally `shipments`.
   * @throws {@link RequestValidationError} before sending, for a bad custom reference, a reference that
   *   is not `sp_…`, or an unknown key.
   * @throws {@link BadRequestError} when an open group already has that custom reference.
   * @throws {@link OutcomeUnknownError} when the group may have been made but no answer came: look for
   *   it by its custom reference before sending again.
   */
  async createShipmentGroup(
    input: CreateShipmentGroupInput,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    const { custom_reference, shipments = [] } = checkInput(
      CreateShipmentGroupInputSchema,
      input,
      'shipment group',
    );
    return this.#transport.send(
      operations.createShipmentGroup,
      { body: { shipments, custom_reference } },
      requestOptions,
    );
  }

  /**
   * Get Shipment Group: the group's state (`open` or `closed`), version, shipments, and when it was
   * created, locked and closed. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown group.
   */
  async getShipmentGroup(
    groupRef: ShipmentGroupReference,
    requestOptions?: RequestOptions,
  ): Promise<ShipmentGroup> {
    return this.#transport.send(
      operations.getShipmentGroup,
      { params: { groupReference: groupRef } },
      requestOptions,
    );
  }

  /**
   * Close Shipment Group: the group is final and refuses every change from then on. It must be locked
   * first. Repeatable: closing twice leaves it as once.
   *
   * @throws {@link ConflictError} when the group is not locked, or is already closed.
   * @throws {@link NotFoundError} for an unknown group.
   */
  async closeShipmentGroup(
    groupRef: ShipmentGroupReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return this.#transport.send(
      operations.closeShipmentGroup,
      { params: { groupReference: groupRef } },
      requestOptions,
    );
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
    return this.#transport.send(
      operations.getDocuments,
      { params: { shipmentReference: shipmentRef } },
      requestOptions,
    );
  }

  /**
   * Get Document: one of a shipment's documents by type (`commercial_invoice`, `cn22`, `cn23`).
   * Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for `label`: labels come only from
   *   {@link ShipmentsClient.getLabels} and {@link ShipmentsClient.getContentsLabel}.
   * @throws {@link NotFoundError} when the shipment has no document of that type.
   */
  async getDocument(
    shipmentRef: ShipmentReference,
    documentType: ShipmentDocumentType,
    requestOptions?: RequestOptions,
  ): Promise<ShipmentDocument> {
    return this.#transport.send(
      operations.getDocument,
      { params: { shipmentReference: shipmentRef, documentType } },
      requestOptions,
    );
  }

  async #changeMembership(
    pair: typeof operations.addShipmentToGroup,
    group: ShipmentGroupSelector,
    shipmentRef: ShipmentReference,
    requestOptions: RequestOptions | undefined,
  ): Promise<ResourceResult> {
    const selector = checkInput(ShipmentGroupSelectorSchema, group, 'shipment group selector');
    return 'reference' in selector
      ? this.#transport.send(
          pair.byReference,
          { params: { groupReference: selector.reference, shipmentReference: shipmentRef } },
          requestOptions,
        )
      : this.#transport.send(
          pair.byCustomReference,
          {
            params: {
              customReference: selector.customReference,
              version: selector.version,
              shipmentReference: shipmentRef,
            },
          },
          requestOptions,
        );
  }
}
