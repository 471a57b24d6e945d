import { type DeclaredMethod, declaredMethods } from './core/declared-methods.js';
import type { Operation } from './core/operation.js';
import { OrdersClient } from './orders/client.js';
import { ShipmentsClient } from './shipments/client.js';

type Area = 'orders' | 'shipments';
let catalog: Record<Area, DeclaredMethod[]> | undefined;

/**
 * Every method of each area's client and its resources, found by walking a client of each built with a
 * placeholder key (nothing is sent, nothing read from the environment): for the commands that name an
 * operation without a client of their own (`consignkit ledger resolve`, `consignkit mcp`, the doctor's
 * drift check).
 */
export function methodsByArea(): Record<Area, DeclaredMethod[]> {
  const placeholder = { apiKey: 'placeholder-never-sent', baseUrl: 'http://127.0.0.1:9' };
  catalog ??= {
    orders: declaredMethods(new OrdersClient(placeholder)),
    shipments: declaredMethods(new ShipmentsClient(placeholder)),
  };
  return catalog;
}

/** Every operation of each area, each declaration once, in the order of the methods. */
export function operationsByArea(): Record<Area, Operation[]> {
  const { orders, shipments } = methodsByArea();
  const operationsOf = (methods: DeclaredMethod[]) => [
    ...new Set(methods.flatMap((method) => method.operations)),
  ];
  return { orders: operationsOf(orders), shipments: operationsOf(shipments) };
}

/**
 * The path of the method that sends the operation and nothing else (`consignments.get` for
 * `getConsignment`, not `consignments.patch`), the first declared when several do; `undefined` when none.
 */
export function methodOfOperation(area: Area, operation: string): string | undefined {
  return methodsByArea()[area].find(
    (method) =>
      method.operations.length > 0 && method.operations.every((declared) => declared.name === operation),
  )?.path;
}
