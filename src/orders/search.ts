import { pagedList } from '../core/paging.js';
import type { ConsignmentSearchPage, ConsignmentSummary } from './lifecycle.js';

/**
 * The consignments a search matches, fetched a page at a time as they are read. Iterate it with
 * `for await`, take one page with {@link ConsignmentSearch.page} (which also tells `Count`, how many match
 * in all), or every match at once with {@link ConsignmentSearch.toArray}.
 *
 * Pages are read by position (`take`/`skip`), so a consignment that changes while the search runs may
 * move between pages: one already seen is not yielded twice, and one that moved to an earlier page can be
 * missed. Each page is requested only when the one before has been read.
 */
export interface ConsignmentSearch extends AsyncIterable<ConsignmentSummary> {
  /** How many consignments each request asks for. */
  readonly pageSize: number;
  /** One page, counting from 0: its consignments, and `Count`, how many match over every page. */
  page(index?: number): Promise<ConsignmentSearchPage>;
  /** Every matching consignment, reading every page. */
  toArray(): Promise<ConsignmentSummary[]>;
}

/** A search over `fetchPage(take, skip)`. */
export function consignmentSearch(
  pageSize: number,
  fetchPage: (take: number, skip: number) => Promise<ConsignmentSearchPage>,
): ConsignmentSearch {
  return pagedList({
    pageSize,
    fetchPage: ({ take, skip }) => fetchPage(take, skip),
    itemsOf: (page) => page.ConsignmentSummaries,
    totalOf: (page) => page.Count,
    keyOf: (summary) => summary.Reference ?? undefined,
  });
}
