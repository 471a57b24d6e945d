/** `createMockService`: the mock's core, answered through `fetch`, msw's handlers or `listen()`. */
import { ConfigurationError } from '../core/errors.js';
import { isNetworkFailure } from './faults.js';
import { createMockCore, type MockService, type MockServiceOptions, mockServiceOf } from './service.js';

/**
 * Creates the stateful mock of both areas of the service, seeded with shipping locations, carrier
 * services, allocation rules, delivery options and a label extension (see docs/testing.md, "Testing your
 * integration"). It requires the API key (`mock.apiKey`) and answers both areas' production and sandbox
 * base URLs, so clients built with their defaults reach it through `fetch` or `handlers`. Each mock has
 * its own state: build one per test, or call `mock.reset()`.
 *
 * @throws `ConfigurationError` (the class `consignkit` exports) when `seed` is not an integer from 0 to
 *   35,936.
 *
 * @example
 * ```ts
 * import { OrdersClient } from 'consignkit';
 * import { createMockService } from 'consignkit/testing';
 *
 * const mock = createMockService({ seed: 1 });
 * const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch }); // no globals patched
 * // or, with MSW: setupServer(...mock.handlers).listen(), then new OrdersClient({ apiKey: mock.apiKey })
 * mock.store.orders.addShippingLocation({ Reference: 'SL-BRISTOL', Name: 'Bristol', CountryCode: 'GB' });
 * mock.failNext('manifestConsignments', { status: 503, retryAfter: 1 });
 * const server = await mock.listen(0); // real HTTP: server.ordersUrl, server.shipmentsUrl, server.close()
 * ```
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const core = createMockCore(options);
  let handlers: MockService['handlers'] | undefined;
  return Object.defineProperty(mockServiceOf(core), 'handlers', {
    enumerable: true,
    get() {
      if (handlers) return handlers;
      const { HttpResponse, http } = loadMsw();
      handlers = core.mounts.map(({ base }) =>
        http.all(`${base}/*`, async ({ request }) => {
          try {
            return await core.handle(request);
          } catch (error) {
            // A request the client gave up on (timeout, abort) has nobody left to answer.
            if (isNetworkFailure(error) || request.signal.aborted) return HttpResponse.error();
            throw error;
          }
        }),
      );
      return handlers;
    },
  }) as MockService;
}

/**
 * msw, loaded the first time `handlers` is read, so that a mock used through `fetch` or `listen` runs
 * where msw (an optional peer) is not installed. It must load synchronously, as `handlers` is a
 * property: hence `require`, reached through `process.getBuiltinModule` so that this entry imports no
 * `node:` module. msw checks its handlers by their `kind`, not by class, so handlers made by its
 * CommonJS build serve an ES module `setupServer`.
 */
function loadMsw(): typeof import('msw') {
  const nodeModule = globalThis.process?.getBuiltinModule?.('node:module');
  if (!nodeModule) {
    throw new ConfigurationError(
      'mock.handlers loads msw with require, which this runtime does not offer: use mock.fetch or mock.listen() instead',
    );
  }
  try {
    return nodeModule.createRequire(import.meta.url)('msw');
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'MODULE_NOT_FOUND') throw error;
    throw new ConfigurationError(
      'mock.handlers needs msw, an optional peer dependency of consignkit: npm install --save-dev msw@2 (mock.fetch and mock.listen() work without it)',
      { cause: error },
    );
  }
}
