import type { RequestHandler } from 'msw';
import { ConfigurationError } from '../core/errors.js';
import { nearestKey } from '../core/near-miss.js';
import type { OperationName } from '../core/operation-names.js';
import { ORDERS_AREA, SHIPMENTS_AREA } from '../core/options.js';
import { ADMIN_PREFIX, adminAnswer, countTransmissions, referencesOf, type Transmissions } from './admin.js';
import { createMockStore, type MockStore } from './bridge.js';
import { type Fault, FaultQueue, networkFailure, truncated, wait } from './faults.js';
import { listen, type MockServer } from './http-server.js';
import { ordersArea } from './orders/area.js';
import { allowedMethods, json, type MockArea, MockFailure, matchRoute } from './router.js';
import { shipmentsArea } from './shipments/area.js';
import type { RecordedRequest } from './store.js';

export type { MockStore } from './bridge.js';

/** Options of `createMockService`. All are optional. */
export interface MockServiceOptions {
  /** The key both areas require. Default `mock-api-key`. */
  apiKey?: string;
  /**
   * Generated references (`EO-…`, `EC-…`, `sp_…`, `sg_…`…) are a function of the seed and the order of
   * creation: two mocks with the same seed, driven the same way, hand out the same references; two
   * different seeds hand out different ones. An integer from 0 to 35,936 (what the three characters after
   * `EO-` can hold); anything else throws a `ConfigurationError`. Default 0.
   */
  seed?: number;
  /**
   * Base URLs of area A that the mock answers, replacing the defaults (the real service's production and
   * sandbox URLs), for clients built with a `baseUrl` of your own (a proxy, a staging host).
   */
  ordersBaseUrls?: string[];
  /** Base URLs of area B that the mock answers, replacing the defaults (as `ordersBaseUrls`). */
  shipmentsBaseUrls?: string[];
}

/** The stateful mock of both areas of the service, as `createMockService` returns it. */
export interface MockService {
  /** The key the mock requires; pass it to the clients. */
  apiKey: string;
  /**
   * MSW handlers for every base URL the mock answers: `setupServer(...mock.handlers)` or
   * `server.use(...mock.handlers)`. msw, an optional peer, is loaded when this is first read.
   *
   * @throws `ConfigurationError` when msw is not installed.
   */
  handlers: RequestHandler[];
  /** A fetch that answers from the mock directly, without patching globals: pass it as the `fetch` option. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** The mock's core: a web-standard `Request` to `Response` function. */
  handle: MockHandler;
  /** The state: seed it, inspect it. `reset()` replaces it with a fresh, re-seeded one. */
  readonly store: MockStore;
  /**
   * Injects `fault` into the next matching requests of `operation` (an operation id such as
   * `manifestConsignments`, as in `error.operation`, or `*` for any): `fault.times` of them, default 1.
   * An unknown id does not compile.
   *
   * @throws {@link consignkit!ConfigurationError} for a name no route of the mock serves (a fault that could never
   *   fire), naming the nearest one when it looks misspelt: an id from a cast or from JavaScript.
   */
  failNext(operation: OperationName | '*', fault: Fault): void;
  /** The requests received, for one operation or all, in arrival order. */
  requests(operation?: OperationName): RecordedRequest[];
  /**
   * The writes received (every request but `GET` and `HEAD`, faults included: each reached the service),
   * counted by operation and then by each reference the request named: `transmissions('manifestConsignments')`
   * answers `{ manifestConsignments: { 'EC-…': 1 } }`. Over HTTP: `GET /__mock/transmissions`.
   */
  transmissions(operation?: OperationName): Transmissions;
  /** Replaces the store with a fresh, re-seeded one and drops the pending faults. */
  reset(): void;
  /**
   * Serves both areas over real HTTP on 127.0.0.1; port 0 (the default) picks a free one. Resolves to the
   * server's base URLs and a `close()`.
   */
  listen(port?: number): Promise<MockServer>;
}

interface Mount {
  base: string;
  area: MockArea<MockStore>;
}

