import * as z from 'zod/mini';
import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { type ConsignmentReference, type OrderReference, OrderReferenceSchema } from '../core/references.js';
import type { Transport } from '../core/transport.js';
import { type ShippingLocation, ShippingLocationSchema } from './shipping-locations.js';

/** Reads left out of 0.1: the consignments packed from orders, and the caller's own shipping locations. */

const text = z.nullish(z.string());
/** A consignment reference the service hands out: typed for callers, not re-checked. */
const issued = text as unknown as z.ZodMiniType<ConsignmentReference | null | undefined, unknown>;

/** A consignment packed from an order, with the return consignment packed beside it. */
export interface OrderConsignment {
  /** The consignment, `EC-…`. */
  ConsignmentReference?: ConsignmentReference | null | undefined;
  /** The return consignment made with it (Pack Order with `GenerateReturn`), `EC-…`; `null` when none. */
  ReturnConsignmentReference?: ConsignmentReference | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}

/** One order's consignments, or why they could not be read. */
export interface OrderConsignmentsResult {
  /** The order. */
  OrderReference?: OrderReference | null | undefined;
  /** An HTTP status for this order: 200 found; 404 no such order. */
  Status?: number | null | undefined;
  /** The service's words on it. */
  Message?: string | null | undefined;
  /** The consignments packed from it (empty when none, or when the order was not found). */
  Consignments: OrderConsignment[];
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
const OrderConsignmentsResultSchema = z.looseObject({
  OrderReference: text,
  Status: z.nullish(z.number()),
  Message: text,
  Consignments: z.nullish(
    z.array(
      z.looseObject({
        ConsignmentReference: issued,
        ReturnConsignmentReference: issued,
      }) as unknown as z.ZodMiniType<OrderConsignment, unknown>,
    ),
  ),
});

const getConsignmentsForOrdersOperation = defineOperation({
  name: 'getConsignmentsForOrders',
  vendor: 'Get Consignments For Orders',
  // A read sent as PUT.
  method: 'PUT',
  path: 'orders/consignments',
  body: z.looseObject({
    OrderReferences: z
      .array(OrderReferenceSchema)
      .check(z.minLength(1, 'at least one order reference is needed')),
  }),
  response: z.looseObject({ OrderConsignmentsResults: z.array(OrderConsignmentsResultSchema) }),
  // An order without consignments is read as an empty list, whether the service sends `[]` or `null`.
  result: (body): OrderConsignmentsResult[] =>
    (Array.isArray(body?.OrderConsignmentsResults) ? body.OrderConsignmentsResults : []).map((result) => ({
      ...result,
      Consignments: Array.isArray(result?.Consignments) ? result.Consignments : [],
    })) as OrderConsignmentsResult[],
  retry: 'repeatable',
});

/** Get Consignments For Orders. */
export function getConsignmentsForOrders(
  transport: Transport,
  orderReferences: OrderReference[],
  options?: RequestOptions,
): Promise<OrderConsignmentsResult[]> {
  return transport.send(
    getConsignmentsForOrdersOperation,
    { body: { OrderReferences: orderReferences } },
    options,
  );
}

const getAssignedShippingLocationsOperation = defineOperation({
  name: 'getAssignedShippingLocations',
  vendor: 'Get Assigned Shipping Locations',
  method: 'GET',
  path: 'shippinglocations/assigned',
  response: z.array(ShippingLocationSchema),
  retry: 'repeatable',
});

/** Get Assigned Shipping Locations. */
export function getAssignedShippingLocations(
  transport: Transport,
  options?: RequestOptions,
): Promise<ShippingLocation[]> {
  return transport.send(getAssignedShippingLocationsOperation, {}, options);
}

/** The operations of this module, for the area's list. */
export const readOperations = [getConsignmentsForOrdersOperation, getAssignedShippingLocationsOperation];
