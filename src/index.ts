export { type CreateClientsOptions, createClients } from './clients.js';
export * from './core/index.js';
export * from './documents/index.js';
export * from './orders/index.js';
export * from './shipments/index.js';
