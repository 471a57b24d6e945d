/**
 * Lists the service answers a page at a time, by position: a request names how many items it asks for
 * (`take`) and how many to pass over (`skip`), and a page answers some items and, often, how many match
 * in all. Area A's Search Consignments pages so (`consignments/{take}/{skip}`), and so do area B's lists
 * (`?take=…&skip=…`, with `total_results`). Nothing here knows an operation: each list says how to send a
 * page's request and how to read a page.
 */
import { ResponseValidationError } from './errors.js';
import type { OperationName } from './operation-names.js';

/**
 * Pages in a row that bring no item not read before, after which the list is taken to be going round (a
 * service ignoring `skip`): items that move between pages while the list is read explain one such page,
 * hardly three.
 */
export const MAX_PAGES_WITHOUT_NEW_ITEMS = 3;

/** One page's request: `take` items, after the first `skip`. */
export interface PageRequest {
  readonly take: number;
  readonly skip: number;
}

/** How to page through one list. */
export interface Paging<Page, Item> {
  /** The operation each page's request sends, for the error that stops a list going round. */
  readonly operation: OperationName;
  /** How many items each request asks for. */
  readonly pageSize: number;
  /** Sends one page's request. */
  fetchPage(request: PageRequest): Promise<Page>;
  /** The page's items. */
  itemsOf(page: Page): readonly Item[];
  /** How many items match over every page, where the page says. */
  totalOf?(page: Page): number | undefined;
  /** An item's identity, where it has one: an item already yielded is not yielded again. */
  keyOf?(item: Item): string | undefined;
}

/**
 * A short fingerprint of a string (53-bit cyrb53): the pages and items already read are remembered by
 * these, not by their text, so a long list is not held twice.
 */
function fingerprint(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2_654_435_761);
    h2 = Math.imul(h2 ^ code, 1_597_334_677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2_246_822_507) ^ Math.imul(h2 ^ (h2 >>> 13), 3_266_489_909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2_246_822_507) ^ Math.imul(h1 ^ (h1 >>> 13), 3_266_489_909);
  return 4_294_967_296 * (2_097_151 & h2) + (h1 >>> 0);
}

/** What a list that does not advance is stopped with: the page that showed it, and why. */
function notAdvancing(
  operation: OperationName,
  page: unknown,
  why: string,
  code: string,
): ResponseValidationError {
  const message = `${operation}: ${why}; the service seems to ignore skip and take, so reading stops here`;
  return new ResponseValidationError(message, {
    issues: [{ path: [], message: why, code }],
    body: page,
    operation,
  });
}

/**
 * The pages of a list, in order, each requested only when the one before has been read (so a loop that
 * stops early sends nothing more). It ends on a page shorter than `pageSize` (an empty one included)
 * whatever the total says, so a wrong total never loops forever, or once the total is reached. A service
 * that ignores `skip` never ends a list so: a page that repeats an earlier page's items, or
 * {@link MAX_PAGES_WITHOUT_NEW_ITEMS} pages in a row that bring no new item, stop it with a
 * {@link ResponseValidationError} (`issues[0].code` `page_repeated` or `no_new_items`). A list whose
 * service caps `take` must refuse a larger `pageSize` before sending: a capped page would read as the
 * last.
 */
export async function* pagesOf<Page, Item>(
  paging: Paging<Page, Item>,
): AsyncGenerator<Page, void, undefined> {
  const pagesRead = new Map<number, number>();
  const itemsRead = new Set<number>();
  let withoutNew = 0;
  for (let skip = 0, index = 0; ; index++) {
    const page = await paging.fetchPage({ take: paging.pageSize, skip });
    const items = paging.itemsOf(page);
    const count = items.length;
    const keys = items.map((item) => paging.keyOf?.(item) ?? JSON.stringify(item) ?? '');
    if (count > 0) {
      const whole = fingerprint(JSON.stringify(keys));
      const earlier = pagesRead.get(whole);
      if (earlier !== undefined) {
        throw notAdvancing(
          paging.operation,
          page,
          `page ${index + 1} (skip ${skip}) holds the same items as page ${earlier + 1}`,
          'page_repeated',
        );
      }
      pagesRead.set(whole, index);
    }
    let fresh = 0;
    for (const key of keys) {
      const seen = fingerprint(key);
      if (!itemsRead.has(seen)) fresh++;
      itemsRead.add(seen);
    }
    withoutNew = count > 0 && fresh === 0 ? withoutNew + 1 : 0;
    if (withoutNew >= MAX_PAGES_WITHOUT_NEW_ITEMS) {
      throw notAdvancing(
        paging.operation,
        page,
        `${withoutNew} pages in a row (up to skip ${skip}) brought no item not read before`,
        'no_new_items',
      );
    }
    yield page;
    skip += count;
    const total = paging.totalOf?.(page);
    if (count < paging.pageSize) return;
    if (total !== undefined && skip >= total) return;
  }
}

/**
 * The items of every page, in order. Pages are read by position, so an item that changes while the list
 * is read may move between pages: one already yielded (by {@link Paging.keyOf}) is not yielded twice, and
 * one that moved to an earlier page can be missed.
 */
export async function* itemsOf<Page, Item>(
  paging: Paging<Page, Item>,
): AsyncGenerator<Item, void, undefined> {
  const seen = new Set<string>();
  for await (const page of pagesOf(paging)) {
    for (const item of paging.itemsOf(page)) {
      const key = paging.keyOf?.(item);
      if (key) {
        if (seen.has(key)) continue;
        seen.add(key);
      }
      yield item;
    }
  }
}

/** A list read a page at a time: iterate it with `for await`, take one page, or read it all. */
export interface PagedList<Item, Page> extends AsyncIterable<Item> {
  /** How many items each request asks for. */
  readonly pageSize: number;
  /** One page, counting from 0. */
  page(index?: number): Promise<Page>;
  /** Every item, reading every page. */
  toArray(): Promise<Item[]>;
}

/** A {@link PagedList} over `paging`; nothing is sent until it is read, and each read starts afresh. */
export function pagedList<Item, Page>(paging: Paging<Page, Item>): PagedList<Item, Page> {
  return {
    pageSize: paging.pageSize,
    page: (index = 0) => paging.fetchPage({ take: paging.pageSize, skip: index * paging.pageSize }),
    [Symbol.asyncIterator]: () => itemsOf(paging),
    async toArray() {
      const all: Item[] = [];
      for await (const item of itemsOf(paging)) all.push(item);
      return all;
    },
  };
}
