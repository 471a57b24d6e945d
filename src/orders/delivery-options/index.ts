// Delivery options: asking for them (and pickup points), then choosing one as a consignment or as orders.
export * from './delivery-options.js';
export * from './options.js';
export * from './selection.js';
