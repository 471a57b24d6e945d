/**
 * Lists the service answers a page at a time, by position: a request names how many items it asks for
 * (`take`) and how many to pass over (`skip`), and a page answers some items and, often, how many match
 * in all. Area A's Search Consignments pages so (`consignments/{take}/{skip}`), and so do area B's lists
 * (`?take=…&skip=…`, with `total_results`). Nothing here knows an operation: each list says how to send a
 * page's request and how to read a page.
 */

/** One page's request: `take` items, after the first `skip`. */
export interface PageRequest {
  readonly take: number;
  readonly skip: number;
}

/** How to page through one list. */
export interface Paging<Page, Item> {
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
 * The pages of a list, in order, each requested only when the one before has been read (so a loop that
 * stops early sends nothing more). It ends on a page shorter than `pageSize` (an empty one included)
 * whatever the total says, so a wrong total never loops forever, or once the total is reached. A list
 * whose service caps `take` must refuse a larger `pageSize` before sending: a capped page would read
 * as the last.
 */
export async function* pagesOf<Page, Item>(
  paging: Paging<Page, Item>,
): AsyncGenerator<Page, void, undefined> {
  for (let skip = 0; ; ) {
    const page = await paging.fetchPage({ take: paging.pageSize, skip });
    const count = paging.itemsOf(page).length;
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
