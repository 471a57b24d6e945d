import { HttpResponse, http, type RequestHandler } from 'msw';
import { isNetworkFailure } from './faults.js';
import { listen, type MockServer } from './http-server.js';
import { createMockCore, type MockHandler, type MockServiceOptions } from './service.js';
import type { MockStore, RecordedRequest } from './store.js';

export type { Fault } from './faults.js';
export type { MockServer } from './http-server.js';
export type { MockHandler, MockServiceOptions } from './service.js';
export type { MockStore, RecordedRequest } from './store.js';

/** The stateful mock of both areas of the service. */
export interface MockService {
  /** The key the mock requires; pass it to the clients. */
  apiKey: string;
  /** MSW handlers for every base URL the mock answers: `server.use(...mock.handlers)`. */
  handlers: RequestHandler[];
  /** A fetch that answers from the mock directly, without patching globals: pass it as the `fetch` option. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** The mock's core: a web-standard `Request` to `Response` function. */
  handle: MockHandler;
  /** The state: seed it, inspect it. Replaced by `reset()`. */
  readonly store: MockStore;
  /** Injects `fault` into the next matching requests of `operation` (an SDK method name, or `*`). */
  failNext(operation: string, fault: import('./faults.js').Fault): void;
  /** The requests received, for one operation or all. */
  requests(operation?: string): RecordedRequest[];
  /** Empties the store and the pending faults. */
  reset(): void;
  /** Serves both areas over real HTTP on loopback; port 0 picks a free one. */
  listen(port?: number): Promise<MockServer>;
}

/** Creates the mock service of both areas, seeded with shipping locations and carrier services. */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const core = createMockCore(options);
  const viaFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    // As fetch does: a request whose signal is already aborted is never sent.
    request.signal.throwIfAborted();
    return core.handle(request);
  };
  const handlers = core.mounts.map(({ base }) =>
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
  return {
    apiKey: core.apiKey,
    handlers,
    fetch: viaFetch,
    handle: core.handle,
    get store() {
      return core.store;
    },
    failNext: core.failNext,
    requests: core.requests,
    reset: core.reset,
    listen: (port) => listen(core, port),
  };
}
