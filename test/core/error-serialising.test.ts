import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  type ApiErrorInit,
  BadRequestError,
  ConsignkitError,
  NotFoundError,
  OrdersClient,
  OutcomeUnknownError,
  RequestValidationError,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';

const apiInit: ApiErrorInit = {
  status: 404,
  code: 'OrderNotFound',
  message: 'Order EO-1 not found',
  details: undefined,
  correlationId: 'corr-1',
  body: {},
  headers: {},
  operation: 'getOrder',
};

describe('errors that serialise and compare well', () => {
  it('JSON.stringify includes the message, the name and the fields of the class', () => {
    const json = JSON.parse(JSON.stringify(new NotFoundError(apiInit)));
    expect(json).toMatchObject({
      name: 'NotFoundError',
      message: 'Order EO-1 not found',
      status: 404,
      code: 'OrderNotFound',
      correlationId: 'corr-1',
      operation: 'getOrder',
    });
    const outcome = new OutcomeUnknownError('manifest: no answer', {
      operation: 'manifestConsignments',
      references: ['EC-1'],
      reason: 'timeout',
    });
    expect(JSON.parse(JSON.stringify(outcome))).toEqual({
      name: 'OutcomeUnknownError',
      message: 'manifest: no answer',
      operation: 'manifestConsignments',
      references: ['EC-1'],
      reason: 'timeout',
    });
  });

  it('Class.is tells the class and its subclasses, and nothing else', () => {
    const notFound = new NotFoundError(apiInit);
    expect(NotFoundError.is(notFound)).toBe(true);
    expect(ApiError.is(notFound)).toBe(true);
    expect(ConsignkitError.is(notFound)).toBe(true);
    expect(BadRequestError.is(notFound)).toBe(false);
    expect(OutcomeUnknownError.is(notFound)).toBe(false);
    for (const other of [new Error('x'), { name: 'NotFoundError' }, null, 'NotFoundError', undefined]) {
      expect(ConsignkitError.is(other)).toBe(false);
    }
  });

  it('names the path of an unknown key in a strict input', async () => {
    const mock = createMockService();
    const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
    const error = await orders.manifests
      .list({ shippingLocationRef: 'SL-LONDON' } as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((issue) => issue.path)).toEqual([
      ['shippingLocationRef'],
    ]);
  });

  const built = existsSync(new URL('../../dist/index.js', import.meta.url));
  it.skipIf(!built)(
    'Class.is works across the ESM and CommonJS copies, where instanceof does not',
    async () => {
      const esm = await import(new URL('../../dist/index.js', import.meta.url).href);
      const cjs = createRequire(import.meta.url)('../../dist/index.cjs');
      const thrownByCjs = new cjs.OutcomeUnknownError('x', {
        operation: 'createOrder',
        references: [],
        reason: 'timeout',
      });
      expect(thrownByCjs instanceof esm.OutcomeUnknownError).toBe(false);
      expect(esm.OutcomeUnknownError.is(thrownByCjs)).toBe(true);
      expect(esm.ConsignkitError.is(thrownByCjs)).toBe(true);
      expect(esm.ApiError.is(thrownByCjs)).toBe(false);
      expect(OutcomeUnknownError.is(thrownByCjs)).toBe(true);
    },
  );
});
