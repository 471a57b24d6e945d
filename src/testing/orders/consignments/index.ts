// A consignment: reading it, searching, creating and updating it, and the changes that move it back or aside.

export * from './audit.js';
export * from './changes.js';
export * from './consignment.js';
export * from './edits.js';
export * from './reads.js';
export * from './search.js';
export * from './writes.js';
