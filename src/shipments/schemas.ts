/** Area B's wire types and schemas, by resource: an index only (`export *`). */
export * from './documents/index.js';
export * from './groups.js';
export * from './labels.js';
export * from './shared.js';
