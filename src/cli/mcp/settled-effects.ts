import type { OperationName } from '../../core/operation-names.js';

/**
 * What each operation settled by its own reads (`settledByReading`) does, in words, for the effect the
 * MCP server states before it sends one. The other outcome rules say it in their own terms (the states a
 * call moves, a package added); these cannot, and the words lived in the declarations, and so in every
 * application's bundle, though only this server reads them. test/operations.test.ts fails when an
 * operation settled by reading has none here.
 */
export const SETTLED_EFFECTS: Partial<Record<OperationName, string>> = {
  addItem: 'Adds an item to a package',
  addItems: 'Adds items to a package',
  moveItem: 'Moves an item to another package',
  removeItem: 'Removes an item from its package',
  addOrderPackages: 'Adds packages to an order',
  deleteOrderPackages: 'Deletes packages from an order',
  addOrderPackageItems: 'Adds items to a package of an order',
  deleteOrderPackageItems: 'Deletes items from a package of an order',
};
