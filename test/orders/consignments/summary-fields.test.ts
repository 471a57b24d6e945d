// Search Consignments' summaries carry every field of the vendor's ConsignmentSummary (issue 44): the
// milestones' dates once the consignment reaches them, the failed allocation's and manifest's details,
// and an empty search, which the service writes as `"ConsignmentSummaries": null`, reads as none.
import { beforeEach, describe, expect, it } from 'vitest';
import { type ConsignmentReference, OrdersClient } from '../../../src/index.js';
import { createMockService, type MockService } from '../../../src/testing/index.js';
import { allocatedConsignment, consignmentInput } from '../../support/fixtures.js';
import { wire } from '../../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
});

async function summaryOf(reference: ConsignmentReference) {
  const { ConsignmentSummaries } = await orders.consignments.search({ Reference: reference }).page(0);
  expect(ConsignmentSummaries).toHaveLength(1);
  return ConsignmentSummaries[0]!;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

describe('a consignment summary', () => {
  it('names every date and detail the vendor documents, null until the consignment has it', async () => {
    const consignment = await allocatedConsignment(orders);
    const summary = await summaryOf(consignment);
    expect(summary).toMatchObject({
      MpdCarrierReference: 'ROYALMAIL',
      MpdCarrierServiceReference: 'RM-TRACKED48',
      DestinationShippingLocationReference: expect.any(String),
      ShippedDate: null,
      CollectionDate: null,
      AttemptedDeliveryDate: null,
      DeliveryDate: null,
      ShippingTerms: null,
      FailedAllocationAttemptedAllocationDate: null,
      FailedManifestTimeStamp: null,
    });
    // Every property of the vendor's ConsignmentSummary is there, written or null.
    for (const field of [
      'MpdCarrierServiceGroupName',
      'MpdCarrierServiceGroupReference',
      'RequestedDeliveryDateIsToBeExactlyOnTheDateSpecified',
      'DateLabelsWereFirstPrinted',
      'FailedAllocationMpdCarrierServiceReference',
      'FailedAllocationMpdCarrierServiceName',
      'FailedAllocationMpdCarrierServiceGroupReference',
      'FailedAllocationMpdCarrierServiceGroupName',
    ]) {
      expect(summary).toHaveProperty(field);
    }
  });

  it('gives the shipped, collected, attempted and delivered dates once they happen', async () => {
    const consignment = await allocatedConsignment(orders);
    await orders.manifests.manifest([consignment]);
    await orders.consignments.dispatch([consignment]);
    mock.store.orders.addTrackingEvent(consignment, {
      Code: 'Collected',
      TimeStamp: '2026-01-06T09:00:00+00:00',
    });
    mock.store.orders.addTrackingEvent(consignment, {
      Code: 'DeliveryFailedCardLeft',
      TimeStamp: '2026-01-07T10:00:00+00:00',
    });
    mock.store.orders.addTrackingEvent(consignment, {
      Code: 'Delivered',
      TimeStamp: '2026-01-08T11:00:00+00:00',
    });
    const summary = await summaryOf(consignment);
    expect(summary.ShippedDate).toMatch(ISO);
    expect(summary).toMatchObject({
      CollectionDate: '2026-01-06T09:00:00+00:00',
      AttemptedDeliveryDate: '2026-01-07T10:00:00+00:00',
      DeliveryDate: '2026-01-08T11:00:00+00:00',
    });
    // Get Consignment writes the same milestones under its own names.
    expect(await orders.consignments.get(consignment)).toMatchObject({
      DateShipped: summary.ShippedDate,
      DateCollected: '2026-01-06T09:00:00+00:00',
      FirstAttemptedDeliveryDate: '2026-01-07T10:00:00+00:00',
      DateDelivered: '2026-01-08T11:00:00+00:00',
    });
    // The search by shipped date finds it on the day it was dispatched.
    const day = summary.ShippedDate!.slice(0, 10);
    const { ConsignmentSummaries } = await orders.consignments
      .search({ ShippedDateFrom: day, ShippedDateTo: day })
      .page(0);
    expect(ConsignmentSummaries.map((found) => found.Reference)).toContain(consignment);
  });

  it("carries the failed allocation's attempt and the failed manifest's message and time", async () => {
    const nowhere = await orders.consignments.create(
      consignmentInput({
        Addresses: [
          { AddressType: 'Origin', ShippingLocationReference: 'SL-LONDON' },
          {
            AddressType: 'Destination',
            AddressLine1: '1 Main Street',
            Town: 'Springfield',
            Postcode: '12345',
            Country: { IsoCode: { TwoLetterCode: 'US' } },
          },
        ],
      }),
    );
    await orders.allocation.allocate([nowhere]).catch(() => undefined);
    const failed = await summaryOf(nowhere);
    expect(failed.FailedAllocationAttemptedAllocationDate).toMatch(ISO);
    expect(failed.FailedAllocationMessage).toEqual(expect.any(String));
    const details = await orders.consignments.get(nowhere);
    expect(details.FailedAllocation).toMatchObject({
      AttemptedAllocationDate: failed.FailedAllocationAttemptedAllocationDate,
      CarrierServiceGroupReference: null,
      MpdCarrierServiceGroupName: null,
    });

    const unreliable = await orders.consignments.create(consignmentInput({ Tags: ['TestManifestFailure'] }));
    await orders.allocation.allocate([unreliable]);
    await orders.manifests.manifest([unreliable]).catch(() => undefined);
    const rejected = await summaryOf(unreliable);
    expect(rejected.ConsignmentState).toBe('ManifestFailed');
    expect(rejected.FailedManifestMessage).toContain('rejected');
    expect(rejected.FailedManifestTimeStamp).toMatch(ISO);
  });
});

describe('a search that matches nothing', () => {
  it('is answered with null summaries, as the service writes it, and reads as none', async () => {
    await allocatedConsignment(orders);
    const nothing = orders.consignments.search({ PostCode: 'ZZ9 9ZZ' });
    expect(await nothing.page(0)).toEqual({ Count: 0, ConsignmentSummaries: [] });
    expect(await nothing.toArray()).toEqual([]);
    const raw = await wire(mock).ok('GET', '/consignments/10/0?postCode=ZZ9%209ZZ');
    expect(raw.body).toEqual({ Count: 0, ConsignmentSummaries: null });
  });
});
