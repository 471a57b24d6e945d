import { beforeEach, describe, expect, it } from 'vitest';
import { OrdersClient, RequestValidationError } from '../../../src/index.js';
import { createMockService, type MockService } from '../../../src/testing/index.js';
import { consignmentInput } from '../../support/fixtures.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
});

describe('consignment searches whose filter keys are all unset', () => {
  it('are refused before sending, rather than matching every consignment', async () => {
    const unset = { ShippingLocationReference: undefined } as unknown as Record<string, never>;
    const sent = mock.store.requests.length;
    await expect(orders.consignments.getReferences(unset)).rejects.toBeInstanceOf(RequestValidationError);
    expect(() => orders.consignments.search({ ShippingLocationReference: '' })).toThrow(
      RequestValidationError,
    );
    expect(mock.store.requests.length).toBe(sent);
    // Written as such, an empty filter still means every consignment.
    await expect(orders.consignments.getReferences({})).resolves.toEqual(expect.any(Array));
  });
});

describe('search results name one state field', () => {
  it('fills ConsignmentState from State when the service sends only State', async () => {
    const page = {
      Count: 2,
      ConsignmentSummaries: [
        { Reference: 'EC-000-000-001', State: 'Allocated' },
        { Reference: 'EC-000-000-002', ConsignmentState: 'Manifested' },
      ],
    };
    const client = new OrdersClient({ apiKey: 'test-key', fetch: async () => Response.json(page) });
    const { ConsignmentSummaries } = await client.consignments.search().page(0);
    expect(ConsignmentSummaries.map((summary) => summary.ConsignmentState)).toEqual([
      'Allocated',
      'Manifested',
    ]);
  });
});

describe('every term of the vendor’s ConsignmentSearchTerms', () => {
  const everyTerm = {
    StartFrom: '2026-01-01',
    EndAt: new Date('2026-12-31T00:00:00Z'),
    PackageNumber: 'PN-1',
    ConsignmentNumber: 'CN-1',
    Carriers: 'ROYALMAIL',
    ClientReference: 'CLIENT-1',
    StateAttribute: 'Late',
    SearchTermType: 'Reference',
    WeightInKgFrom: 0.5,
    WeightInKgTo: 2.5,
    CReference: 1234,
    PReference: 5678,
    LabelsPrinted: 'false' as const,
  };
  const sentQuery = () => new URL(mock.store.requests.at(-1)!.url).searchParams;

  it('is sent by Search Consignments and Get Consignment References, none called a typo of another', async () => {
    await orders.consignments.search(everyTerm).page(0);
    const sent = Object.fromEntries(sentQuery());
    expect(sent).toMatchObject({
      startFrom: '2026-01-01',
      endAt: '2026-12-31T00:00:00.000Z',
      packageNumber: 'PN-1',
      consignmentNumber: 'CN-1',
      carriers: 'ROYALMAIL',
      clientReference: 'CLIENT-1',
      stateAttribute: 'Late',
      searchTermType: 'Reference',
      weightInKgFrom: '0.5',
      weightInKgTo: '2.5',
      cReference: '1234',
      pReference: '5678',
      labelsPrinted: 'false',
    });
    await orders.consignments.getReferences({ ...everyTerm, PageSize: 50, StartPage: 2 });
    expect(Object.fromEntries(sentQuery())).toMatchObject({
      cReference: '1234',
      pageSize: '50',
      startPage: '2',
    });
  });

  it('finds consignments by the creation window’s older names and by weight in kilograms', async () => {
    const created = await orders.consignments.create(consignmentInput());
    await expect(
      orders.consignments.getReferences({ StartFrom: '2000-01-01', WeightInKgFrom: 1 }),
    ).resolves.toContain(created);
    await expect(orders.consignments.getReferences({ EndAt: '2000-01-01' })).resolves.not.toContain(created);
    await expect(orders.consignments.getReferences({ WeightInKgTo: 1 })).resolves.not.toContain(created);
  });

  it('refuses paging in Search Consignments’ filter, which pages by itself, saying what to pass', () => {
    expect(() => orders.consignments.search({ PageSize: 10 })).toThrow(/pass \{ pageSize \}/);
  });

  it('still refuses a term no contract has, and names a misspelt one', () => {
    expect(() => orders.consignments.search({ CRefrence: 1 } as never)).toThrow(/did you mean CReference\?/);
    expect(() => orders.consignments.search({ Colour: 'red' } as never)).toThrow(RequestValidationError);
  });
});
