import { ConfigurationError } from '../core/errors.js';
import type { Fault } from './faults.js';
import { json } from './router.js';
import type { RecordedRequest } from './store.js';

/**
 * The mock's own routes, under `/__mock/` on any base it serves (over HTTP: `http://127.0.0.1:PORT/__mock/…`),
 * so that a test drives a mock running in another process (`consignkit mock`) as it drives one in its own:
 * - `GET /__mock/transmissions[?operation=NAME]`: `{ transmissions: { [operation]: { [reference]: count } } }`;
 * - `GET /__mock/requests[?operation=NAME]`: `{ requests: RecordedRequest[] }`;
 * - `POST /__mock/faults` with `{ operation, fault }`: `failNext(operation, fault)` (`hold` included);
 * - `POST /__mock/reset`: `reset()`.
 * They require the mock's key, in either area's key header, and are never recorded as requests.
 */
export const ADMIN_PREFIX = '/__mock/';

/** What the admin routes act on. */
export interface AdminTarget {
  apiKey: string;
  requests(operation?: string): RecordedRequest[];
  transmissions(operation?: string): Transmissions;
  failNext(operation: string, fault: Fault): void;
  reset(): void;
}

/** Writes the mock received, by operation, then by the reference they named (`(none)` when none). */
export type Transmissions = Record<string, Record<string, number>>;

/** Counts the requests that may change something (not `GET` nor `HEAD`), by operation and reference. */
export function countTransmissions(requests: readonly RecordedRequest[]): Transmissions {
  const counts: Transmissions = {};
  for (const request of requests) {
    if (request.method === 'GET' || request.method === 'HEAD') continue;
    const byReference = counts[request.operation] ?? {};
    counts[request.operation] = byReference;
    for (const reference of request.references.length > 0 ? request.references : ['(none)']) {
      byReference[reference] = (byReference[reference] ?? 0) + 1;
    }
  }
  return counts;
}

const REFERENCE = /^(?:(?:EO|EC|EDO|EP)-[A-Za-z0-9-]+|(?:sp|sc|sg|ma|qu|pd)_[A-Za-z0-9]+)$/;
const LOCATION_KEYS = new Set(['ShippingLocationReference', 'ShippingLocationReferences']);
const MAX_REFERENCES = 1_000;

/**
 * The references a request names: its path parameters, then every string of its body that has a
 * reference's shape, and the shipping locations a query names (Manifest From Query's scope). Bounded in
 * depth and count, as bodies come from anyone.
 */
export function referencesOf(params: Record<string, string>, body: unknown): string[] {
  const found = new Set<string>(Object.values(params).filter((value) => value !== ''));
  const visit = (value: unknown, depth: number, location: boolean) => {
    if (found.size >= MAX_REFERENCES || depth > 8) return;
    if (typeof value === 'string') {
      if (location || REFERENCE.test(value)) found.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1, location);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, depth + 1, LOCATION_KEYS.has(key));
    }
  };
  visit(body, 0, false);
  return [...found];
}

const KEY_HEADERS = ['x-api-key', 'ocp-apim-subscription-key'];

/** The answer to a request under {@link ADMIN_PREFIX}. */
export async function adminAnswer(target: AdminTarget, request: Request, path: string): Promise<Response> {
  if (!KEY_HEADERS.some((header) => request.headers.get(header) === target.apiKey)) {
    return json(
      { message: 'The mock admin routes require the mock key (x-api-key or ocp-apim-subscription-key)' },
      401,
    );
  }
  const url = new URL(request.url);
  const operation = url.searchParams.get('operation') ?? undefined;
  const route = `${request.method} ${path}`;
  if (route === 'GET transmissions') return json({ transmissions: target.transmissions(operation) });
  if (route === 'GET requests') return json({ requests: target.requests(operation) });
  if (route === 'POST reset') {
    target.reset();
    return new Response(null, { status: 204 });
  }
  if (route === 'POST faults') {
    let body: { operation?: unknown; fault?: unknown };
    try {
      body = (await request.json()) as typeof body;
    } catch {
      return json({ message: 'POST /__mock/faults takes JSON: { "operation": NAME, "fault": { … } }' }, 400);
    }
    if (typeof body?.operation !== 'string' || typeof body.fault !== 'object' || body.fault === null) {
      return json({ message: 'POST /__mock/faults takes { "operation": NAME, "fault": { … } }' }, 400);
    }
    const fault = body.fault as Record<string, unknown>;
    const wrong = ['status', 'retryAfter', 'delay', 'hold', 'times'].filter(
      (key) =>
        fault[key] !== undefined &&
        !(typeof fault[key] === 'number' && Number.isFinite(fault[key]) && (fault[key] as number) >= 0),
    );
    if (wrong.length > 0)
      return json({ message: `fault.${wrong.join(', fault.')}: expected a number of 0 or more` }, 400);
    try {
      target.failNext(body.operation, fault as Fault);
    } catch (error) {
      if (error instanceof ConfigurationError) return json({ message: error.message }, 400);
      throw error;
    }
    return new Response(null, { status: 204 });
  }
  return json({ message: `No mock admin route ${request.method} ${ADMIN_PREFIX}${path}` }, 404);
}
