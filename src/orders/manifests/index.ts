// Manifests: manifesting consignments (by list or by query), and the customer manifests that record them.
export * from './customer-manifests.js';
export * from './manifests.js';
export * from './query.js';
