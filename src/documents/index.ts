export { decodeBase64 } from './base64.js';
export {
  type AreaADocumentObject,
  type DecodedDocument,
  type DocumentFormat,
  type DocumentObject,
  decodeDocument,
  sniffFormat,
} from './decode.js';
export { DocumentError } from './errors.js';
