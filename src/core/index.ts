export * from './errors.js';
export type {
  CallErrorEvent,
  CallEvent,
  Hooks,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
} from './hooks.js';
export { type Logger, type ObjectFirstLogger, objectFirstLogger } from './logger.js';
export { withExtraFields } from './near-miss.js';
export type { OpenEnum } from './open-enum.js';
export type * from './operation-names.js';
export type { ClientOptions, Environment, FetchLike, RequestOptions, ValidationMode } from './options.js';
export {
  asConsignmentReference,
  asContentsReference,
  asDeliveryOptionReference,
  asOrderReference,
  asPackageReference,
  asShipmentGroupReference,
  asShipmentReference,
  type ConsignmentReference,
  type ContentsReference,
  type DeliveryOptionReference,
  type ItemReference,
  isConsignmentReference,
  isContentsReference,
  isDeliveryOptionReference,
  isOrderReference,
  isPackageReference,
  isShipmentGroupReference,
  isShipmentReference,
  type ManifestReference,
  type OrderReference,
  type PackageReference,
  type QuoteReference,
  type ShipmentGroupReference,
  type ShipmentReference,
  type ShippingLocationReference,
} from './references.js';
export { type AppInfo, VERSION } from './user-agent.js';
export type { WaitOptions, WaitResult, WaitStatus } from './wait-for.js';
export type {
  StandardFailure,
  StandardIssue,
  StandardSchemaProps,
  StandardSuccess,
  StandardTypes,
  WireSchema,
  WireSchemaFailure,
  WireSchemaIssue,
  WireSchemaSuccess,
} from './wire-schema.js';
