import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as source from '../../src/index.js';

/**
 * Every exported error class keeps its name, in the source and in the built package (ESM and CommonJS):
 * `util.inspect(error)`, which console.log and most loggers print, must start with `NotFoundError: …`, not
 * `_class9 [NotFoundError]: …`. The built half needs `npm run build` first (CI builds before testing).
 */

const init = { status: 404, code: 'x', message: 'm', details: undefined, correlationId: undefined };
const apiInit = { ...init, body: {}, headers: {}, operation: 'getOrder' };
/** Constructor arguments per class; a new exported error class fails the test until it has an entry. */
const ARGS: Record<string, unknown[]> = {
  ConsignkitError: ['m'],
  ConfigurationError: ['m'],
  RequestValidationError: ['m', []],
  ResponseValidationError: ['m', { issues: [], body: null, operation: 'getOrder' }],
  ApiError: [apiInit],
  BadRequestError: [apiInit],
  AuthenticationError: [apiInit],
  PermissionDeniedError: [apiInit],
  NotFoundError: [apiInit],
  ConflictError: [apiInit],
  RateLimitError: [{ ...apiInit, retryAfter: 1 }],
  InternalServerError: [apiInit],
  TimeoutError: ['m', 'getOrder'],
  ConnectionError: ['m', 'getOrder'],
  RequestAbortedError: ['m', 'getOrder'],
  OutcomeUnknownError: ['m', { operation: 'createOrder', references: [], reason: 'timeout' }],
  DocumentError: ['m'],
  ResponseTooLargeError: ['m', { operation: 'getOrder', limit: 1, references: [] }],
  AllocationError: ['allocateConsignments', [], [{ consignmentReference: 'EC-1', reason: undefined }]],
  ShipmentAllocationError: [
    { ...apiInit, status: 521, operation: 'allocateShipment' },
    ['sp_00000000000000000000000000000001'],
  ],
  PrinterError: ['m', { printer: 'h:9100', sentBytes: 0 }],
  PrinterUnreachableError: ['m', { printer: 'h:9100', sentBytes: 0 }],
  PrinterTimeoutError: ['m', { printer: 'h:9100', sentBytes: 1 }],
  LedgerError: ['m', { operation: 'manifestConsignments' }],
  OperationInFlightError: ['m', { operation: 'manifestConsignments', references: ['EC-1'], claimAgeMs: 5 }],
  OperationAlreadyDoneError: ['m', { operation: 'manifestConsignments', references: ['EC-1'], settled: [] }],
};

type Module = Record<string, unknown>;

function errorClasses(module: Module): [string, new (...args: unknown[]) => Error][] {
  return Object.entries(module).filter(
    (entry): entry is [string, new (...args: unknown[]) => Error] =>
      typeof entry[1] === 'function' && (entry[1] as { prototype?: unknown }).prototype instanceof Error,
  );
}

function checkNames(module: Module, least = 17) {
  const classes = errorClasses(module);
  expect(classes.length).toBeGreaterThanOrEqual(least);
  for (const [name, ErrorClass] of classes) {
    const args = ARGS[name];
    expect({ name, hasArgs: args !== undefined }).toEqual({ name, hasArgs: true });
    const error = new ErrorClass(...(args ?? []));
    const firstLine = inspect(error).split('\n')[0];
    expect({ class: ErrorClass.name, instance: error.name, inspect: firstLine }).toEqual({
      class: name,
      instance: name,
      inspect: `${name}: ${error.message}`,
    });
    expect(error).toBeInstanceOf(module.ConsignkitError as typeof Error);
  }
}

const built = existsSync(new URL('../../dist/index.js', import.meta.url));

describe('error class names', () => {
  it('the source keeps them', () => {
    checkNames(source as Module);
  });

  it('consignkit/node keeps those of the printer', async () => {
    const node = await import('../../src/node/index.js');
    checkNames({ ...node, ConsignkitError: source.ConsignkitError } as Module, 3);
  });

  it.skipIf(!built)('the built consignkit/node keeps them, in ESM and CommonJS', async () => {
    const esm = await import(new URL('../../dist/node/index.js', import.meta.url).href);
    const cjs = createRequire(import.meta.url)('../../dist/node/index.cjs');
    checkNames(
      {
        ...esm,
        ConsignkitError: (await import(new URL('../../dist/index.js', import.meta.url).href)).ConsignkitError,
      },
      3,
    );
    checkNames(
      { ...cjs, ConsignkitError: createRequire(import.meta.url)('../../dist/index.cjs').ConsignkitError },
      3,
    );
  });

  it.skipIf(!built)('the built ESM package keeps them', async () => {
    checkNames(await import(new URL('../../dist/index.js', import.meta.url).href));
  });

  it.skipIf(!built)('the built CommonJS package keeps them', () => {
    checkNames(createRequire(import.meta.url)('../../dist/index.cjs'));
  });

  it.skipIf(!built)('scripts/check-names.mjs finds no export of any entry point renamed', async () => {
    // @ts-expect-error: a plain .mjs script without types.
    const { mangledNames } = await import('../../scripts/check-names.mjs');
    const { checked, problems } = await mangledNames();
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
