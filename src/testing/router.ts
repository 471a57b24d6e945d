import type { MockStore } from './store.js';

/** What a route handler gets: the request, its path parameters and parsed query, and the shared store. */
export interface RouteContext {
  request: Request;
  params: Record<string, string>;
  query: URLSearchParams;
  store: MockStore;
  /** The base URL the request came in on, for links in responses. */
  baseUrl: string;
  /** The JSON body, or `undefined` when there is none; a body that is not JSON is answered 400 before. */
  body: unknown;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `/orders/:orderReference/address`; a `:name` segment matches one decoded path segment. */
  pattern: string;
  /** The SDK method this route serves: fault injection and request counts are keyed by it. */
  operation: string;
  handle(context: RouteContext): Response | Promise<Response>;
}

/** One area of the mock: its routes and the way it answers auth failures and errors. */
export interface MockArea {
  name: 'orders' | 'shipments';
  routes: Route[];
  /** A response when the request lacks what the area requires (key, version header), else undefined. */
  authenticate(request: Request, store: MockStore): Response | undefined;
  /** The area's error response shape. */
  error(status: number, code: string, message: string, details?: unknown[]): Response;
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

export function route(
  method: Route['method'],
  pattern: string,
  operation: string,
  handle: Route['handle'],
): Route {
  return { method, pattern, operation, handle };
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export function matchRoute(routes: Route[], method: string, path: string): RouteMatch | undefined {
  const segments = path.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.method !== method) continue;
    const parts = route.pattern.split('/').filter(Boolean);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = parts.every((part, index) => {
      const segment = segments[index] as string;
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          return false;
        }
        return true;
      }
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (matched) return { route, params };
  }
  return undefined;
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
