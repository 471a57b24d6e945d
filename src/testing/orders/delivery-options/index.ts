// Delivery options: asking for them (and pickup points), choosing one as an order or as a consignment, reading and reserving one.
export * from './options.js';
export * from './selection.js';
