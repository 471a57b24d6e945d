/** Body reading: a 2xx answer's body, read within what is left of the attempt's time. */

/** The attempt's time ran out while its 2xx body was still arriving. */
export class BodyTimeoutError extends Error {
  override name = 'BodyTimeoutError';
}

/**
 * The body's text, unless the attempt's time runs out first: then `stop` is aborted (which ends the
 * download) and the read fails with a {@link BodyTimeoutError}. ky would give the body a fresh `timeout`
 * of its own, so that headers at 450 ms and a body at 900 ms passed a 500 ms timeout.
 */
export async function readWithin(response: Response, ms: number, stop: AbortController): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => {
        const error = new BodyTimeoutError('the answer did not arrive in full before the timeout');
        reject(error);
        stop.abort(error);
      },
      Math.max(0, ms),
    );
  });
  try {
    return await Promise.race([response.text(), expired]);
  } finally {
    clearTimeout(timer);
  }
}
