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
  async function* summaries(): AsyncGenerator<ConsignmentSummary> {
    const seen = new Set<string>();
    for (let skip = 0; ; ) {
      const { Count, ConsignmentSummaries: page } = await fetchPage(pageSize, skip);
      for (const summary of page) {
        const reference = summary.Reference;
        if (reference) {
          if (seen.has(reference)) continue;
          seen.add(reference);
        }
        yield summary;
      }
      skip += page.length;
      // A short or empty page is the last, whatever `Count` says: a wrong count never loops forever.
      if (page.length < pageSize || skip >= Count) return;
    }
  }
  return {
    pageSize,
    page: (index = 0) => fetchPage(pageSize, index * pageSize),
    [Symbol.asyncIterator]: summaries,
    async toArray() {
      const all: ConsignmentSummary[] = [];
      for await (const summary of summaries()) all.push(summary);
      return all;
    },
  };
}
