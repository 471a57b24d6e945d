/**
 * An oversized answer: a local server streams a 200 whose body grows to 700 MB (or, with `gzip`, a gzip
 * body that inflates to 700 MB from under 1 MB on the wire) to `getOrder`, with the default
 * `maxResponseBytes` (64 MiB). Prints one JSON line: the error, the time from the call to its refusal,
 * the bytes the server managed to send, and the process's peak RSS (client and server in one process).
 *
 *   node --import tsx test/load/oversized.ts [plain|gzip] [megabytes]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { OrdersClient } from '../../src/index.js';

const mode = process.argv[2] ?? 'plain';
const total = Number(process.argv[3] ?? 700) * 1e6;
const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

const chunk = Buffer.alloc(2 ** 20, 'a');
let sent = 0;
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json',
    ...(mode === 'gzip' ? { 'content-encoding': 'gzip' } : {}),
  });
  const sink = mode === 'gzip' ? createGzip() : response;
  if (sink !== response) sink.pipe(response);
  sink.write('{"Order":"');
  const more = () => {
    while (sent < total) {
      sent += chunk.byteLength;
      if (!sink.write(chunk)) return void sink.once('drain', more);
    }
    sink.end('"}');
  };
  response.on('close', () => sink.destroy());
  more();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
const orders = new OrdersClient({ apiKey: 'sk_test_oversized_answer_0123', baseUrl });
const started = performance.now();
const error = await orders.get('EO-1').then(
  () => undefined,
  (caught: Error) => caught,
);
const refusedMs = Math.round(performance.now() - started);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
server.closeAllConnections();
server.close();
console.log(
  JSON.stringify({
    mode,
    bodyBytes: total,
    error: error ? `${error.name}: ${error.message}` : 'none',
    refusedMs,
    serverSentMiB: mib(sent),
    baselineRssMiB: mib(baseline),
    peakRssMiB: mib(peak),
  }),
);
