// Allocation: the engine that shortlists services, and every allocate route.
export * from './allocate.js';
export * from './shortlist.js';
export * from './with-labels.js';
