import { ConsignkitError } from '../core/errors.js';

/** A document could not be decoded: malformed Base64, unrecognised bytes, or a declared type they contradict. */
export class DocumentError extends ConsignkitError {
  override name = 'DocumentError';
}
