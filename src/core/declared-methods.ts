import type { Operation } from './operation.js';
import { Resource } from './resource.js';

/** One public method of a client or of a resource mounted on it, and the operations it sends. */
export interface DeclaredMethod {
  /** The client class that mounts it: `OrdersClient`, `ShipmentsClient`. */
  client: string;
  /** Its path from the client: `create`, `consignments.cancel`, `documents.paperless.add`. */
  path: string;
  /** The class that defines it: the client's, or the resource's (`Consignments`). */
  owner: string;
  /** What it sends, in order: one operation, each addressing of one operation, or a composition. */
  operations: Operation[];
}

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Operation).name === 'string' &&
  typeof (value as Operation).method === 'string' &&
  typeof (value as Operation).path === 'string' &&
  ((value as Operation).retry === 'repeatable' || (value as Operation).retry === 'non-repeatable');

// A plain object or a list only: a schema is built on first read (core/lazy-schema.ts), and reading a
// field of one here would build it.
const isPlainObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The operations a static declaration holds: one, or a list or an object of them (one per addressing). */
function operationsIn(value: unknown): Operation[] {
  if (Array.isArray(value)) return value.flatMap(operationsIn);
  if (!isPlainObject(value)) return [];
  return isOperation(value) ? [value] : Object.values(value).flatMap(operationsIn);
}

/** The public methods a class's prototype defines (not its base's), `constructor` aside. */
function ownMethods(instance: object): string[] {
  const prototype = Object.getPrototypeOf(instance) as object;
  return Object.getOwnPropertyNames(prototype).filter(
    (key) =>
      key !== 'constructor' &&
      typeof Object.getOwnPropertyDescriptor(prototype, key)?.value === 'function' &&
      !key.startsWith('_'),
  );
}

/**
 * Every public method of a client and of the resources mounted on it, each with the operations declared
 * for it (the static field of its class named as the method), found by walking the client: nothing keeps
 * a list. A method with no declaration has `operations: []` (`withOptions`).
 */
export function declaredMethods(client: object): DeclaredMethod[] {
  const clientName = (client.constructor as { name: string }).name;
  const methods: DeclaredMethod[] = [];
  const walk = (owner: object, prefix: string) => {
    const statics = owner.constructor as unknown as Record<string, unknown> & { name: string };
    for (const key of ownMethods(owner)) {
      methods.push({
        client: clientName,
        path: `${prefix}${key}`,
        owner: statics.name,
        operations: operationsIn(statics[key]),
      });
    }
    for (const [key, value] of Object.entries(owner)) {
      if (value instanceof Resource) walk(value, `${prefix}${key}.`);
    }
  };
  walk(client, '');
  return methods;
}

/** Every operation a client can send, each declaration once, in the order of its methods. */
export function declaredOperations(client: object): Operation[] {
  return [...new Set(declaredMethods(client).flatMap((method) => method.operations))];
}
