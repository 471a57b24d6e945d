export { ApiClient } from './client.js';
export * from './errors.js';
export type {
  ClientOptions,
  Environment,
  FetchLike,
  Logger,
  RequestOptions,
  ValidationMode,
} from './options.js';
export { ORDERS_AREA, SHIPMENTS_AREA } from './options.js';
export * from './references.js';
export { type Call, defineOperation, type Operation, type RetryClass } from './transport.js';
export { checkInput } from './validation.js';
