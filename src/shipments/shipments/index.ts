export * from './request.js';
export * from './shipments.js';
