import { transportOf } from '../core/client-base.js';
import type { RequestOptions } from '../core/options.js';
import { type ShipmentReference, ShipmentReferenceSchema } from '../core/references.js';
import { Resource } from '../core/resource.js';
import { defineOperation } from '../core/transport.js';
import {
  type CustomReferencePaging,
  CustomReferenceSchema,
  checkedCustomReference,
  customReferenceList,
  pageSizeOf,
  type ShipmentContentsTracking,
  type ShipmentContentsTrackingList,
  ShipmentContentsTrackingListSchema,
  ShipmentContentsTrackingSchema,
  type TrackingSearch,
} from './contents-tracking.js';
import {
  type CustomReferenceTracking,
  type CustomReferenceTrackingList,
  CustomReferenceTrackingListSchema,
} from './custom-reference-tracking.js';
import { type TrackingResponse, TrackingResponseSchema } from './tracking-events.js';

// The contents-level reads and the reads by custom reference are only in the vendor's guides (see
// contents-tracking.ts): no OpenAPI file has them.

/** A shipment's tracking events, by reference or custom reference, whole or by contents. */
export class ShipmentTracking extends Resource {
  /** @vendor Get Tracking Events @internal */
  static readonly get = defineOperation<TrackingResponse>({
    name: 'getShipmentTracking',
    method: 'GET',
    path: 'tracking/{shipmentReference}',
    params: { shipmentReference: ShipmentReferenceSchema },
    response: TrackingResponseSchema,
    retry: 'repeatable',
  });

  /**
   * Get Tracking Events: the carrier's tracking numbers and events of a shipment, and when it is
   * expected. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment, or one with no tracking yet (not allocated).
   *
   * @example
   * ```ts
   * const { events, expected_delivery_date } = await shipments.tracking.get('sp_01hzy…');
   * ```
   */
  get(shipmentReference: ShipmentReference, options?: RequestOptions): Promise<TrackingResponse> {
    return transportOf(this).send(ShipmentTracking.get, { params: { shipmentReference } }, options);
  }

  /** @vendor Get Contents-Level Tracking Events @internal */
  static readonly getContents = defineOperation<ShipmentContentsTracking>({
    name: 'getShipmentContentsTracking',
    method: 'GET',
    path: 'tracking/{shipmentReference}/shipment_contents',
    params: { shipmentReference: ShipmentReferenceSchema },
    response: ShipmentContentsTrackingSchema,
    retry: 'repeatable',
  });

  /**
   * Get Contents-Level Tracking Events (`GET /tracking/{ref}/shipment_contents`): a shipment's tracking
   * with one entry per contents item (`sc_…`), each with its carrier numbers and events. Only the
   * vendor's guides document it (no OpenAPI file has it). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment, or one with no tracking yet (not allocated).
   */
  getContents(
    shipmentReference: ShipmentReference,
    options?: RequestOptions,
  ): Promise<ShipmentContentsTracking> {
    return transportOf(this).send(ShipmentTracking.getContents, { params: { shipmentReference } }, options);
  }

  /** @vendor Get Tracking Events by Custom Reference @internal */
  static readonly getByCustomReference = defineOperation<CustomReferenceTrackingList>({
    name: 'getTrackingByCustomReference',
    method: 'GET',
    path: 'tracking/custom_reference/{customReference}',
    params: { customReference: CustomReferenceSchema },
    response: CustomReferenceTrackingListSchema,
    retry: 'repeatable',
  });

  /**
   * Get Tracking Events by Custom Reference (`GET /tracking/custom_reference/{customReference}`): the
   * tracking of every shipment with that `custom_reference`, a page at a time (`take` at most 10, then
   * `skip`), as it is read. Only the vendor's guides document it; their example names the carrier
   * `carrier_details`, which is read as sent. Repeatable.
   *
   * @param paging - `pageSize`: shipments a request asks for, 1 to 10 (default 10).
   * @throws {@link RequestValidationError} at once, for a custom reference not 1 to 50 characters or a
   *   bad `pageSize`.
   * @throws {@link NotFoundError} when read, if no tracked shipment has the custom reference (the
   *   service answers 404, as Find Shipments does when nothing matches).
   *
   * @example
   * ```ts
   * for await (const tracked of shipments.tracking.getByCustomReference('ORDER-1001')) console.log(tracked.events);
   * ```
   */
  getByCustomReference(
    customReference: string,
    paging?: CustomReferencePaging,
    options?: RequestOptions,
  ): TrackingSearch<CustomReferenceTracking> {
    checkedCustomReference(customReference);
    const pageSize = pageSizeOf(paging);
    const transport = transportOf(this);
    return customReferenceList(
      ShipmentTracking.getByCustomReference.name,
      (query) =>
        transport.send(
          ShipmentTracking.getByCustomReference,
          { params: { customReference }, query },
          options,
        ),
      (answer) => answer.tracking_responses ?? [],
      pageSize,
      (entry) => entry.shipment_reference,
    );
  }

  /** @vendor Get Contents-Level Tracking Events by Custom Reference @internal */
  static readonly getContentsByCustomReference = defineOperation<ShipmentContentsTrackingList>({
    name: 'getShipmentContentsTrackingByCustomReference',
    method: 'GET',
    path: 'tracking/custom_reference/{customReference}/shipment_contents',
    params: { customReference: CustomReferenceSchema },
    response: ShipmentContentsTrackingListSchema,
    retry: 'repeatable',
  });

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
  getContentsByCustomReference(
    customReference: string,
    paging?: CustomReferencePaging,
    options?: RequestOptions,
  ): TrackingSearch<ShipmentContentsTracking> {
    checkedCustomReference(customReference);
    const pageSize = pageSizeOf(paging);
    const transport = transportOf(this);
    return customReferenceList(
      ShipmentTracking.getContentsByCustomReference.name,
      (query) =>
        transport.send(
          ShipmentTracking.getContentsByCustomReference,
          { params: { customReference }, query },
          options,
        ),
      (answer) => answer.tracking_contents_responses ?? answer.tracking_responses ?? [],
      pageSize,
      (entry) => entry.shipment_reference,
    );
  }
}
