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
