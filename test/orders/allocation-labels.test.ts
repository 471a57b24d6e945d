// Allocation with labels in one call, and allocation by ship-by date (issue 48), against the mock.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AllocationError,
  BadRequestError,
  decodeDocument,
  NotFoundError,
  OperationAlreadyDoneError,
  OrdersClient,
  OutcomeUnknownError,
  RequestValidationError,
} from '../../src/index.js';
import { createMemoryLedger } from '../../src/ledger/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { packedConsignment } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
});

const packed = (overrides?: Record<string, unknown>) => packedConsignment(orders, overrides);
const stateOf = async (consignment: `EC-${string}`) =>
  (await orders.consignments.getStatus(consignment)).Status;

describe('allocation.withLabels: allocate and get the labels in one call', () => {
  it('returns the allocation and the label in the format asked for, as labels.get decodes it', async () => {
    const consignment = await packed();
    const allocated = await orders.allocation.withLabels.allocate(consignment, 'pdf');
    expect(allocated).toMatchObject({
      consignmentReference: consignment,
      summary: {
        CarrierServiceReference: expect.any(String),
        Description: expect.stringContaining(consignment),
      },
      label: { ContentType: 'application/pdf' },
      returnLabel: undefined,
    });
    expect(decodeDocument(allocated.label).extension).toBe('.pdf');
    expect(await stateOf(consignment)).toBe('Allocated');
    // The same label Get Labels answers afterwards.
    expect(allocated.label.File).toBe((await orders.labels.get(consignment, { format: 'PDF' })).File);
    expect(mock.requests('allocateAndGetLabels')[0]?.url).toMatch(/\/allocation\/EC-[^/]+\/labels\/PDF$/);
  });

  it('allocates to the service, the group or the quote chosen', async () => {
    const [byService, byGroup, byQuote] = [await packed(), await packed(), await packed()];
    const service = await orders.allocation.withLabels.allocateWithCarrierService(
      byService,
      'RM-TRACKED24',
      'ZPL',
    );
    expect(service.summary.CarrierServiceReference).toBe('RM-TRACKED24');
    expect(decodeDocument(service.label).extension).toBe('.zpl');
    const group = await orders.allocation.withLabels.allocateWithServiceGroup(
      byGroup,
      'valuableGoods',
      'PNG',
    );
    expect(group.summary.CarrierServiceReference).toBe('DPD-NEXTDAY');
    expect(group.label.ContentType).toBe('image/png');
    const { Quotes } = await orders.quotes.getForConsignment(byQuote);
    const quote = Quotes.find((each) => each.MpdCarrierServiceReference === 'RM-TRACKED48')!;
    const quoted = await orders.allocation.withLabels.allocateWithQuote(byQuote, quote.QuoteReference, 'PDF');
    expect(quoted.summary.CarrierServiceReference).toBe('RM-TRACKED48');
  });

  it('refuses an unknown format before sending, and says why a consignment was not allocated', async () => {
    const consignment = await packed();
    await expect(orders.allocation.withLabels.allocate(consignment, 'GIF' as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(mock.requests('allocateAndGetLabels')).toHaveLength(0);
    await expect(
      orders.allocation.withLabels.allocateWithServiceGroup(consignment, 'no-such-group', 'PDF'),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      orders.allocation.withLabels.allocateWithCarrierService(consignment, 'NO-SUCH', 'PDF'),
    ).rejects.toBeInstanceOf(BadRequestError);
    const late = await packed({ RequiredDeliveryDate: '2000-01-03' });
    await expect(orders.allocation.withLabels.allocate(late, 'PDF')).rejects.toBeInstanceOf(BadRequestError);
    expect(await stateOf(late)).toBe('AllocationFailed');
  });

  it('reads a failed result in the answer as an AllocationError with the service’s reason', async () => {
    const consignment = await packed();
    const fetch = async () =>
      Response.json({
        Responses: [
          {
            LabelType: 'Consignment',
            StatusCode: 400,
            Result: 'ConsignmentAllocationFailed',
            ConsignmentLegs: null,
            Message: 'No carrier service can take it',
          },
        ],
      });
    const stubbed = new OrdersClient({ apiKey: 'test-key', fetch });
    const error = await stubbed.allocation.withLabels.allocate(consignment, 'PDF').catch((caught) => caught);
    expect(error).toBeInstanceOf(AllocationError);
    expect(error.unallocated).toEqual([
      { consignmentReference: consignment, reason: 'No carrier service can take it' },
    ]);
  });

  it('after a lost answer, settles by the consignment’s state and then reads the labels: never allocates again', async () => {
    const consignment = await packed();
    mock.failNext('allocateAndGetLabels', { network: 'drop-after' });
    const lost = await orders.allocation.withLabels.allocate(consignment, 'PDF').catch((caught) => caught);
    expect(lost).toBeInstanceOf(OutcomeUnknownError);
    const [settled] = await orders.reconcile(lost);
    expect(settled).toEqual({ reference: consignment, state: 'Allocated', done: true });
    const label = await orders.labels.get(consignment, { format: 'PDF' });
    expect(decodeDocument(label).extension).toBe('.pdf');
    expect(mock.requests('allocateAndGetLabels')).toHaveLength(1);
  });

  it('under a ledger, a second call for the same consignment, in another format, sends nothing', async () => {
    const ledger = createMemoryLedger();
    const guarded = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ledger });
    const [first, second] = [await packed(), await packed()];
    mock.failNext('allocateAndGetLabels', { network: 'drop-after' });
    await expect(guarded.allocation.withLabels.allocate(first, 'PDF')).rejects.toBeInstanceOf(
      OutcomeUnknownError,
    );
    await expect(guarded.allocation.withLabels.allocate(first, 'ZPL')).rejects.toBeInstanceOf(
      OperationAlreadyDoneError,
    );
    expect(mock.requests('allocateAndGetLabels')).toHaveLength(1);
    // Another consignment is another call: sent.
    await expect(guarded.allocation.withLabels.allocate(second, 'PDF')).resolves.toMatchObject({
      consignmentReference: second,
    });
    expect(mock.requests('allocateAndGetLabels')).toHaveLength(2);
  });
});

