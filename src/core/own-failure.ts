/**
 * A failure of the SDK's own code during an attempt (a bug in a retry decision, in reading a body): it
 * must never read as the connection's failure, so it is carried past the failure translation and thrown
 * as the error it is.
 */
export class OwnFailure extends Error {
  override name = 'OwnFailure';
  constructor(readonly original: unknown) {
    super('a failure of the SDK itself', { cause: original });
  }
}

/** `fn`, with whatever it throws marked as the SDK's own failure. */
export function own<Args extends unknown[], R>(fn: (...args: Args) => R): (...args: Args) => R {
  return (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      throw error instanceof OwnFailure ? error : new OwnFailure(error);
    }
  };
}
