import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type MockServer } from '../../../src/testing/index.js';
import { connect, type Session } from '../../support/mcp.js';

// A service that echoes the API key back, in successful bodies, error bodies and headers, as a
// misconfigured proxy or a hostile endpoint would: no tool answer and no log line may carry it.
const KEY = 'sk_live_5f0c6a1e9b2d4c7f8a3e6b1d0c9f2a4e';
const mock = createMockService({ apiKey: KEY });
let server: MockServer;
let session: Session;

/** Forwards to the mock, and writes the key into every JSON answer and a header. */
const echoing: typeof fetch = async (input, init) => {
  const answer = await fetch(input, init);
  const headers = new Headers(answer.headers);
  headers.set('x-echo', KEY);
  const text = await answer.text();
  let body = text;
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      body = JSON.stringify({
        ...parsed,
        echo: KEY,
        escaped: JSON.stringify(KEY),
        encoded: encodeURIComponent(KEY),
      });
    } else if (Array.isArray(parsed)) {
      body = JSON.stringify(
        parsed.map((item) => (item && typeof item === 'object' ? { ...item, echo: KEY } : item)),
      );
    }
  } catch {}
  return new Response(answer.status === 204 ? null : body, { status: answer.status, headers });
};

beforeAll(async () => {
  server = await mock.listen(0);
  session = await connect(mock, server, { client: { fetch: echoing } });
});
afterAll(async () => {
  await session.close();
  await server.close();
});

describe('no secret in any answer or log line of consignkit mcp', () => {
  it('redacts the key a service echoes, in reads, errors, previews, sends and lost answers', async () => {
    const shipment = mock.store.shipments.addShipment({ allocated: true });
    const answers = [
      await session.call('getShipment', { shipmentReference: shipment.reference }),
      await session.call('getShipmentStateCounts'),
    ];
    mock.failNext('getShipment', {
      status: 400,
      body: { code: 'invalid_key', message: `key ${KEY} is not allowed here`, details: [{ message: KEY }] },
      headers: { 'x-api-key': KEY },
    });
    answers.push(await session.call('getShipment', { shipmentReference: shipment.reference }));
    // An agent that pastes the key into an argument gets it back redacted in the preview too.
    answers.push(
      await session.call('createShipmentGroup', {
        body: { custom_reference: KEY, shipments: [shipment.reference] },
      }),
    );
    const preview = await session.call('manifestShipment', { shipmentReference: shipment.reference });
    mock.failNext('manifestShipment', { network: 'drop-after' });
    answers.push(
      preview,
      await session.call('manifestShipment', {
        shipmentReference: shipment.reference,
        confirmationToken: preview.structured.confirmationToken,
      }),
    );

    // The service did echo it: each kind of answer above had the key to leak.
    expect(answers[0]?.structured.result).toMatchObject({ echo: '[redacted]' });
    expect(answers[2]?.structured.error).toMatchObject({
      name: 'BadRequestError',
      message: expect.stringContaining('[redacted]'),
    });
    expect(answers[5]?.structured).toMatchObject({ outcome: 'unknown', verdict: 'done' });
    const everything = JSON.stringify([answers, session.log]);
    for (const form of [KEY, JSON.stringify(KEY).slice(1, -1), encodeURIComponent(KEY)]) {
      expect(everything).not.toContain(form);
    }
    expect(everything).not.toContain(KEY.slice(8));
  });
});
