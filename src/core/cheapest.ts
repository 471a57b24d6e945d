/**
 * Choosing the cheapest of a priced list (quotes, delivery options). Neither area promises an order for
 * these lists, so "the first" is whatever the service happened to send: choosing by price is the only
 * way to pay the lowest price offered.
 */
import { ConsignkitError } from './errors.js';

/** An item's price as the chooser compares it: the amount to pay, and its currency when known. */
export interface ComparablePrice {
  amount: number | null | undefined;
  currency: string | null | undefined;
}

/**
 * The item with the lowest `amount`, or `undefined` for an empty list or one where no item has a price.
 * Items without a finite amount are never chosen. Ties go to the earliest in the list. Items priced in
 * more than one currency cannot be compared by amount: that throws, rather than compare pounds with euros.
 */
export function cheapestOf<T>(
  items: readonly T[] | null | undefined,
  priceOf: (item: T) => ComparablePrice | undefined,
  what: string,
): T | undefined {
  let cheapest: T | undefined;
  let lowest = Number.POSITIVE_INFINITY;
  const currencies = new Set<string>();
  for (const item of items ?? []) {
    const price = item === null || item === undefined ? undefined : priceOf(item);
    const amount = price?.amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount)) continue;
    if (typeof price?.currency === 'string' && price.currency !== '')
      currencies.add(price.currency.toUpperCase());
    if (amount < lowest) {
      lowest = amount;
      cheapest = item;
    }
  }
  if (currencies.size > 1) {
    throw new ConsignkitError(
      `${what}: the prices are in more than one currency (${[...currencies].join(', ')}): compare them in one currency yourself`,
    );
  }
  return cheapest;
}
