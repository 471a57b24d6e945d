/**
 * ky, loaded on a client's first call rather than at import. Importing ky builds a `Request` to test for
 * stream support, which makes Node load its whole fetch implementation (undici) while the application
 * starts: with ky's own modules, about 45 ms of a cold start on a 2-core machine.
 */
import type { HTTPError, TimeoutError } from 'ky';

let ky: typeof import('ky') | undefined;

export async function loadKy(): Promise<typeof import('ky')> {
  ky ??= await import('ky');
  return ky;
}

/** ky's own test. Before ky is loaded no call has been made, so no error can be one of its errors. */
export const isHTTPError = (error: unknown): error is HTTPError => ky?.isHTTPError(error) ?? false;

/** ky's own test, as {@link isHTTPError}. */
export const isTimeoutError = (error: unknown): error is TimeoutError => ky?.isTimeoutError(error) ?? false;
