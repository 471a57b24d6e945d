export { OrdersClient } from './client.js';
export * from './schemas.js';
