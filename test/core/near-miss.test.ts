import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearestKey } from '../../src/core/near-miss.js';
import {
  ConfigurationError,
  type CreateOrderInput,
  OrdersClient,
  RequestValidationError,
  ShipmentsClient,
  withExtraFields,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { FIXED_SEED } from '../reliability/fuzz.js';
import { newShipment } from '../shipments/stub.js';
import { cli, lines } from '../support/cli.js';
import { orderInput } from '../support/fixtures.js';

/** Clients that record every body they send, against the mock. */
function recording() {
  const mock = createMockService();
  const sent: unknown[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    if (text) sent.push(JSON.parse(text));
    return mock.fetch(request);
  };
  return {
    mock,
    sent,
    orders: new OrdersClient({ apiKey: mock.apiKey, fetch }),
    shipments: new ShipmentsClient({ apiKey: mock.apiKey, fetch }),
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a RequestValidationError');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(RequestValidationError);
      return error as RequestValidationError;
    },
  );

describe('a near miss of a known field is refused before sending, at every depth', () => {
  it('names each key, its path and the field it misspells, all at once', async () => {
    const { orders, sent } = recording();
    const { OrderReferenceProvidedByCustomer: _reference, ...rest } = orderInput();
    const order = {
      ...rest,
      OrderRefernceProvidedByCustomer: 'WEB-1',
      Packages: [{ Items: [{ Sku: 'A', Wieght: { Value: 1, Unit: 'Kg' } }] }],
    } as unknown as CreateOrderInput;
    const error = await refusal(orders.create(order));
    expect(error.issues).toHaveLength(2);
    expect(error.issues).toEqual([
      {
        path: ['Packages', 0, 'Items', 0, 'Wieght'],
        message: 'unknown field; did you mean Weight?',
        code: 'near_miss',
        suggestion: 'Weight',
      },
      {
        path: ['OrderRefernceProvidedByCustomer'],
        message: 'unknown field; did you mean OrderReferenceProvidedByCustomer?',
        code: 'near_miss',
        suggestion: 'OrderReferenceProvidedByCustomer',
      },
    ]);
    expect(error.message).toContain('Packages[0].Items[0].Wieght: unknown field; did you mean Weight?');
    expect(sent).toEqual([]);
  });

  it('catches a difference in case alone, in addresses, packs and group updates', async () => {
    const { orders, shipments, sent } = recording();
    const [origin, destination] = orderInput().Addresses;
    const lowerCase = { ...orderInput(), Addresses: [origin!, { ...destination!, postcode: 'M1 1AA' }] };
    expect((await refusal(orders.create(lowerCase as never))).issues[0]).toMatchObject({
      path: ['Addresses', 1, 'postcode'],
      suggestion: 'Postcode',
    });
    const pack = { OrderReference: 'EO-1', Packages: [{ Items: [{ Sku: 'A', Quantiy: 1 }] }] };
    // Every problem at once: the missing Quantity, and the key that misspells it.
    expect((await refusal(orders.pack('EO-1', pack as never))).issues).toContainEqual(
      expect.objectContaining({
        path: ['Packages', 0, 'Items', 0, 'Quantiy'],
        suggestion: 'Quantity',
      }),
    );
    const update = { reference: 'sg_1', add_shipment: ['sp_1'] };
    expect((await refusal(shipments.groups.update(update as never))).issues).toContainEqual(
      expect.objectContaining({ path: ['add_shipment'], suggestion: 'add_shipments' }),
    );
    expect(sent).toEqual([]);
  });

  it('sends the service’s own spellings beside the SDK’s (Metadata for MetaData)', async () => {
    const { orders, sent } = recording();
    const order = { ...orderInput(), Metadata: [{ KeyValue: 'channel', StringValue: 'web' }] };
    await orders.create(order as never);
    expect(sent).toEqual([order]);
  });
});

describe('a documented field is never a near miss of another', () => {
  it('sends CReference and PReference beside Reference, one edit apart', async () => {
    const { orders, mock } = recording();
    await orders.consignments.getReferences({ Reference: 'EC-000-000-001', CReference: 1, PReference: 2 });
    const url = new URL(mock.store.requests.at(-1)!.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      reference: 'EC-000-000-001',
      cReference: '1',
      pReference: '2',
    });
  });

  it('holds for every key known at a level, whatever else is known beside it', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 8 }),
        (known) => known.every((key) => nearestKey(key, known) === undefined),
      ),
    );
  });
});

