// A fetch stub that answers with the vendor's documented shapes, and the clients over it.
import { type ConsignmentReference, OrdersClient, ShipmentsClient } from '../../src/index.js';

export interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A fetch that answers each request with the next of `answers` (the last one repeats), recording it. */
export function stub(...answers: (() => Response)[]) {
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

export const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

export function orders(fetch: ReturnType<typeof stub>['fetch']) {
  return new OrdersClient({ apiKey: 'test-key', maxRetries: 0, fetch });
}

export function shipments(fetch: ReturnType<typeof stub>['fetch'], maxRetries = 0) {
  return new ShipmentsClient({ apiKey: 'test-key', maxRetries, fetch });
}

/** An allocation summary as the vendor documents it, of {@link consignment}. */
export const summary = {
  StatusCode: 200,
  Description: 'Allocated',
  CarrierReference: 'ROYALMAIL',
  CarrierName: 'Royal Mail',
  CarrierServiceReference: 'RM-TRACKED48',
  CarrierServiceName: 'Tracked 48',
  ConsignmentLegs: [],
  ApiLinks: [{ Rel: 'Consignment', Href: 'https://api.electioapp.com/consignments/EC-000-05B-MQ1' }],
};
export const consignment = 'EC-000-05B-MQ1' as ConsignmentReference;
