export * from './errors.js';
export type {
  CallErrorEvent,
  CallEvent,
  Hooks,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
} from './hooks.js';
export { withExtraFields } from './near-miss.js';
export type { OpenEnum } from './open-enum.js';
export {
  type ClientOptions,
  type Environment,
  type FetchLike,
  type Logger,
  type ObjectFirstLogger,
  objectFirstLogger,
  type RequestOptions,
  type ValidationMode,
} from './options.js';
export * from './references.js';
export { type AppInfo, VERSION } from './user-agent.js';