/** The mock's core: one web-standard function from a `Request` to a `Response`, over a store. */
export type MockHandler = (request: Request) => Promise<Response>;

/** The mock's internals, shared by `createMockService`, its HTTP server and the CLI. */
export interface MockCore {
  apiKey: string;
  store: MockStore;
  handle: MockHandler;
  /** Area A base URLs then area B base URLs, as answered. */
  mounts: Mount[];
  mount(base: string, area: 'orders' | 'shipments'): void;
  /** As `MockService.failNext`, for a name not checked at compile time (the admin route's): checked here. */
  failNext(operation: string, fault: Fault): void;
  reset(): void;
  /** The requests received for one operation (or all). */
  requests(operation?: string): RecordedRequest[];
  transmissions(operation?: string): Transmissions;
}

/** True for `*` and for the operations the mock's routes serve. */
const isServed = (operation: string, served: ReadonlySet<string>): operation is OperationName | '*' =>
  operation === '*' || served.has(operation);

const trim = (url: string) => url.replace(/\/+$/, '');

export function createMockCore(options: MockServiceOptions = {}): MockCore {
  const apiKey = options.apiKey ?? 'mock-api-key';
  let store = createMockStore({ apiKey, seed: options.seed });
  const faults = new FaultQueue();
  const mounts: Mount[] = [];
  const areas = { orders: ordersArea, shipments: shipmentsArea };
  const mount = (base: string, area: 'orders' | 'shipments') => {
    mounts.push({ base: trim(base), area: areas[area] });
    // Longest base first, so `/pro` never swallows `/prosandbox`.
    mounts.sort((a, b) => b.base.length - a.base.length);
  };
  for (const base of options.ordersBaseUrls ?? Object.values(ORDERS_AREA.urls)) mount(base, 'orders');
  for (const base of options.shipmentsBaseUrls ?? Object.values(SHIPMENTS_AREA.urls))
    mount(base, 'shipments');

  const handle: MockHandler = async (request) => {
    const url = new URL(request.url);
    const target = `${url.origin}${url.pathname}`;
    if (url.pathname.startsWith(ADMIN_PREFIX)) {
      return adminAnswer(core, request, url.pathname.slice(ADMIN_PREFIX.length));
    }
    const found = mounts.find(({ base }) => target === base || target.startsWith(`${base}/`));
    if (!found) return json({ Message: `No mock area at ${target}` }, 404);
    const { area, base } = found;
    const path = target.slice(base.length);
    const match = matchRoute(area.routes, request.method, path);
    const operation = match?.route.operation ?? 'unknown';
    const fault = faults.take(operation);
    if (fault?.network === 'refused') throw networkFailure('refused');
    const references = referencesOf(match?.params ?? {}, await bodyOf(request));
    store.requests.push({ operation, method: request.method, url: request.url, area: area.name, references });
    if (fault?.delay) await wait(fault.delay, request.signal);
    if (fault?.network === 'drop-before') throw networkFailure('reset');
    if (fault?.status !== undefined) {
      return fault.network === 'truncate' ? truncated(faultResponse(fault)) : faultResponse(fault);
    }

    const response = await answer(area, match, request, base, path, store);
    // Acted on, answer held back: a client gone meanwhile never learns it (its signal ends the hold).
    if (fault?.hold) await wait(fault.hold, request.signal).catch(() => undefined);
    if (fault?.network === 'drop-after') throw networkFailure('reset');
    if (fault?.network === 'truncate') return truncated(response);
    return response;
  };

  const requests = (operation?: string) =>
    operation === undefined
      ? [...store.requests]
      : store.requests.filter((entry) => entry.operation === operation);
  const core: MockCore = {
    apiKey,
    get store() {
      return store;
    },
    handle,
    mounts,
    mount,
    failNext(operation, fault) {
      const served = new Set<string>(
        [...ordersArea.routes, ...shipmentsArea.routes].map((route) => route.operation),
      );
      if (!isServed(operation, served)) {
        const nearest = nearestKey(operation, served);
        throw new ConfigurationError(
          `failNext: the mock serves no operation named '${operation}', so the fault would never fire${nearest ? ` (did you mean '${nearest}'?)` : ''}; use an operation id (as in error.operation), or '*' for any`,
        );
      }
      faults.add(operation, fault);
    },
    reset() {
      store = createMockStore({ apiKey, seed: options.seed });
      faults.clear();
    },
    requests,
    transmissions: (operation) => countTransmissions(requests(operation)),
  };
  return core;
}

