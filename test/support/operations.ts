import type { Operation } from '../../src/core/operation.js';
import { operationsByArea } from '../../src/operation-catalog.js';

/** An operation as its area declares it, and the area. */
export interface DeclaredOperation {
  area: 'orders' | 'shipments';
  operation: Pick<Operation, 'name' | 'method' | 'path' | 'retry' | 'outcome' | 'response'>;
}

/** Every operation of both areas, found by walking the clients and their resources. */
export const DECLARED: readonly DeclaredOperation[] = (['orders', 'shipments'] as const).flatMap((area) =>
  operationsByArea()[area].map((operation) => ({ area, operation })),
);

/** The operation of that name (the first declared, when several paths share it). */
export function declaredOperation(name: string): DeclaredOperation['operation'] {
  const found = DECLARED.find(({ operation }) => operation.name === name);
  if (!found) throw new Error(`no operation is declared under the name ${name}`);
  return found.operation;
}
