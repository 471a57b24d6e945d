/**
 * ky, loaded when a client is made rather than when the SDK is imported. Importing ky builds a `Request`
 * to test for stream support, which makes Node load its whole fetch implementation (undici) while the
 * application starts: with ky's own modules, about 45 ms of a cold start on a 2-core machine. A client
 * starts the load as it is made, so that its first call rarely waits for it.
 *
 * ky 1, not 2: ky 2 requires Node 22, and consignkit supports Node 20. What the SDK took from ky 2, the
 * error body read into `HTTPError.data`, {@link readErrorData} does here, with ky 2's bounds.
 */
import type * as Ky from 'ky';
import { parseBody } from './answer.js';
import { readBody } from './body.js';
import { OwnFailure } from './own-failure.js';

let loading: Promise<typeof Ky> | undefined;
let ky: typeof Ky | undefined;

export function loadKy(): Promise<typeof Ky> {
  loading ??= import('ky').then((module) => {
    ky = module;
    return module;
  });
  return loading;
}

/** ky's `HTTPError`, with the body of the answer read by {@link readErrorData}. */
export type HTTPError = Ky.HTTPError & {
  /** The error body: parsed by `parseJson` when labelled JSON, else its text; absent when empty or unread. */
  data?: unknown;
};

/** At most this much of an error body is read (ky 2's bound). */
const ERROR_BODY_MAX_BYTES = 10 * 1024 * 1024;
/** An error body is read within the request's timeout, or within this when it has none (ky 2's bound). */
const ERROR_BODY_NO_TIMEOUT_MS = 10_000;

/**
 * A `beforeError` hook: reads the error answer's body into `data` before ky's retry decision and the
 * error's translation see it, within the request's timeout and 10 MiB. A body that is too large, too
 * slow or unreadable leaves `data` undefined, as ky 2 does.
 */
export async function readErrorData(error: Ky.HTTPError): Promise<Ky.HTTPError> {
  const { response } = error;
  // ky 1 hands the error every option the request was made with, though its type names only some.
  const { timeout } = error.options as Ky.Options;
  let text: string;
  try {
    text = await readBody(response, {
      ms: timeout === false || timeout === undefined ? ERROR_BODY_NO_TIMEOUT_MS : timeout,
      maxBytes: ERROR_BODY_MAX_BYTES,
      stop: new AbortController(),
    });
  } catch (failure) {
    // A bug of the SDK's own stays one; a body that could not be read leaves no data, as in ky 2.
    if (failure instanceof OwnFailure) throw failure;
    return error;
  }
  if (text === '') return error;
  const isJson = /json/i.test(response.headers.get('content-type') ?? '');
  (error as HTTPError).data = isJson ? parseBody(text) : text;
  return error;
}

/** ky's own test. Before ky is loaded no call has been made, so no error can be one of its errors. */
export const isHTTPError = (error: unknown): error is HTTPError => ky?.isHTTPError(error) ?? false;

/** ky's own test, as {@link isHTTPError}. */
export const isTimeoutError = (error: unknown): error is Ky.TimeoutError =>
  ky?.isTimeoutError(error) ?? false;