/** The request's body as JSON, read from a copy (the route reads the original); undefined when it has none. */
async function bodyOf(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  try {
    const text = await request.clone().text();
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * How deep a request body may nest (objects and arrays inside one another, the body itself counting as
 * one). A real order nests about six deep; far deeper bodies are refused with a 400 before any route
 * runs, so nothing is stored from them.
 */
export const MAX_BODY_DEPTH = 64;

/** True when `value` nests deeper than `limit`; it stops looking there, so any depth is safe to check. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit === 0) return true;
  return Object.values(value).some((child) => nestedDeeperThan(child, limit - 1));
}

async function answer(
  area: MockArea<MockStore>,
  match: ReturnType<typeof matchRoute>,
  request: Request,
  base: string,
  path: string,
  store: MockStore,
): Promise<Response> {
  const refused = area.authenticate(request, store);
  if (refused) return refused;
  const { codes } = area;
  const url = new URL(request.url);
  if (!match) {
    const allowed = allowedMethods(area.routes, path);
    if (allowed.length > 0) {
      const message = `${request.method} is not allowed on ${url.pathname}: use ${allowed.join(' or ')}`;
      return area.error(405, codes.wrongMethod, message, [], { allow: allowed.join(', ') });
    }
    return area.error(404, codes.noRoute, `No route for ${request.method} ${url.pathname}`);
  }
  const operation = match.route.operation;
  if (match.undecodable !== undefined) {
    const message = `${match.undecodable} is not valid percent-encoding`;
    return area.error(
      400,
      codes.invalidPath,
      message,
      [codes.detail(match.undecodable, message)],
      {},
      operation,
    );
  }
  const raw = await request.text();
  let body: unknown;
  if (raw !== '') {
    try {
      body = JSON.parse(raw);
    } catch {
      const message = 'The request body is not valid JSON';
      return area.error(400, codes.invalidBody, message, [codes.detail('body', message)], {}, operation);
    }
  }
  if (nestedDeeperThan(body, MAX_BODY_DEPTH)) {
    const message = `The request body nests deeper than ${MAX_BODY_DEPTH} levels`;
    return area.error(400, codes.invalidBody, message, [codes.detail('body', message)], {}, operation);
  }
  const context = { request, params: match.params, query: url.searchParams, store, baseUrl: base, body };
  try {
    return await match.route.handle(context);
  } catch (error) {
    if (error instanceof MockFailure)
      return area.error(error.status, error.code, error.message, error.details, {}, operation);
    throw error;
  }
}

function faultResponse(fault: Fault): Response {
  const headers: Record<string, string> = { ...fault.headers };
  if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
  if (typeof fault.body === 'string' || fault.body === undefined) {
    return new Response(fault.body ?? null, { status: fault.status, headers });
  }
  return json(fault.body, fault.status, headers);
}

/**
 * Everything `createMockService` returns but the MSW handlers, over `core`. It never loads msw (an
 * optional peer), which is why the `consignkit` command builds its mock with it.
 */
export function mockServiceOf(core: MockCore): Omit<MockService, 'handlers'> {
  return {
    apiKey: core.apiKey,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      // As fetch does: a request whose signal is already aborted is never sent.
      request.signal.throwIfAborted();
      return core.handle(request);
    },
    handle: core.handle,
    get store() {
      return core.store;
    },
    failNext: core.failNext,
    requests: core.requests,
    transmissions: core.transmissions,
    reset: core.reset,
    listen: (port) => listen(core, port),
  };
}
