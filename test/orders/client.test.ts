import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { type ConsignmentReference, ResponseValidationError } from '../../src/index.js';
import { orderInput } from '../support/fixtures.js';

import {
  A,
  answer,
  base64,
  bodyOf,
  client,
  json,
  KEY,
  PDF_TEXT,
  packRequest,
  sent,
  useWireServer,
  wireCases,
} from './wire.js';

useWireServer();

describe('OrdersClient on the wire', () => {
  it.each(wireCases)('$name sends $method $path with its exact body and both headers', async (wire) => {
    answer(wire.reply);
    await expect(wire.call(client())).resolves.toEqual(wire.returns);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request).toMatchObject({ method: wire.method, path: wire.path, search: wire.search ?? '' });
    expect(bodyOf(request)).toEqual(wire.body);
    if (wire.body === undefined) expect(request?.text).toBe('');
    expect(request?.headers.get('ocp-apim-subscription-key')).toBe(KEY);
    expect(request?.headers.get('electio-api-version')).toBe('1.1');
  });

  it.each(wireCases)('$name follows its retry class after a 500', async (wire) => {
    answer(() => HttpResponse.json({ Code: 'Oops', Message: 'failed' }, { status: 500 }));
    await expect(wire.call(client({ maxRetries: 1 }))).rejects.toMatchObject({ status: 500 });
    expect(sent).toHaveLength(wire.repeatable ? 2 : 1);
  });

  it('getCustomerManifests sends no query parameter without a filter', async () => {
    answer(json([]));
    await expect(client().manifests.list()).resolves.toEqual([]);
    expect(sent[0]?.search).toBe('');
  });
});

