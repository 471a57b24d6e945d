// Paging (src/core/paging.ts) as users meet it: a search read with `for await`, a page, or `toArray`,
// against a service whose pages each test writes, so that the edges (a wrong Count, items that move
// between pages, a failure mid-way) are answered exactly.
import { describe, expect, it } from 'vitest';
import { InternalServerError, OrdersClient } from '../../src/index.js';

type PageAnswer = { Count: number; ConsignmentSummaries: Record<string, unknown>[] } | { status: number };

/** A service answering Search Consignments from `answer(take, skip, index)`, recording each request. */
function service(answer: (take: number, skip: number, index: number) => PageAnswer) {
  const requests: { take: number; skip: number; query: string }[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const [, , take, skip] = url.pathname.split('/').map(Number);
    requests.push({ take: take as number, skip: skip as number, query: url.search });
    const body = answer(take as number, skip as number, requests.length - 1);
    if ('status' in body) {
      return Response.json({ Code: 'Failed', Message: 'The service failed' }, { status: body.status });
    }
    return Response.json(body);
  };
  const orders = new OrdersClient({ apiKey: 'sk_test_paging_0123456789', fetch, maxRetries: 0 });
  return { orders, requests };
}

const summary = (reference: string | undefined) => ({
  ...(reference === undefined ? {} : { Reference: reference }),
  State: 'Allocated',
});

/** `count` consignments `EC-1`…, served `take` at a time from `skip`. */
function consignments(count: number) {
  const all = Array.from({ length: count }, (_, index) => summary(`EC-${index + 1}`));
  return (take: number, skip: number) => ({
    Count: count,
    ConsignmentSummaries: all.slice(skip, skip + take),
  });
}

const referencesOf = (summaries: readonly { Reference?: unknown }[]) =>
  summaries.map((each) => each.Reference);

describe('paging through a search', () => {
  it('sends nothing until read, then asks for each page only when the one before has been read', async () => {
    const { orders, requests } = service(consignments(7));
    const search = orders.consignments.search({ State: 'Allocated' }, { pageSize: 3 });
    expect(requests).toHaveLength(0);

    const read: string[] = [];
    for await (const consignment of search) {
      read.push(consignment.Reference as string);
      if (read.length === 4) break;
    }
    expect(read).toEqual(['EC-1', 'EC-2', 'EC-3', 'EC-4']);
    expect(requests.map(({ take, skip }) => [take, skip])).toEqual([
      [3, 0],
      [3, 3],
    ]);
    expect(requests[0]?.query).toBe('?state=Allocated');
  });

  it('reads every page, in order, and stops at Count without asking for an empty page', async () => {
    const { orders, requests } = service(consignments(6));
    const all = await orders.consignments.search({}, { pageSize: 3 }).toArray();
    expect(referencesOf(all)).toEqual(['EC-1', 'EC-2', 'EC-3', 'EC-4', 'EC-5', 'EC-6']);
    expect(requests.map(({ skip }) => skip)).toEqual([0, 3]);
  });

  it('starts afresh on each read: a search can be iterated twice', async () => {
    const { orders, requests } = service(consignments(4));
    const search = orders.consignments.search({}, { pageSize: 2 });
    expect(referencesOf(await search.toArray())).toEqual(['EC-1', 'EC-2', 'EC-3', 'EC-4']);
    const again: string[] = [];
    for await (const consignment of search) again.push(consignment.Reference as string);
    expect(again).toEqual(['EC-1', 'EC-2', 'EC-3', 'EC-4']);
    expect(requests.map(({ skip }) => skip)).toEqual([0, 2, 0, 2]);
  });

  it('answers one page by its index, with Count over every page', async () => {
    const { orders, requests } = service(consignments(7));
    const page = await orders.consignments.search({}, { pageSize: 3 }).page(2);
    expect(page.Count).toBe(7);
    expect(referencesOf(page.ConsignmentSummaries)).toEqual(['EC-7']);
    expect(requests.map(({ take, skip }) => [take, skip])).toEqual([[3, 6]]);
  });

  it('yields a consignment that moved to the next page once, and every one that has no reference', async () => {
    // Between the two requests a new consignment arrived first: EC-3 is now on the second page too.
    const pages = [
      { Count: 5, ConsignmentSummaries: [summary('EC-1'), summary('EC-2'), summary('EC-3')] },
      { Count: 6, ConsignmentSummaries: [summary('EC-3'), summary(undefined), summary(undefined)] },
      { Count: 6, ConsignmentSummaries: [] },
    ];
    const { orders } = service((_take, _skip, index) => pages[index] ?? { status: 500 });
    const all = await orders.consignments.search({}, { pageSize: 3 }).toArray();
    expect(referencesOf(all)).toEqual(['EC-1', 'EC-2', 'EC-3', undefined, undefined]);
  });

  it('ends on an empty page even when Count says more, so a wrong count never loops', async () => {
    const { orders, requests } = service((_take, skip) => ({
      Count: 1_000,
      ConsignmentSummaries: skip === 0 ? [summary('EC-1'), summary('EC-2')] : [],
    }));
    const all = await orders.consignments.search({}, { pageSize: 2 }).toArray();
    expect(referencesOf(all)).toEqual(['EC-1', 'EC-2']);
    expect(requests.map(({ skip }) => skip)).toEqual([0, 2]);
  });

  it('ends on a short page even when Count says more', async () => {
    const { orders, requests } = service(() => ({ Count: 50, ConsignmentSummaries: [summary('EC-1')] }));
    const all = await orders.consignments.search({}, { pageSize: 10 }).toArray();
    expect(referencesOf(all)).toEqual(['EC-1']);
    expect(requests).toHaveLength(1);
  });

  it('gives what it read before a page fails, then the failure, never a silently shortened list', async () => {
    const first = consignments(6);
    const { orders } = service((take, skip, index) => (index === 0 ? first(take, skip) : { status: 500 }));
    const read: string[] = [];
    const reading = (async () => {
      for await (const consignment of orders.consignments.search({}, { pageSize: 3 })) {
        read.push(consignment.Reference as string);
      }
    })();
    await expect(reading).rejects.toBeInstanceOf(InternalServerError);
    expect(read).toEqual(['EC-1', 'EC-2', 'EC-3']);
    await expect(orders.consignments.search({}, { pageSize: 3 }).toArray()).rejects.toBeInstanceOf(
      InternalServerError,
    );
  });
});
