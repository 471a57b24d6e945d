import { describe, expect, it } from 'vitest';
import {
  type CreateOrderInput,
  type FetchLike,
  OrdersClient,
  RequestValidationError,
} from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

const KEY = 'sk_test_wire_body_0123456789';
const created = [{ Rel: 'Order', Href: 'https://apisandbox.electioapp.com/orders/EO-000-000-009' }];

/** A client over a fetch that keeps every body it is sent. */
function recording() {
  const bodies: unknown[] = [];
  const fetch: FetchLike = async (input, init) => {
    bodies.push(JSON.parse(await new Request(input, init).text()));
    return Response.json(created);
  };
  return { bodies, client: new OrdersClient({ apiKey: KEY, fetch }) };
}

async function refused(input: unknown): Promise<RequestValidationError> {
  const { bodies, client } = recording();
  const error = await client.create(input as CreateOrderInput).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(bodies).toEqual([]);
  return error as RequestValidationError;
}

/** A model class whose fields are prototype getters, as an ORM entity's are. */
class OrderEntity {
  readonly #data = orderInput();
  get OrderReferenceProvidedByCustomer() {
    return this.#data.OrderReferenceProvidedByCustomer;
  }
  get Packages() {
    return this.#data.Packages;
  }
  get Addresses() {
    return this.#data.Addresses;
  }
}

describe('what is checked is what is sent', () => {
  it('an order whose toJSON() drops its packages is refused, not sent as { Packages: [] }', async () => {
    const order = { ...orderInput(), toJSON: () => ({ Packages: [] }) };
    const error = await refused(order);
    expect(error.issues.length).toBeGreaterThan(0);
  });

  it('a package whose toJSON() returns {} is refused at that package', async () => {
    const input = orderInput();
    const packages = input.Packages.map((parcel) => ({ ...parcel, toJSON: () => ({}) }));
    const error = await refused({ ...input, Packages: packages });
    expect(error.issues.some((issue) => issue.path[0] === 'Packages' && issue.path[1] === 0)).toBe(true);
  });

  it('a class instance whose fields are prototype getters is refused, and the message says why', async () => {
    const error = await refused(new OrderEntity());
    expect(error.message).toMatch(/prototype.*JSON does not send.*plain object/);
  });

  it('Object.create(validOrder) is refused: JSON sends none of its inherited fields', async () => {
    await refused(Object.create(orderInput()));
  });

  it('a Proxy that answers reads but lists no fields is refused', async () => {
    const target = orderInput();
    const proxy = new Proxy(
      {},
      { get: (_object, name) => (target as unknown as Record<PropertyKey, unknown>)[name] },
    );
    await refused(proxy);
  });

  it('a toJSON() that returns a valid order is checked and sent as that order', async () => {
    const { bodies, client } = recording();
    const model = { internal: 'not for the wire', toJSON: () => orderInput() };
    await client.create(model as unknown as CreateOrderInput);
    expect(bodies).toEqual([JSON.parse(JSON.stringify(orderInput()))]);
  });

  it('a Proxy that forwards everything is sent as its target', async () => {
    const { bodies, client } = recording();
    await client.create(new Proxy(orderInput(), {}));
    expect(bodies).toEqual([JSON.parse(JSON.stringify(orderInput()))]);
  });

  it('a getter read once: the value checked is the value sent, even if it changes on every read', async () => {
    const { bodies, client } = recording();
    const input = orderInput();
    let reads = 0;
    Object.defineProperty(input, 'OrderReferenceProvidedByCustomer', {
      enumerable: true,
      get: () => (++reads === 1 ? 'WEB-1001' : 42),
    });
    await client.create(input);
    expect(bodies).toEqual([{ ...JSON.parse(JSON.stringify(orderInput())) }]);
    expect(reads).toBe(1);
  });
});

describe('an input that throws while it is read', () => {
  it('a getter that throws is a RequestValidationError naming the field', async () => {
    const input = orderInput();
    Object.defineProperty(input.Packages[0] as object, 'Weight', {
      enumerable: true,
      get() {
        throw new Error('lazy relation not loaded');
      },
    });
    const error = await refused(input);
    expect(error.issues).toEqual([expect.objectContaining({ path: ['Packages', 0, 'Weight'] })]);
    expect(error.message).toContain('Packages[0].Weight');
    expect(error.message).toContain('lazy relation not loaded');
  });

  it('a toJSON() that throws, and a proxy whose traps throw, are RequestValidationErrors', async () => {
    await refused({
      ...orderInput(),
      toJSON() {
        throw new TypeError('no');
      },
    });
    const revocable = Proxy.revocable(orderInput(), {});
    revocable.revoke();
    await refused(revocable.proxy);
    const throwing = new Proxy(orderInput(), {
      ownKeys() {
        throw new Error('trap');
      },
    });
    await refused(throwing);
  });

  it('a body nested 100,000 levels deep is refused, not a stack overflow', async () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 100_000; level++) deep = { deep };
    const error = await refused({ ...orderInput(), MetaData: deep });
    expect(error.message).toMatch(/nested deeper than/);
  });
});