describe('reading every response shape', () => {
  it.each([
    ['a bare reference', 'EO-000-002-0TS'],
    ['an object', { OrderReference: 'EO-000-002-0TS', Extra: 1 }],
    ['the real link array', [{ Rel: 'Order', Href: 'https://api.electioapp.com/orders/EO-000-002-0TS' }]],
  ])('createOrder reads %s', async (_, body) => {
    answer(json(body));
    await expect(client().create(orderInput())).resolves.toBe('EO-000-002-0TS');
  });

  it('createOrder rejects an answer that holds no order reference', async () => {
    answer(json([{ Rel: 'Order', Href: `${A}/orders/not-a-reference` }]));
    await expect(client().create(orderInput())).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it.each([
    ['a bare reference', 'EO-000-002-0TT'],
    [
      'the real SelectOrderResults',
      { SelectOrderResults: [{ OrderReference: 'EO-000-002-0TT', Status: 201 }] },
    ],
  ])('selectDeliveryOption reads %s', async (_, body) => {
    answer(json(body));
    await expect(client().deliveryOptions.selectAsOrder('EDO-1')).resolves.toBe('EO-000-002-0TT');
  });

  it.each([
    ['an empty list', []],
    ['no result with a consignment link', { Results: [] }],
  ])('packOrder rejects an answer that names no consignment: %s', async (_, body) => {
    answer(json(body));
    await expect(client().pack('EO-000-002-0TS', packRequest)).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });

  it('packOrder puts the outbound consignment first even when the return is listed first', async () => {
    answer(
      json({
        Results: [
          {
            Result: 'ReturnConsignmentCreated',
            ApiLinks: [{ Rel: 'Consignment', Href: `${A}/consignments/EC-R` }],
          },
          {
            Result: 'ConsignmentCreated',
            ApiLinks: [{ Rel: 'Consignment', Href: `${A}/consignments/EC-O` }],
          },
        ],
      }),
    );
    await expect(client().pack('EO-000-002-0TS', packRequest)).resolves.toEqual(['EC-O', 'EC-R']);
  });

  it('packOrder takes one consignment per result, even when a result links it more than once', async () => {
    answer(
      json({
        Results: [
          {
            Result: 'ReturnConsignmentCreated',
            ApiLinks: [
              { Rel: 'Label', Href: `${A}/labels/EC-R` },
              { Rel: 'Consignment', Href: `${A}/consignments/EC-R` },
            ],
          },
          {
            Result: 'ConsignmentCreated',
            ApiLinks: [
              { Rel: 'Consignment', Href: `${A}/consignments/EC-O` },
              { Rel: 'Label', Href: `${A}/labels/EC-O` },
              { Rel: 'Detail', Href: `${A}/consignments/EC-O/detail` },
            ],
          },
          // No 'Consignment' link: the first link ending in an EC- reference.
          {
            Result: 'ConsignmentCreated',
            ApiLinks: [
              { Rel: 'Order', Href: `${A}/orders/EO-000-002-0TS` },
              { Rel: 'Label', Href: `${A}/labels/EC-S` },
              { Rel: 'Other', Href: `${A}/x/EC-T` },
            ],
          },
          // The same consignment reported twice counts once.
          {
            Result: 'ConsignmentCreated',
            ApiLinks: [{ Rel: 'Consignment', Href: `${A}/consignments/EC-O` }],
          },
        ],
      }),
    );
    await expect(client().pack('EO-000-002-0TS', packRequest)).resolves.toEqual(['EC-O', 'EC-S', 'EC-R']);
  });

  it.each([
    ['a bare reference', 'EC-1', ['EC-1']],
    ['an array naming one consignment twice', ['EC-1', 'EC-1'], ['EC-1']],
    ['an array of references', ['EC-1', 'EC-2'], ['EC-1', 'EC-2']],
  ])('packOrder reads %s', async (_, body, expected) => {
    answer(json(body));
    await expect(client().pack('EO-000-002-0TS', packRequest)).resolves.toEqual(expected);
  });

  it.each([
    ['a JSON string', base64(PDF_TEXT)],
    ['{ File }', { File: base64(PDF_TEXT) }],
    ['{ file }', { file: base64(PDF_TEXT) }],
  ])('getCustomerManifest decodes %s into the PDF bytes', async (_, body) => {
    answer(json(body));
    const pdf = await client().manifests.get('0123456789abcdef0123456789abcdef');
    expect(pdf).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(pdf).toString('latin1')).toBe(PDF_TEXT);
  });

  it('getCustomerManifest also reads Base64 sent bare, as text rather than a JSON string', async () => {
    answer(() => new HttpResponse(base64(PDF_TEXT), { headers: { 'content-type': 'text/plain' } }));
    const pdf = await client().manifests.get('0123456789abcdef0123456789abcdef');
    expect(Buffer.from(pdf).toString('latin1')).toBe(PDF_TEXT);
  });

  it.each([
    ['Base64 of something that is not a PDF', base64('PK\u0003\u0004 a zip file')],
    ['malformed Base64', '%PDF-not base64!'],
    ['an empty string', ''],
  ])('getCustomerManifest rejects %s', async (_, body) => {
    answer(json(body));
    await expect(client().manifests.get('0123456789abcdef0123456789abcdef')).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });

  it('keeps unknown fields and nulls untouched', async () => {
    const stored = {
      OrderReference: 'EO-000-002-0TS',
      DateCreated: '2026-11-22T10:00:00+00:00',
      DeliveryOptionReference: null,
      OrderReferenceProvidedByCustomer: null,
      Metadata: [{ KeyValue: 'ShippersEORI', StringValue: 'GB1', Extra: { nested: true } }],
      Addresses: [{ AddressType: 'Importer', Town: null, IsCached: true, Unknown: [1, 2] }],
      Packages: [{ Reference: 'EP-000-1', Items: [{ Reference: 'a'.repeat(32), Sku: null }] }],
    };
    answer(json(stored));
    await expect(client().get('EO-000-002-0TS')).resolves.toEqual({
      ...stored,
      RequiredDeliveryDate: null,
      ShippingDate: null,
      CustomsDocumentation: null,
      MetaData: stored.Metadata,
    });
  });
});

describe('answers to a request the service has acted on', () => {
  it('manifestConsignmentsFromQuery returns FailedConsignments null or missing as sent', async () => {
    const query = { States: ['ReadyToShip'] as const, ShippingLocationReference: 'SL-LONDON' };
    for (const body of [
      {
        Message: 'Query found 2 consignment(s). 2 successfully queued to manifest.',
        FailedConsignments: null,
      },
      { Message: 'Query found 0 consignment(s).' },
    ]) {
      answer(json(body));
      await expect(
        client().manifests.manifestFromQuery({ ...query, States: ['ReadyToShip'] }),
      ).resolves.toEqual({ ...body, counts: expect.any(Object) });
    }
  });
  it('manifestConsignmentsFromQuery reads the counts as numbers, and leaves undefined what the wording does not say', async () => {
    const query = { States: ['ReadyToShip'] as const };
    for (const [Message, counts] of [
      [
        'Query found 12 consignment(s). 10 successfully queued to manifest. 2 failed to be added to the queue',
        { found: 12, queued: 10, failed: 2 },
      ],
      ['Query found 0 consignment(s).', { found: 0, queued: undefined, failed: undefined }],
      ['Manifest request accepted', { found: undefined, queued: undefined, failed: undefined }],
    ] as const) {
      answer(json({ Message, FailedConsignments: [] }));
      const result = await client().manifests.manifestFromQuery({ ...query, States: ['ReadyToShip'] });
      expect(result.counts).toEqual(counts);
      expect(result.Message).toBe(Message);
    }
  });

  it('a link with a null or missing Rel or Href does not turn results the service acted on into an error', async () => {
    const results = [
      { IsSuccess: true, Message: 'Manifested', Data: 'EC-1', ApiLinks: [{ Rel: 'detail', Href: null }] },
      { IsSuccess: true, Message: 'Manifested', Data: 'EC-2', ApiLinks: [{ Rel: null }, {}] },
    ];
    answer(json(results));
    await expect(client().manifests.manifest(['EC-1', 'EC-2'] as ConsignmentReference[])).resolves.toEqual(
      results,
    );
    answer(
      json({
        Results: [
          {
            Result: 'ConsignmentCreated',
            ApiLinks: [
              { Rel: null, Href: null },
              { Rel: 'Consignment', Href: `${A}/consignments/EC-000-05B-MQ4` },
            ],
          },
        ],
      }),
    );
    await expect(client().pack('EO-000-002-0TS', packRequest)).resolves.toEqual(['EC-000-05B-MQ4']);
  });

  it('a 2xx answer a manifest call cannot read says the service acted, and not to send it blindly', async () => {
    answer(json([{ Message: 'Manifested', Data: 'EC-1' }]));
    const error = await client()
      .manifests.manifest(['EC-1', 'EC-2'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toBe(
      'manifestConsignments: the service accepted the request (HTTP 200) but its answer is not what was expected: [0].IsSuccess: expected boolean, got undefined; do not send it again without checking EC-1, EC-2',
    );
  });

  it.each([
    [
      'not JSON',
      () => new HttpResponse('<html>queued</html>', { status: 202 }),
      'HTTP 202) but its answer is not JSON;',
    ],
    [
      'without the expected result',
      json({ Results: [] }),
      'HTTP 200) but its answer does not hold the expected result;',
    ],
  ])('so does an answer %s, after a pack', async (_what, reply, says) => {
    answer(reply);
    const error = await client()
      .pack('EO-000-002-0TS', packRequest)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain(says);
    expect((error as Error).message).toMatch(/do not send it again without checking EO-000-002-0TS$/);
  });

  it('a read that cannot be read says nothing of the kind: it can be asked again', async () => {
    answer(json({ OrderReference: 42 }));
    const error = await client()
      .get('EO-000-002-0TS')
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      'getOrder: unexpected response: OrderReference: expected string, got number',
    );
  });
});

describe('response validation modes', () => {
  const wrongShape = { not: 'an array of allocation summaries' };

  it('strict throws ResponseValidationError carrying the body', async () => {
    answer(json(wrongShape));
    const error = await client()
      .allocation.allocate(['EC-1'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ body: wrongShape, operation: 'allocateConsignments' });
  });

  it('warn logs and returns the body', async () => {
    answer(json(wrongShape));
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await expect(client({ validation: 'warn', logger }).allocation.allocate(['EC-1'])).resolves.toEqual(
      wrongShape,
    );
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.warn.mock.calls[0]?.[0]).toMatch(/allocateConsignments/);
  });

  it('off returns the body without a word', async () => {
    answer(json(wrongShape));
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await expect(client({ validation: 'off', logger }).allocation.allocate(['EC-1'])).resolves.toEqual(
      wrongShape,
    );
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

/** Runs `call`, expects a RequestValidationError, and checks that nothing reached the service. */
