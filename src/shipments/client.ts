import { ApiClient } from '../core/client.js';
import { type ClientOptions, type RequestOptions, SHIPMENTS_AREA } from '../core/options.js';
import type { ContentsReference, ShipmentGroupReference, ShipmentReference } from '../core/references.js';
import { checkInput } from '../core/validation.js';
import * as operations from './operations.js';
import {
  type ContentsLabelOptions,
  ContentsLabelOptionsSchema,
  type LabelDocument,
  type LabelOptions,
  LabelOptionsSchema,
  type ResourceResult,
  type ShipmentGroupSelector,
  ShipmentGroupSelectorSchema,
  type UpdateShipmentGroupInput,
} from './schemas.js';

/**
 * Area B of the service: labels and shipment groups.
 *
 * ```ts
 * const shipments = new ShipmentsClient({ apiKey, environment: 'sandbox' });
 * const [label] = await shipments.getLabels('sp_…', { format: 'PDF', dpi: 300 });
 * ```
 */
export class ShipmentsClient extends ApiClient {
  /** @throws ConfigurationError when no API key is given or found in the environment, or an option is bad. */
  constructor(options?: ClientOptions) {
    super(SHIPMENTS_AREA, options);
  }

  /**
   * Get Labels: the shipment's label, always as an array (the service answers one object, which is wrapped).
   * Without `dpi` the resolution is left out of the path and the service uses its default, 203.
   * Decode a result with `decodeDocument`, or save it with `saveDocument` from `consignkit/node`.
   *
   * @throws RequestValidationError before sending, for example for `rotation` with a format other than BMP.
   * @throws NotFoundError for an unknown shipment, or one not allocated to a carrier.
   */
  async getLabels(
    shipmentRef: ShipmentReference,
    options: LabelOptions,
    requestOptions?: RequestOptions,
  ): Promise<LabelDocument[]> {
    const { format, dpi, includeExtension, rotation } = checkInput(
      LabelOptionsSchema,
      options,
      'label options',
    );
    return this.send(
      dpi === undefined ? operations.getLabels : operations.getLabelsAtDpi,
      {
        params: { shipmentReference: shipmentRef, format, dpi },
        query: { include_extension: includeExtension, rotation },
      },
      requestOptions,
    );
  }

  /**
   * Get Contents Label: the label of one contents item (`sc_…`, not the shipment's `sp_…`), PDF or ZPL.
   *
   * @throws RequestValidationError before sending, for example for an `sp_` contents reference or BMP.
   * @throws NotFoundError when the shipment or the contents item is unknown, or the shipment is unallocated.
   */
  async getContentsLabel(
    shipmentRef: ShipmentReference,
    contentsRef: ContentsReference,
    options: ContentsLabelOptions,
    requestOptions?: RequestOptions,
  ): Promise<LabelDocument[]> {
    const { format, dpi, includeExtension } = checkInput(
      ContentsLabelOptionsSchema,
      options,
      'contents label options',
    );
    return this.send(
      operations.getContentsLabel,
      {
        params: { shipmentReference: shipmentRef, contentsReference: contentsRef, format, dpi },
        query: { include_extension: includeExtension },
      },
      requestOptions,
    );
  }

  /**
   * Update Shipment Group: adds and removes shipments in one request. The body is sent as written.
   * Not retried once it may have reached the service (see `OutcomeUnknownError`).
   *
   * @throws ConflictError when the group is locked or not open (409), or a shipment breaks a membership
   *   rule: already in this or another open group, or not a member to remove (429 `conflict`).
   */
  async updateShipmentGroup(
    input: UpdateShipmentGroupInput,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return this.send(operations.updateShipmentGroup, { body: input }, requestOptions);
  }

  /**
   * Add Shipment to Group, the group given by `{ reference }` or by `{ customReference, version }`
   * (`version` a positive integer or `'latest'`). Not retried once it may have reached the service.
   *
   * @throws ConflictError when the group is locked or not open, or the shipment is already in an open group.
   * @throws NotFoundError for an unknown group or shipment.
   */
  async addShipmentToGroup(
    group: ShipmentGroupSelector,
    shipmentRef: ShipmentReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return this.#changeMembership(operations.addShipmentToGroup, group, shipmentRef, requestOptions);
  }

  /**
   * Remove Shipment from Group, the group given as for {@link ShipmentsClient.addShipmentToGroup}.
   * Not retried once it may have reached the service.
   *
   * @throws ConflictError when the group is locked or not open, or the shipment is not a member.
   * @throws NotFoundError for an unknown group.
   */
  async removeShipmentFromGroup(
    group: ShipmentGroupSelector,
    shipmentRef: ShipmentReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return this.#changeMembership(operations.removeShipmentFromGroup, group, shipmentRef, requestOptions);
  }

  /**
   * Lock Shipment Group: a locked group can no longer be edited. Only an open group can be locked.
   *
   * @throws ConflictError when the group is not open.
   */
  async lockShipmentGroup(
    groupRef: ShipmentGroupReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return this.send(operations.lockShipmentGroup, { params: { groupReference: groupRef } }, requestOptions);
  }

  /** Unlock Shipment Group: the group can be edited again. */
  async unlockShipmentGroup(
    groupRef: ShipmentGroupReference,
    requestOptions?: RequestOptions,
  ): Promise<ResourceResult> {
    return this.send(
      operations.unlockShipmentGroup,
      { params: { groupReference: groupRef } },
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
      ? this.send(
          pair.byReference,
          { params: { groupReference: selector.reference, shipmentReference: shipmentRef } },
          requestOptions,
        )
      : this.send(
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
