/**
 * Area B's own operations on a shipment, declared once beside the `Shipment` type: `ShipmentsClient`'s
 * statics point at them, and the resources that read a shipment (waiting, allocation, manifests) import
 * them from here, never the client that mounts them.
 */
import { customerReferenceIn } from '../../core/operation.js';
import { defineOperation } from '../../core/transport.js';
import { SHIPMENT_STATES } from '../wire-shapes.js';
import { CreateShipmentRequestSchema } from './request.js';
import {
  byShipment,
  CANCELLABLE,
  type Shipment,
  type ShipmentCountByState,
  ShipmentCountByStateSchema,
  type ShipmentResult,
  ShipmentResultSchema,
  ShipmentSchema,
  ShipmentStateChangeRequestSchema,
  UpdateShipmentRequestSchema,
  unchanged,
} from './shipments.js';

/** Create, Get, Update, Delete, Cancel, Change State and the state counts of a shipment. */
export const shipmentOperations = {
  /** @vendor Create Shipment */
  create: defineOperation<ShipmentResult>({
    name: 'createShipment',
    method: 'POST',
    path: 'shipments',
    body: CreateShipmentRequestSchema,
    response: ShipmentResultSchema,
    retry: 'non-repeatable',
    outcome: {
      unsettled:
        'area B has no search, so the SDK cannot find a shipment whose creation is unconfirmed: look for your custom_reference before creating it again, and set custom_reference on every shipment',
    },
    references: (call) => {
      const reference = (call.body as { custom_reference?: string | null } | undefined)?.custom_reference;
      return reference ? [reference] : [];
    },
    customerReference: customerReferenceIn('custom_reference'),
  }),
  /** @vendor Get Shipment */
  get: defineOperation<Shipment>({
    name: 'getShipment',
    method: 'GET',
    path: 'shipments/{shipmentReference}',
    params: byShipment,
    response: ShipmentSchema,
    retry: 'repeatable',
  }),
  /** @vendor Update Shipment */
  update: defineOperation<ShipmentResult>({
    name: 'updateShipment',
    method: 'PUT',
    path: 'shipments',
    body: UpdateShipmentRequestSchema,
    response: ShipmentResultSchema,
    // A full replace: sent twice, it leaves the shipment as once.
    retry: 'repeatable',
    alreadyDone: { statuses: [304], result: unchanged },
    references: (call) => [String((call.body as { reference: string }).reference)],
  }),
  /** @vendor Delete Shipment */
  delete: defineOperation<ShipmentResult>({
    name: 'deleteShipment',
    method: 'DELETE',
    path: 'shipments/{shipmentReference}',
    params: byShipment,
    response: ShipmentResultSchema,
    retry: 'non-repeatable',
    // Deleted, it is gone: `reconcile` reads a shipment it no longer finds as deleted.
    outcome: { from: ['cancelled'], to: [] },
  }),
  /** @vendor Cancel Shipment */
  cancel: defineOperation<ShipmentResult>({
    name: 'cancelShipment',
    method: 'PUT',
    path: 'shipments/{shipmentReference}/cancel',
    params: byShipment,
    response: ShipmentResultSchema,
    retry: 'non-repeatable',
    alreadyDone: { statuses: [304], result: unchanged },
    outcome: { from: CANCELLABLE, to: ['cancelling', 'cancelled'] },
  }),
  /** @vendor Change Shipment State */
  changeState: defineOperation<ShipmentResult>({
    name: 'changeShipmentState',
    method: 'PUT',
    path: 'shipments/state',
    body: ShipmentStateChangeRequestSchema,
    response: ShipmentResultSchema,
    retry: 'non-repeatable',
    // 304: the shipment already has that state.
    alreadyDone: { statuses: [304], result: unchanged },
    // Any state may be the one asked for: `reconcile` adds the call's `state` to `to`.
    outcome: { from: SHIPMENT_STATES, to: [] },
    references: (call) => [String((call.body as { reference: string }).reference)],
    // The state asked for is what settling compares with.
    settleWith: (call) => ({ body: { state: (call.body as { state?: unknown }).state } }),
    // A change to another state is another call: each target state is a key of its own.
    ledgerKey: (call) => ({ asks: String((call.body as { state?: unknown }).state) }),
  }),
  /** @vendor Shipment State Counts */
  getStateCounts: defineOperation<ShipmentCountByState>({
    name: 'getShipmentStateCounts',
    method: 'GET',
    path: 'shipments/state_counts',
    response: ShipmentCountByStateSchema,
    retry: 'repeatable',
  }),
};
