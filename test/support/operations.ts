import type { Operation } from '../../src/core/operation.js';
import * as ordersOperations from '../../src/orders/operations.js';
import * as shipmentsOperations from '../../src/shipments/operations.js';

/** An operation as its area declares it, and the area. */
export interface DeclaredOperation {
  area: 'orders' | 'shipments';
  operation: Pick<Operation, 'name' | 'vendor' | 'method' | 'path' | 'retry' | 'outcome' | 'response'>;
}

function isOperation(value: unknown): value is DeclaredOperation['operation'] {
  const candidate = value as Partial<Operation> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.name === 'string' &&
    typeof candidate.method === 'string' &&
    typeof candidate.path === 'string' &&
    (candidate.retry === 'repeatable' || candidate.retry === 'non-repeatable')
  );
}

/**
 * Every operation an area's `operations.ts` exports, alone, in a list or in an object (a label in each of
 * its paths), each object once: what the area's list holds, whatever its shape.
 */
function operationsIn(moduleExports: object): DeclaredOperation['operation'][] {
  const found = new Set<DeclaredOperation['operation']>();
  const visit = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || depth > 4) return;
    if (isOperation(value)) found.add(value);
    else for (const child of Object.values(value)) visit(child, depth + 1);
  };
  for (const value of Object.values(moduleExports)) visit(value, 0);
  return [...found];
}

/** Every operation of both areas, as `src/orders/operations.ts` and `src/shipments/operations.ts` list them. */
export const DECLARED: readonly DeclaredOperation[] = [
  ...operationsIn(ordersOperations).map((operation) => ({ area: 'orders' as const, operation })),
  ...operationsIn(shipmentsOperations).map((operation) => ({ area: 'shipments' as const, operation })),
];

/** The operation of that name (the first declared, when several paths share it). */
export function declaredOperation(name: string): DeclaredOperation['operation'] {
  const found = DECLARED.find(({ operation }) => operation.name === name);
  if (!found) throw new Error(`no operation is declared under the name ${name}`);
  return found.operation;
}
