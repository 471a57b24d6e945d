/** Area B's wire types and schemas, by resource: an index only (`export *`). */
export * from './allocation.js';
export * from './documents/index.js';
export * from './groups.js';
export * from './labels.js';
export * from './manifests.js';
export * from './quotes.js';
export * from './shared.js';
export * from './shipments/index.js';
export * from './tracking.js';
