import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  InternalServerError,
  OrdersClient,
  OutcomeUnknownError,
  RequestAbortedError,
  ResponseValidationError,
  type ShipmentReference,
  ShipmentsClient,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { allocatedConsignment, orderInput } from '../support/fixtures.js';
import { useMockService } from '../support/mock-service.js';
import { seedShipment } from '../support/shipments-mock.js';

const { mock } = useMockService();
const client = (options: ConstructorParameters<typeof OrdersClient>[0] = {}) =>
  new OrdersClient({ apiKey: mock.apiKey, ...options });

describe('faults injected into the mock (through MSW)', () => {
  it('a manifest whose answer is lost is transmitted once and reported as OutcomeUnknownError', async () => {
    const orders = client();
    const consignment = await allocatedConsignment(orders);
    mock.failNext('manifestConsignments', { network: 'drop-after' });
    const error = await orders.manifests.manifest([consignment]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ references: [consignment] });
    expect(mock.requests('manifestConsignments')).toHaveLength(1);
    // It did reach the carrier: which is exactly why the SDK must not send it again.
    expect(mock.store.orders.consignments.get(consignment)?.State).toBe('Manifested');
  });

  it('a manifest turned away with 503 and Retry-After is sent again and succeeds once', async () => {
    const orders = client();
    const consignment = await allocatedConsignment(orders);
    mock.failNext('manifestConsignments', {
      status: 503,
      retryAfter: 0,
      body: { Code: 'Busy', Message: 'busy' },
    });
    const results = await orders.manifests.manifest([consignment]);
    expect(results).toEqual([expect.objectContaining({ IsSuccess: true, Data: consignment })]);
    expect(mock.requests('manifestConsignments')).toHaveLength(2);
    expect(mock.store.orders.manifests).toHaveLength(1);
  });

  it('a 503 without Retry-After is not retried for createOrder, and retried for getOrder', async () => {
    const orders = client();
    mock.failNext('createOrder', { status: 503 });
    await expect(orders.create(orderInput())).rejects.toBeInstanceOf(InternalServerError);
    expect(mock.requests('createOrder')).toHaveLength(1);

    const order = await orders.create(orderInput());
    mock.failNext('getOrder', { status: 503, times: 2 });
    await expect(orders.get(order)).resolves.toMatchObject({ OrderReference: order });
    expect(mock.requests('getOrder')).toHaveLength(3);
  });

  it('a connection dropped before the request was handled leaves no order behind, and is not retried', async () => {
    const orders = client();
    mock.failNext('createOrder', { network: 'drop-before' });
    await expect(orders.create(orderInput())).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(mock.store.orders.orders.size).toBe(0);
    expect(mock.requests('createOrder')).toHaveLength(1);
  });

  it('a timeout of a non-repeatable call is one request and an OutcomeUnknownError', async () => {
    mock.failNext('allocateConsignments', { delay: 1_000 });
    const orders = client({ timeout: 100 });
    const error = await orders.allocation.allocate(['EC-000-000-001']).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'OutcomeUnknownError', reason: 'timeout' });
    expect(mock.requests('allocateConsignments')).toHaveLength(1);
  });

  it('an HTML page or a truncated body on a 2xx is a typed error, never a TypeError', async () => {
    const orders = client();
    const order = await orders.create(orderInput());
    mock.failNext('getOrder', { status: 200, body: '<html>maintenance</html>' });
    await expect(orders.get(order)).rejects.toBeInstanceOf(ResponseValidationError);
    mock.failNext('getOrder', { network: 'truncate', times: 3 });
    const error = await orders.get(order).catch((caught: unknown) => caught);
    expect((error as Error).name).toMatch(/ConnectionError|ResponseValidationError/);
  });
});

describe('faults through mock.fetch and over real HTTP', () => {
  it('a refused connection is retried even for createOrder, and creates exactly one order', async () => {
    const local = createMockService();
    const orders = new OrdersClient({ apiKey: local.apiKey, fetch: local.fetch });
    local.failNext('createOrder', { network: 'refused' });
    await expect(orders.create(orderInput())).resolves.toMatch(/^EO-/);
    expect(local.requests('createOrder')).toHaveLength(1);
    expect(local.store.orders.orders.size).toBe(1);
  });
});

describe('answers cut off halfway through their body', () => {
  it('a label (a repeatable read) is fetched again and arrives whole', async () => {
    const shipment = seedShipment(mock);
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey });
    mock.failNext('getLabels', { network: 'truncate' });
    const [label] = await shipments.labels.get(shipment.reference as ShipmentReference, { format: 'PDF' });
    expect(label?.content_type).toBe('application/pdf');
    expect(mock.requests('getLabels')).toHaveLength(2);
  });

  it('but not more often than maxRetries allows', async () => {
    const shipment = seedShipment(mock);
    const shipments = new ShipmentsClient({ apiKey: mock.apiKey, maxRetries: 2 });
    mock.failNext('getLabels', { network: 'truncate', times: 5 });
    await expect(
      shipments.labels.get(shipment.reference as ShipmentReference, { format: 'PDF' }),
    ).rejects.toMatchObject({
      name: 'ConnectionError',
    });
    expect(mock.requests('getLabels')).toHaveLength(3);
  });

  it('a manifest (non-repeatable) is not sent again: its outcome is unknown', async () => {
    const orders = client();
    const consignment = await allocatedConsignment(orders);
    mock.failNext('manifestConsignments', { network: 'truncate' });
    await expect(orders.manifests.manifest([consignment])).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(mock.requests('manifestConsignments')).toHaveLength(1);
  });
});

describe('mock.fetch and an aborted signal', () => {
  it('like fetch, never handles a request whose signal is already aborted', async () => {
    const local = createMockService();
    const request = local.fetch('https://apisandbox.electioapp.com/orders', {
      method: 'POST',
      signal: AbortSignal.abort(),
      headers: { 'ocp-apim-subscription-key': local.apiKey, 'electio-api-version': '1.1' },
      body: JSON.stringify(orderInput()),
    });
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(local.requests()).toHaveLength(0);
    expect(local.store.orders.orders.size).toBe(0);
  });

  it('so the SDK reports a call aborted before sending as RequestAbortedError, with nothing sent', async () => {
    const local = createMockService();
    const orders = new OrdersClient({ apiKey: local.apiKey, fetch: local.fetch });
    const error = await orders
      .create(orderInput(), { signal: AbortSignal.abort() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(local.requests()).toHaveLength(0);
  });
});

describe('failNext with a name no route serves', () => {
  // An unknown name does not compile (`npm run typecheck` fails on an unused @ts-expect-error); from
  // JavaScript, or past a cast, it is refused at run time.
  it('is refused at once, naming the operation it looks like, instead of never firing', () => {
    const local = createMockService();
    // @ts-expect-error: 'manifestConsignment' is no OperationName
    expect(() => local.failNext('manifestConsignment', { status: 500 })).toThrow(
      /no operation named 'manifestConsignment'.*did you mean 'manifestConsignments'/,
    );
    // @ts-expect-error: 'noSuchThing' is no OperationName
    expect(() => local.failNext('noSuchThing', { status: 500 })).toThrow(ConfigurationError);
    // @ts-expect-error: requests and transmissions take operation ids too
    expect(local.requests('getOrders')).toEqual([]);
    expect(() => local.failNext('*', { status: 500 })).not.toThrow();
    expect(() => local.failNext('createShipment', { status: 500 })).not.toThrow();
  });
});
