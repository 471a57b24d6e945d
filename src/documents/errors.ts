import { ConsignkitError } from '../core/errors.js';

/**
 * A document could not be decoded: malformed Base64, bytes that are not PDF, ZPL or BMP, or a declared
 * `content_type` they contradict. Thrown by {@link decodeDocument}, {@link decodeBase64} and the savers of
 * `consignkit/node`, before anything is written.
 */
export class DocumentError extends ConsignkitError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'DocumentError' as const;
}