describe('a field the SDK does not know is refused, unless the call allows unknown fields', () => {
  it('refuses GiftMessageForCourier, which the service would ignore, naming the fields known there', async () => {
    const { orders, sent } = recording();
    const order = { ...orderInput(), GiftMessageForCourier: 'Happy birthday' };
    const error = await refusal(orders.create(order as never));
    expect(error.issues).toEqual([
      {
        path: ['GiftMessageForCourier'],
        message: expect.stringMatching(
          /^unknown field; the fields known here are .*Addresses, .*OrderReferenceProvidedByCustomer, .*Packages.* \(a field the service added since: pass allowUnknownFields: true\)$/,
        ),
        code: 'unknown_field',
      },
    ]);
    expect(error.message).toContain('GiftMessageForCourier: unknown field; the fields known here are');
    expect(sent).toEqual([]);
  });

  it('refuses one at any depth, at its path, in both areas', async () => {
    const { orders, shipments, sent } = recording();
    const base = orderInput();
    const order = { ...base, Packages: [{ ...base.Packages[0]!, FragileSticker: true }] };
    expect((await refusal(orders.create(order as never))).issues).toEqual([
      expect.objectContaining({ path: ['Packages', 0, 'FragileSticker'], code: 'unknown_field' }),
    ]);
    const shipment = { ...newShipment(), gift_wrap: true };
    const error = await refusal(shipments.create(shipment as never));
    expect(error.issues).toEqual([expect.objectContaining({ path: ['gift_wrap'], code: 'unknown_field' })]);
    expect(error.issues[0]?.message).toMatch(/known here are .*contents.*shipment_type/);
    expect(sent).toEqual([]);
  });

  it('sends it as written with allowUnknownFields: true, for that call only', async () => {
    const { orders, sent } = recording();
    const order = { ...orderInput(), BrandNewField: { added: 'tomorrow' } };
    await orders.create(order as never, { allowUnknownFields: true });
    expect(sent).toEqual([order]);
    await refusal(orders.create(order as never));
    expect(sent).toHaveLength(1);
  });

  it('still refuses a near miss with allowUnknownFields: true (withExtraFields marks one meant)', async () => {
    const { orders, sent } = recording();
    const order = { ...orderInput(), Tgas: ['Fragile'] };
    const error = await refusal(orders.create(order as never, { allowUnknownFields: true }));
    expect(error.issues[0]).toMatchObject({ code: 'near_miss', suggestion: 'Tags' });
    expect(sent).toEqual([]);
  });

  it('refuses an allowUnknownFields that is not true or false, before sending', async () => {
    const { orders, sent } = recording();
    await expect(orders.create(orderInput(), { allowUnknownFields: 'yes' as never })).rejects.toBeInstanceOf(
      ConfigurationError,
    );
    expect(sent).toEqual([]);
  });

  it('keeps answers tolerant: a field the service adds to an answer is read and kept', async () => {
    const { orders, mock } = recording();
    const reference = await orders.create(orderInput());
    const stored = mock.store.orders.orders.get(reference) as Record<string, unknown>;
    stored.AddedByTheServiceTomorrow = { Kept: true };
    const order = await orders.get(reference);
    expect('AddedByTheServiceTomorrow' in order && order.AddedByTheServiceTomorrow).toEqual({ Kept: true });
  });

  it('patchOrder writes the order back whole, fields the service added included, and checks the changes', async () => {
    const { orders, mock, sent } = recording();
    const reference = await orders.create(orderInput());
    const stored = mock.store.orders.orders.get(reference) as Record<string, unknown>;
    stored.AddedByTheServiceTomorrow = 'kept';
    await orders.patch(reference, { Tags: ['Fragile'] });
    expect(sent.at(-1)).toMatchObject({ AddedByTheServiceTomorrow: 'kept', Tags: ['Fragile'] });
    const error = await refusal(orders.patch(reference, { GiftMessageForCourier: 'x' } as never));
    expect(error.issues[0]).toMatchObject({ path: ['GiftMessageForCourier'], code: 'unknown_field' });
  });
});

describe('withExtraFields: the escape hatch', () => {
  it('sends a field that looks like a near miss, on purpose, where it is marked', async () => {
    const { orders, sent } = recording();
    const base = orderInput();
    const order = {
      ...base,
      Packages: [
        { ...base.Packages[0]!, Items: [withExtraFields(base.Packages[0]!.Items![0]!, { Wieght: 'kept' })] },
      ],
    };
    await orders.create(withExtraFields(order, { Tag: 'on purpose' }));
    expect(sent).toEqual([
      {
        ...order,
        Tag: 'on purpose',
        Packages: [{ ...base.Packages[0], Items: [{ ...base.Packages[0]!.Items![0], Wieght: 'kept' }] }],
      },
    ]);
  });

  it('marks only the object it wraps: the same key elsewhere is still refused', async () => {
    const { orders } = recording();
    const base = orderInput();
    const order = withExtraFields(
      { ...base, Packages: [{ ...base.Packages[0]!, Wieght: { Value: 1, Unit: 'Kg' } }] } as never,
      { Wieght: 'top level only' },
    );
    const error = await refusal(orders.create(order));
    expect(error.issues.map((issue) => issue.path)).toEqual([['Packages', 0, 'Wieght']]);
  });
});

