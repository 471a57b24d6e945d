// Every wire schema of the package, for checking data of your own: each area's index, and the references'.
export * from './orders/schemas.js';
export * from './reference-schemas.js';
export * from './shipments/schemas.js';
