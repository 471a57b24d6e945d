/**
 * Answers and requests are checked by zod's compiled parser once the first check of a shape is done
 * (issue 18): the same ones must pass, and the same ones fail with the same issues, before and after.
 */
import { describe, expect, it } from 'vitest';
import {
  type CreateOrderInput,
  type OrderReference,
  OrdersClient,
  RequestValidationError,
  ResponseValidationError,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

const reference = 'EO-000-002-0TS' as OrderReference;
const item = (index: number) => ({
  Reference: `0f8fad5bd9cb469fa16570867728950${index}`,
  Sku: `SKU-${index}`,
  Quantity: 1 + index,
  Weight: { Value: 0.5, Unit: 'Kg' },
  Value: { Amount: 5.99, Currency: { IsoCode: 'GBP' } },
  HarmonisationCode: '691200',
  SomethingTheServiceAddedLater: { nested: [index] },
});
const order = () => ({
  OrderReference: reference,
  DateCreated: '2026-11-22T10:00:00+00:00',
  Metadata: [{ KeyValue: 'Channel', StringValue: 'Web' }],
  Tags: ['Fragile'],
  Packages: [0, 1, 2].map((pkg) => ({ Reference: `EP-000-05B-MQ${pkg}`, Items: [0, 1, 2, 3].map(item) })),
  Addresses: [
    { AddressType: 'Origin', ShippingLocationReference: 'SL-LEEDS-01', IsCached: false, Country: null },
  ],
});

/** Each an answer that breaks the schema somewhere, deep or shallow. */
const broken: Record<string, (body: ReturnType<typeof order>) => unknown> = {
  'a quantity that is text, deep in an item': (body) => {
    (body.Packages[2]!.Items[3] as { Quantity: unknown }).Quantity = 'two';
    return body;
  },
  'a package that is not an object': (body) => ({ ...body, Packages: [body.Packages[0], 42] }),
  'tags that are not a list': (body) => ({ ...body, Tags: 'Fragile' }),
  'a weight unit that is a number': (body) => {
    (body.Packages[0]!.Items[0]!.Weight as { Unit: unknown }).Unit = 7;
    return body;
  },
  'an answer that is a list': (body) => [body],
};

const client = (answer: () => unknown) =>
  new OrdersClient({
    apiKey: 'key',
    maxRetries: 0,
    fetch: async () =>
      new Response(JSON.stringify(answer()), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  });
const compiledMeanwhile = () => new Promise((resolve) => setTimeout(resolve, 50));
const issuesOf = (call: Promise<unknown>) =>
  call.then(
    () => 'passed',
    (error: unknown) => {
      expect(error).toBeInstanceOf(ResponseValidationError);
      return (error as ResponseValidationError).issues;
    },
  );

describe('checking answers with the compiled parser', () => {
  it('reads a valid answer the same before and after the compiled parser takes over', async () => {
    const orders = client(order);
    const first = await orders.get(reference);
    await compiledMeanwhile();
    const later = await Promise.all([orders.get(reference), orders.get(reference)]);
    expect(later).toEqual([first, first]);
    expect(first.Packages?.[0]?.Items?.[0]).toMatchObject({ SomethingTheServiceAddedLater: { nested: [0] } });
  });

  it.each(Object.entries(broken))('refuses %s with the same issues before and after', async (_, breakIt) => {
    const orders = client(() => breakIt(order()));
    const first = await issuesOf(orders.get(reference));
    expect(first).not.toBe('passed');
    await compiledMeanwhile();
    expect(await issuesOf(orders.get(reference))).toEqual(first);
  });
});

describe('checking requests with the compiled parser', () => {
  it.each([
    ['no packages', (body: CreateOrderInput) => ({ ...body, Packages: [] })],
    ['a package without items', (body: CreateOrderInput) => ({ ...body, Packages: [{ Items: [] }] })],
    [
      'a misspelt field deep in an item',
      (body: CreateOrderInput) => ({
        ...body,
        Packages: [{ Items: [{ Sku: 'MUG', Quantity: 1, Wieght: { Value: 1, Unit: 'Kg' } }] }],
      }),
    ],
    ['no addresses', (body: CreateOrderInput) => ({ ...body, Addresses: [] })],
  ])('refuses %s with the same issues before and after, and sends nothing', async (_, breakIt) => {
    const sent: unknown[] = [];
    const orders = new OrdersClient({
      apiKey: 'key',
      fetch: async (input) => {
        sent.push(input);
        return Response.json([]);
      },
    });
    const refusal = async () => {
      const error = await orders
        .create(breakIt(orderInput()) as CreateOrderInput)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RequestValidationError);
      return (error as RequestValidationError).issues;
    };
    const first = await refusal();
    await compiledMeanwhile();
    expect(await refusal()).toEqual(first);
    expect(sent).toEqual([]);
  });
});