/** Every key of a valid Create Order body, by path, with the keys known beside it. */
function keyPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keyPaths(item, [...path, index]));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [
    [...path, key],
    ...keyPaths(child, [...path, key]),
  ]);
}

/** The body with the key at `path` renamed. */
function renamed(value: unknown, path: (string | number)[], name: string): unknown {
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? renamed(item, rest, name) : item));
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(object).map(([key, child]) =>
      key === head ? (rest.length === 0 ? [name, child] : [key, renamed(child, rest, name)]) : [key, child],
    ),
  );
}

const typo = (key: string) =>
  fc.oneof(
    fc.nat(key.length - 1).map((at) => key.slice(0, at) + key.slice(at + 1)),
    fc
      .tuple(fc.nat(key.length), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'))
      .map(([at, char]) => key.slice(0, at) + char + key.slice(at)),
    fc
      .tuple(fc.nat(key.length - 1), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'))
      .map(([at, char]) => key.slice(0, at) + char + key.slice(at + 1)),
    fc
      .nat(Math.max(0, key.length - 2))
      .map((at) => key.slice(0, at) + key[at + 1] + key[at] + key.slice(at + 2)),
  );

describe('fuzz: a single-character typo in any key of a valid input', () => {
  it('is refused, naming the key, or was another field the SDK knows', async () => {
    const { orders, sent } = recording();
    const valid = orderInput({
      MetaData: [{ KeyValue: 'ShippersEORI', StringValue: 'GB1' }],
      Tags: ['Fragile'],
    });
    const paths = keyPaths(valid);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths).chain((path) => fc.tuple(fc.constant(path), typo(String(path.at(-1))))),
        async ([path, misspelt]) => {
          const original = String(path.at(-1));
          const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as never)[key], valid);
          fc.pre(misspelt !== original && misspelt !== '' && !(misspelt in (parent as object)));
          sent.length = 0;
          const outcome = await orders
            .create(renamed(valid, path, misspelt) as never)
            .catch((error) => error);
          if (outcome instanceof RequestValidationError) {
            expect(sent).toEqual([]);
            const issue = outcome.issues.find(
              (found) => found.path.join('.') === [...path.slice(0, -1), misspelt].join('.'),
            );
            // A typo can land on another field the SDK knows: then its value is checked as that field.
            expect(issue?.suggestion ?? outcome.issues[0]?.message).toBeDefined();
            return;
          }
          // Sent: only when the typo made the name of another known field or an alias of one.
          expect(['Metadata', 'Tag']).toContain(misspelt);
        },
      ),
      { seed: FIXED_SEED, numRuns: 300 },
    );
  });

  it('is sent as written when marked with withExtraFields', async () => {
    const { orders, sent } = recording();
    await fc.assert(
      fc.asyncProperty(typo('OrderReferenceProvidedByCustomer'), async (misspelt) => {
        fc.pre(misspelt !== 'OrderReferenceProvidedByCustomer');
        sent.length = 0;
        const { OrderReferenceProvidedByCustomer: value, ...rest } = orderInput();
        await orders.create(withExtraFields(rest as CreateOrderInput, { [misspelt]: value }));
        expect(sent).toEqual([{ ...rest, [misspelt]: value }]);
      }),
      { seed: FIXED_SEED, numRuns: 50 },
    );
  });
});

describe('the CLI', () => {
  it('prints every problem of a refused request on its own line', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'consignkit-near-miss-'));
    try {
      const file = join(folder, 'order.json');
      const { Packages, Addresses } = orderInput();
      await writeFile(
        file,
        JSON.stringify({
          Pakages: Packages,
          Addresses,
          Packages: [{ ...Packages[0], Wieght: { Value: 1 } }],
        }),
      );
      const { code, stderr } = await cli(['options', file, '--base-url', 'http://127.0.0.1:9'], {
        CONSIGNKIT_API_KEY: 'key',
      });
      expect(code).toBe(2);
      expect(lines(stderr).slice(1)).toEqual([
        '  Pakages: unknown field; did you mean Packages?',
        '  Packages[0].Wieght: unknown field; did you mean Weight?',
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
