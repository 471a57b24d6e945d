/** A shipment's documents other than its labels, one module per kind. */

export * from './collection-notes.js';
export * from './customs.js';
export * from './paperless.js';
