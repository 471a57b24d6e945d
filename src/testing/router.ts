import type { OperationName } from '../core/operation-names.js';
import type { StoreCore } from './store.js';

/**
 * What a route handler gets: the request, its path parameters and parsed query, and the store, typed as
 * the handler's own area sees it (the plumbing and that area's state).
 */
export interface RouteContext<Store extends StoreCore = StoreCore> {
  request: Request;
  params: Record<string, string>;
  query: URLSearchParams;
  store: Store;
  /** The base URL the request came in on, for links in responses. */
  baseUrl: string;
  /** The JSON body, or `undefined` when there is none; a body that is not JSON is answered 400 before. */
  body: unknown;
}

export interface Route<Store extends StoreCore = StoreCore> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `/orders/:orderReference/address`; a `:name` segment matches one decoded path segment. */
  pattern: string;
  /** The operation this route serves: fault injection and request counts are keyed by it. */
  operation: OperationName;
  handle(context: RouteContext<Store>): Response | Promise<Response>;
}

/**
 * The codes an area answers with when the request is refused before any route runs, in the area's own
 * vocabulary (PascalCase in area A, snake_case in area B).
 */
export interface RouterCodes {
  /** 400: a body that is not JSON, or nested deeper than the mock accepts. */
  invalidBody: string;
  /** 400: a path segment that is not valid percent-encoding. */
  invalidPath: string;
  /** 404: no route has this path. */
  noRoute: string;
  /** 405: routes have this path, but not this method. */
  wrongMethod: string;
  /** One `Details` entry naming what is at fault (`target`), in the area's shape. */
  detail(target: string, message: string): unknown;
}

/** One area of the mock: its routes and the way it answers auth failures and errors. */
export interface MockArea<Store extends StoreCore = StoreCore> {
  name: 'orders' | 'shipments';
  routes: Route<Store>[];
  /** A response when the request lacks what the area requires (key, version header), else undefined. */
  authenticate(request: Request, store: Store): Response | undefined;
  /** The area's error response shape; `operation`, when known, for an area whose shape varies by operation. */
  error(
    status: number,
    code: string,
    message: string,
    details?: unknown[],
    headers?: Record<string, string>,
    operation?: OperationName,
  ): Response;
  codes: RouterCodes;
}

/**
 * Thrown by a route handler to answer with an error: the area turns it into its own error shape
 * (PascalCase in area A, snake_case in area B).
 */
export class MockFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown[] = [],
  ) {
    super(message);
  }
}

export function route<Store extends StoreCore>(
  method: Route['method'],
  pattern: string,
  operation: OperationName,
  handle: Route<Store>['handle'],
): Route<Store> {
  return { method, pattern, operation, handle };
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
  /** The parameter whose segment is not valid percent-encoding (`%E0%A4%A`), if one is not. */
  undecodable?: string;
}

/** The route's parameters when `pattern` has the shape of `segments` (a `:name` takes any one segment). */
function matchPattern(pattern: string, segments: string[]): Omit<RouteMatch, 'route'> | undefined {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  let undecodable: string | undefined;
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] as string;
    if (!part.startsWith(':')) {
      if (part.toLowerCase() !== segment.toLowerCase()) return undefined;
      continue;
    }
    try {
      params[part.slice(1)] = decodeURIComponent(segment);
    } catch {
      undecodable ??= part.slice(1);
    }
  }
  return undecodable === undefined ? { params } : { params, undecodable };
}

/** The route for this method and path, if any. */
export function matchRoute(routes: Route[], method: string, path: string): RouteMatch | undefined {
  const segments = path.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.method !== method) continue;
    const matched = matchPattern(route.pattern, segments);
    if (matched) return { route, ...matched };
  }
  return undefined;
}

/** The methods that routes take for this path (for 405 and its `allow`), sorted; empty when none do. */
export function allowedMethods(routes: Route[], path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const methods = routes
    .filter((route) => matchPattern(route.pattern, segments))
    .map((route) => route.method);
  return [...new Set(methods)].sort();
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function empty(status = 200): Response {
  return new Response(null, { status });
}
