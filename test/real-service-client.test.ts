/**
 * The clients against the real service's documented wire shapes (`real-api-reference.md`), answered by a
 * fetch stub: what the vendor's contracts say the service sends and reads, whatever the mock does.
 */
import { describe, expect, it } from 'vitest';
import {
  type ConsignmentReference,
  OrdersClient,
  RequestValidationError,
  ResponseValidationError,
} from '../src/index.js';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A fetch that answers each request with the next of `answers` (the last one repeats), recording it. */
function stub(...answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    sent.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
    const answer = answers[Math.min(sent.length, answers.length) - 1]!;
    return answer();
  };
  return { fetch, sent };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

function orders(fetch: ReturnType<typeof stub>['fetch']) {
  return new OrdersClient({ apiKey: 'test-key', maxRetries: 0, fetch });
}

describe('manifestConsignmentsFromQuery (reference: Manifest Consignments From Query)', () => {
  const answer = json({ Message: 'Query found 1 consignment(s). 1 successfully queued to manifest.' });

  it('sends a singular ShippingLocationReference as the list, never under its own key', async () => {
    const { fetch, sent } = stub(answer);
    await orders(fetch).manifestConsignmentsFromQuery({
      ShippingLocationReference: 'SL-LEEDS-01',
      States: ['ReadyToShip'],
    });
    expect(sent[0]!.body).toEqual({ ShippingLocationReferences: ['SL-LEEDS-01'], States: ['ReadyToShip'] });
  });

  it('merges the singular and the list, each reference once', async () => {
    const { fetch, sent } = stub(answer);
    await orders(fetch).manifestConsignmentsFromQuery({
      ShippingLocationReference: 'SL-A',
      ShippingLocationReferences: ['SL-B', 'SL-A'],
      States: ['Allocated', 'ManifestFailed', 'Manifest Failed'],
    });
    expect(sent[0]!.body).toEqual({
      ShippingLocationReferences: ['SL-B', 'SL-A'],
      States: ['Allocated', 'ManifestFailed', 'Manifest Failed'],
    });
  });

  it.each([
    ['no States', { ShippingLocationReferences: ['SL-A'] }],
    ['empty States', { ShippingLocationReferences: ['SL-A'], States: [] }],
  ])('a query with %s is a RequestValidationError, and nothing is sent', async (_, query) => {
    const { fetch, sent } = stub(answer);
    const error = await orders(fetch)
      .manifestConsignmentsFromQuery(query as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toEqual(['States']);
    expect(sent).toHaveLength(0);
  });

  it('sends ShippingDateRanges as given: one object (the vendor type) or a list (the spec)', async () => {
    const range = { StartDate: '2026-01-05', EndDate: '2026-01-09' };
    for (const ShippingDateRanges of [range, [range, range]]) {
      const { fetch, sent } = stub(answer);
      await orders(fetch).manifestConsignmentsFromQuery({ States: ['ReadyToShip'], ShippingDateRanges });
      expect(sent[0]!.body).toEqual({ States: ['ReadyToShip'], ShippingDateRanges });
    }
  });
});

/** An allocation summary as the C# type declares it (reference: Allocate Consignment). */
const summary = {
  StatusCode: 200,
  Description: 'Allocated',
  CarrierReference: 'ROYALMAIL',
  CarrierName: 'Royal Mail',
  CarrierServiceReference: 'RM-TRACKED48',
  CarrierServiceName: 'Tracked 48',
  ConsignmentLegs: [],
  ApiLinks: [{ Rel: 'Consignment', Href: 'https://api.electioapp.com/consignments/EC-000-05B-MQ1' }],
};
const consignment = 'EC-000-05B-MQ1' as ConsignmentReference;

describe('allocateWithCheapestQuote (reference: Allocate Consignment)', () => {
  it.each([
    ['one summary (the spec)', summary],
    ['a list of summaries (the vendor SDK)', [summary]],
  ])('reads %s and returns the summary', async (_, body) => {
    const { fetch } = stub(json(body));
    await expect(orders(fetch).allocateWithCheapestQuote(consignment)).resolves.toEqual(summary);
  });

  it('an empty list is a ResponseValidationError that says the service has acted, naming the consignment', async () => {
    const { fetch, sent } = stub(json([]));
    const error = await orders(fetch)
      .allocateWithCheapestQuote(consignment)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(/service accepted the request/);
    expect((error as Error).message).toContain(consignment);
    expect(sent).toHaveLength(1);
  });
});
