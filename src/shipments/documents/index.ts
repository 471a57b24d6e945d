/** A shipment's documents other than its labels, one module per kind. */
export * from './customs.js';