describe('allocation.allocateManyWithServiceGroup: a list within a service group', () => {
  it('allocates each consignment to the group’s cheapest service, in the order passed', async () => {
    const [first, second] = [await packed(), await packed()];
    const summaries = await orders.allocation.allocateManyWithServiceGroup([second, first], 'valuableGoods');
    expect(summaries.map((summary) => summary.CarrierServiceReference)).toEqual([
      'DPD-NEXTDAY',
      'DPD-NEXTDAY',
    ]);
    expect(summaries[0].Description).toContain(second);
  });

  it('is never resent after a lost answer, and reconcile reads each consignment', async () => {
    const consignment = await packed();
    mock.failNext('allocateConsignmentsWithServiceGroup', { network: 'drop-after' });
    const lost = await orders.allocation
      .allocateManyWithServiceGroup([consignment], 'valuableGoods')
      .catch((caught) => caught);
    expect(lost).toBeInstanceOf(OutcomeUnknownError);
    expect(await orders.reconcile(lost)).toEqual([
      { reference: consignment, state: 'Allocated', done: true },
    ]);
    expect(mock.requests('allocateConsignmentsWithServiceGroup')).toHaveLength(1);
  });
});

describe('allocation.byShipDate: every consignment due to ship by a date', () => {
  it('allocates the Unallocated consignments due by the date, and leaves later ones', async () => {
    const due = await packed({ ShippingDate: '2026-03-02' });
    const later = await packed({ ShippingDate: '2026-03-09' });
    const summaries = await orders.allocation.byShipDate.allocate({ ShipByDate: '2026-03-02' });
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.Description).toContain(due);
    expect([await stateOf(due), await stateOf(later)]).toEqual(['Allocated', 'Unallocated']);
    expect(mock.requests('allocateAllUnallocated')[0]?.url).toMatch(/\/allocation\/allocate\/2026-03-02$/);
  });

  it('allocates to a carrier service, or within a service group, at one location', async () => {
    const leeds = await packed({ ShippingDate: '2026-03-02' });
    const london = await packed({ ShippingDate: '2026-03-02' });
    mock.store.orders.getConsignment(leeds)!.ShippingLocationReference = 'SL-LEEDS';
    const [summary] = await orders.allocation.byShipDate.allocateWithCarrierService({
      ShipByDate: '2026-03-02T17:00:00Z',
      ShippingLocationReference: 'SL-LEEDS',
      MpdCarrierServiceReference: 'RM-TRACKED24',
    });
    expect(summary?.CarrierServiceReference).toBe('RM-TRACKED24');
    expect(await stateOf(london)).toBe('Unallocated');
    const [grouped] = await orders.allocation.byShipDate.allocateWithServiceGroup({
      ShipByDate: '2026-03-02',
      MpdCarrierServiceGroupReference: 'valuableGoods',
    });
    expect(grouped?.CarrierServiceReference).toBe('DPD-NEXTDAY');
  });

  it('refuses a date that is not one, an empty location and an unknown key, before sending', async () => {
    for (const request of [
      { ShipByDate: '02/03/2026' },
      { ShipByDate: '2026-02-30' },
      { ShipByDate: '2026-03-02', ShippingLocationReference: '' },
      { ShipByDate: '2026-03-02', ShippingLocation: 'SL-LEEDS' },
    ]) {
      await expect(orders.allocation.byShipDate.allocate(request as never)).rejects.toBeInstanceOf(
        RequestValidationError,
      );
    }
    await expect(
      orders.allocation.byShipDate.allocateWithCarrierService({ ShipByDate: '2026-03-02' } as never),
    ).rejects.toBeInstanceOf(RequestValidationError);
    expect(mock.requests('allocateAllUnallocated')).toHaveLength(0);
    expect(mock.requests('allocateAllWithCarrierService')).toHaveLength(0);
  });

  it('names a consignment it could not allocate in an AllocationError', async () => {
    const late = await packed({ ShippingDate: '2026-03-02', RequiredDeliveryDate: '2000-01-03' });
    const error = await orders.allocation.byShipDate
      .allocate({ ShipByDate: '2026-03-02' })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(AllocationError);
    expect(error.unallocated).toEqual([{ consignmentReference: late, reason: expect.any(String) }]);
  });

  it('after a lost answer, reconcile lists what the query has left: nothing once it acted', async () => {
    const due = await packed({ ShippingDate: '2026-03-02' });
    mock.failNext('allocateAllUnallocated', { network: 'drop-before' });
    const unsent = await orders.allocation.byShipDate
      .allocate({ ShipByDate: '2026-03-02' })
      .catch((caught) => caught);
    expect(await orders.reconcile(unsent)).toEqual([{ reference: due, state: 'Unallocated', done: false }]);
    mock.failNext('allocateAllUnallocated', { network: 'drop-after' });
    const lost = await orders.allocation.byShipDate
      .allocate({ ShipByDate: '2026-03-02' })
      .catch((caught) => caught);
    expect(lost).toBeInstanceOf(OutcomeUnknownError);
    expect(await orders.reconcile(lost)).toEqual([]);
    expect(await orders.reconcile(JSON.parse(JSON.stringify(lost.toJSON())))).toEqual([]);
    // The dropped one and the lost one: each sent once, none again.
    expect(mock.requests('allocateAllUnallocated')).toHaveLength(2);
  });

  it('under a ledger, the same query meets its earlier self; another date is another call', async () => {
    const ledger = createMemoryLedger();
    const guarded = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 0, ledger });
    await packed({ ShippingDate: '2026-03-02' });
    mock.failNext('allocateAllUnallocated', { network: 'drop-after' });
    await expect(guarded.allocation.byShipDate.allocate({ ShipByDate: '2026-03-02' })).rejects.toBeInstanceOf(
      OutcomeUnknownError,
    );
    await expect(guarded.allocation.byShipDate.allocate({ ShipByDate: '2026-03-02' })).rejects.toBeInstanceOf(
      OperationAlreadyDoneError,
    );
    expect(mock.requests('allocateAllUnallocated')).toHaveLength(1);
    const later = await packed({ ShippingDate: '2026-03-09' });
    const [summary] = await guarded.allocation.byShipDate.allocate({ ShipByDate: '2026-03-09' });
    expect(summary?.Description).toContain(later);
    expect(mock.requests('allocateAllUnallocated')).toHaveLength(2);
  });
});
