import { OwnFailure } from './own-failure.js';

/** Body reading: a 2xx answer's body, read within what is left of the attempt's time and within its byte bound. */

/** The attempt's time ran out while its 2xx body was still arriving. */
export class BodyTimeoutError extends Error {
  override name = 'BodyTimeoutError';
}

/** The 2xx body is larger than the call's `maxResponseBytes`: reading stopped there. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`the answer is larger than maxResponseBytes (${limit.toLocaleString('en')} bytes)`);
  }
}

/** Where a body read stops: the attempt's deadline and the byte bound. */
export interface BodyBounds {
  /** Milliseconds left of the attempt. */
  ms: number;
  /** The most bytes read, counted after decompression (what fetch hands over). */
  maxBytes: number;
  /** Aborted when the read stops early, which ends the download. */
  stop: AbortController;
}

function decode(step: () => string): string {
  try {
    return step();
  } catch (error) {
    throw new OwnFailure(error);
  }
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const all = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

/** A `Content-Length` that already says the body is too large; only for an uncompressed body. */
function declaredTooLarge(response: Response, maxBytes: number): boolean {
  const encoding = response.headers.get('content-encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') return false;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isFinite(length) && length > maxBytes;
}

/**
 * The body's text, read chunk by chunk so that memory stays near `maxBytes`: past it, or when the
 * attempt's time runs out, `stop` is aborted (which ends the download) and the read fails with a
 * {@link BodyTooLargeError} or {@link BodyTimeoutError}. A fresh `timeout` for the body (as ky gave it)
 * let headers at 450 ms and a body at 900 ms pass a 500 ms timeout; and `response.text()`
 * would buffer a body of any size (700 MB took a process to 1.5 GB before failing).
 */
export async function readBody(response: Response, { ms, maxBytes, stop }: BodyBounds): Promise<string> {
  const end = (error: Error) => {
    stop.abort(error);
    return error;
  };
  const body = response.body;
  if (declaredTooLarge(response, maxBytes)) {
    body?.cancel().catch(() => undefined);
    throw end(new BodyTooLargeError(maxBytes));
  }
  if (body === null) return '';
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(end(new BodyTimeoutError('the answer did not arrive in full before the timeout'))),
      Math.max(0, ms),
    );
  });
  const readAll = async () => {
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for (;;) {
      // What `read` throws is the download's failure (a cut-off body); anything else here is ours.
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) throw end(new BodyTooLargeError(maxBytes));
      chunks.push(value);
    }
    // Decoded once, as `response.text()` does (UTF-8, a leading BOM dropped, bad bytes replaced): one
    // copy of the bytes costs less than decoding chunk by chunk and joining the pieces.
    return decode(() => new TextDecoder().decode(chunks.length === 1 ? chunks[0] : concat(chunks, bytes)));
  };
  const reading = readAll();
  // Lost to the deadline, the read may still fail afterwards (the download was aborted): nobody waits.
  reading.catch(() => undefined);
  try {
    return await Promise.race([reading, expired]);
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
