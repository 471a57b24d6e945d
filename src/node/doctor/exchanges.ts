import { type FetchLike, ORDERS_AREA, SHIPMENTS_AREA } from '../../core/options.js';

/** The headers each area sends its key in. */
const KEY_HEADERS = [ORDERS_AREA.keyHeader, SHIPMENTS_AREA.keyHeader];

/** One request the doctor sent and what came back: never the request's headers, which hold the key. */
export interface Exchange {
  status: number;
  /** The answer's `Date` header, if any. */
  date: string | undefined;
  /** The service's correlation id for the exchange, if it sent one. */
  correlationId: string | undefined;
  /** The answer parsed as JSON, or `undefined` when it was not JSON. */
  body: unknown;
  /** When the request left and when the answer's headers came, in ms since the epoch. */
  sentAt: number;
  answeredAt: number;
}

const CORRELATION_HEADERS = [
  'x-correlation-id',
  'correlation-id',
  'x-request-id',
  'request-id',
  'apim-request-id',
];

/**
 * A `fetch` that keeps a copy of every answer for the doctor to compare with what consignkit expects,
 * since a client returns what it read and the comparison needs the answer as sent; and, in `keys`, every
 * key it sent, for the report to be redacted of whatever the service echoes back (a correlation id).
 */
export function recordingFetch(fetch: FetchLike, exchanges: Exchange[], keys: Set<string>): FetchLike {
  return async (input, init) => {
    for (const headers of [input instanceof Request ? input.headers : undefined, init?.headers]) {
      if (headers === undefined) continue;
      const sent = new Headers(headers);
      for (const name of KEY_HEADERS) {
        const key = sent.get(name);
        if (key) keys.add(key);
      }
    }
    const sentAt = Date.now();
    const response = await fetch(input, init);
    const answeredAt = Date.now();
    const text = await response
      .clone()
      .text()
      .catch(() => '');
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    exchanges.push({
      status: response.status,
      date: response.headers.get('date') ?? undefined,
      correlationId: CORRELATION_HEADERS.map((name) => response.headers.get(name)).find(Boolean) ?? undefined,
      body,
      sentAt,
      answeredAt,
    });
    return response;
  };
}
