/**
 * Aborting calls mid-headers and mid-body against a local server that never finishes its answers. For
 * each case: the error class, whether the client closed its socket (the server sees the connection
 * close), and how many timers the SDK or ky left pending. Prints one JSON line, then simply ends: the
 * server is closed without forcing its connections shut, so a socket or timer left open shows as a hang.
 *
 *   node --import tsx test/load/abort.ts
 */
import { createHook } from 'node:async_hooks';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FetchLike, OrdersClient } from '../../src/index.js';

Error.stackTraceLimit = 20;
const pending = new Map<number, string>();
const bySdk = (stack: string) => /[/\\](ky|src[/\\](core|orders|shipments|documents))[/\\]/.test(stack);
createHook({
  init(id, type) {
    if (type === 'Timeout') pending.set(id, new Error().stack ?? '');
  },
  destroy(id) {
    pending.delete(id);
  },
}).enable();

type Stage = 'headers' | 'body';
let onRequest: (request: IncomingMessage) => void = () => undefined;
const server = createServer((request, response) => {
  onRequest(request);
  // Mid-headers: nothing is ever answered. Mid-body: a 200 and the start of a JSON body, never ended.
  if (request.headers['x-stage'] === 'body') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"OrderReference":"EO-000-000-001","Pad":"');
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function abortAt(stage: Stage, operation: 'getOrder' | 'manifestConsignments') {
  const controller = new AbortController();
  let socketClosed: Promise<void> = Promise.resolve();
  onRequest = (request) => {
    socketClosed = new Promise((resolve) => request.socket.once('close', () => resolve()));
    if (stage === 'headers') setImmediate(() => controller.abort());
  };
  // Mid-body: abort once the headers are in, while the SDK reads the body.
  const fetch: FetchLike = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    if (stage === 'body') setImmediate(() => controller.abort());
    return response;
  };
  const orders = new OrdersClient({
    apiKey: 'sk_test_abort_0123456789abcdef',
    baseUrl,
    fetch,
    headers: { 'x-stage': stage },
  });
  const call =
    operation === 'getOrder'
      ? orders.get('EO-000-000-001', { signal: controller.signal })
      : orders.manifests.manifest(['EC-000-000-001'], { signal: controller.signal });
  const error = await call.then(
    () => undefined,
    (caught: Error & { reason?: string }) => caught,
  );
  await socketClosed;
  await new Promise((resolve) => setImmediate(resolve));
  return {
    stage,
    operation,
    error: error ? error.name : 'none',
    reason: error?.reason,
    socketClosed: true,
    sdkTimersLeft: [...pending.values()].filter(bySdk).length,
  };
}

const results = [];
for (const stage of ['headers', 'body'] as const) {
  for (const operation of ['getOrder', 'manifestConsignments'] as const) {
    results.push(await abortAt(stage, operation));
  }
}
server.close();
console.log(JSON.stringify(results));
