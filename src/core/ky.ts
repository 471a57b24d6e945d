/**
 * ky, loaded when a client is made rather than when the SDK is imported. Importing ky builds a `Request`
 * to test for stream support, which makes Node load its whole fetch implementation (undici) while the
 * application starts: with ky's own modules, about 45 ms of a cold start on a 2-core machine. A client
 * starts the load as it is made, so that its first call rarely waits for it.
 */
import type * as Ky from 'ky';

let loading: Promise<typeof Ky> | undefined;
let ky: typeof Ky | undefined;

export function loadKy(): Promise<typeof Ky> {
  loading ??= import('ky').then((module) => {
    ky = module;
    return module;
  });
  return loading;
}

/** ky's own test. Before ky is loaded no call has been made, so no error can be one of its errors. */
export const isHTTPError = (error: unknown): error is Ky.HTTPError => ky?.isHTTPError(error) ?? false;

/** ky's own test, as {@link isHTTPError}. */
export const isTimeoutError = (error: unknown): error is Ky.TimeoutError =>
  ky?.isTimeoutError(error) ?? false;
