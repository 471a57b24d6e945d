export { wait } from '../core/wait.js';
/** A fault the mock injects instead of (or around) its normal answer. */
export interface Fault {
  /** Answer with this status instead of handling the request (the request has no effect). */
  status?: number;
  /** The body of that answer: an object is sent as JSON, a string as it is (an HTML page, broken JSON…). */
  body?: unknown;
  /** Extra headers of that answer. */
  headers?: Record<string, string>;
  /** Adds `Retry-After` in seconds to that answer. */
  retryAfter?: number;
  /** Wait this many milliseconds before answering (longer than the client's timeout makes a timeout). */
  delay?: number;
  /**
   * Handle the request (its effects happen), then hold its answer back this many milliseconds: a client
   * killed or timed out meanwhile has been acted on without knowing it. `delay` waits before handling.
   */
  hold?: number;
  /**
   * Break the connection instead of answering:
   * - `refused`: it never opened; the request never arrives and is not counted. Through `fetch` and
   *   `handlers` the client sees a refused connection (`ECONNREFUSED`), which the SDK retries even for a
   *   non-repeatable call. Over HTTP (`listen()`) the mock cannot refuse one request: a server refuses
   *   connections, before any request is sent, and it only knows the operation once the request has
   *   arrived. There the connection is reset after the request arrived (it is neither handled nor
   *   counted), so the client sees a reset, not a refusal: a non-repeatable call ends in
   *   `OutcomeUnknownError`, a repeatable one is retried. For a real refused connection over HTTP,
   *   `close()` the server and send to its URL;
   * - `drop-before`: the request arrives, then the connection drops before it is handled;
   * - `drop-after`: the request is handled (its effects happen), then the connection drops;
   * - `truncate`: the answer (the request's own, or the fault's `status` and `body`) is cut off halfway
   *   through its body.
   */
  network?: 'refused' | 'drop-before' | 'drop-after' | 'truncate';
  /** How many matching requests get the fault. Default 1. */
  times?: number;
}

import type { OperationName } from '../core/operation-names.js';

interface PendingFault {
  operation: OperationName | '*';
  fault: Fault;
  remaining: number;
}

/** Faults waiting for their next matching requests, in the order they were added. */
export class FaultQueue {
  #pending: PendingFault[] = [];

  add(operation: OperationName | '*', fault: Fault): void {
    this.#pending.push({ operation, fault, remaining: fault.times ?? 1 });
  }

  /** The fault for this request, if one is waiting; `*` matches every operation. */
  take(operation: OperationName | 'unknown'): Fault | undefined {
    const index = this.#pending.findIndex(
      (entry) => entry.operation === operation || entry.operation === '*',
    );
    if (index === -1) return undefined;
    const entry = this.#pending[index] as PendingFault;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.#pending.splice(index, 1);
    return entry.fault;
  }

  clear(): void {
    this.#pending = [];
  }
}

/** The error a fetch throws when a connection fails, with the code Node's fetch puts on its cause. */
export function networkFailure(kind: 'refused' | 'reset'): TypeError {
  const code = kind === 'refused' ? 'ECONNREFUSED' : 'ECONNRESET';
  const cause = Object.assign(new Error(kind === 'refused' ? `connect ${code}` : 'socket hang up'), { code });
  return Object.assign(new TypeError('fetch failed', { cause }), { mockNetworkFailure: kind });
}

export function isNetworkFailure(
  error: unknown,
): error is TypeError & { mockNetworkFailure: 'refused' | 'reset' } {
  return error instanceof TypeError && 'mockNetworkFailure' in error;
}

/** A copy of `response` whose body stops with an error halfway through. */
export async function truncated(response: Response): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const half = bytes.slice(0, Math.floor(bytes.length / 2));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(half);
      controller.error(networkFailure('reset'));
    },
  });
  const headers = new Headers(response.headers);
  headers.set('content-length', String(bytes.length));
  return new Response(stream, { status: response.status, headers });
}
