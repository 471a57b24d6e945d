import type { IncomingMessage, ServerResponse } from 'node:http';
import { isNetworkFailure } from './faults.js';

/** What the server needs of the mock's core: its handler, and where each area is mounted. */
export interface ServedCore {
  handle(request: Request): Promise<Response>;
  mount(base: string, area: 'orders' | 'shipments'): void;
}

/** A running mock on loopback. */
export interface MockServer {
  /** The port it listens on (the one picked, when asked for port 0). */
  port: number;
  /** Base URL of area A on this server, for `OrdersClient`'s `baseUrl`. */
  ordersUrl: string;
  /** Base URL of area B on this server, for `ShipmentsClient`'s `baseUrl`. */
  shipmentsUrl: string;
  /** Stops accepting connections and ends open ones. */
  close(): Promise<void>;
}

async function toRequest(incoming: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = incoming.method ?? 'GET';
  const body = chunks.length > 0 && method !== 'GET' && method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(incoming.url ?? '/', origin), { method, headers, body, signal });
}

async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  outgoing.statusCode = response.status;
  response.headers.forEach((value, name) => {
    outgoing.setHeader(name, value);
  });
  if (!response.body) return void outgoing.end();
  try {
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) outgoing.write(part.value);
    outgoing.end();
  } catch {
    outgoing.destroy();
  }
}

/** Serves both areas of `core` over HTTP on 127.0.0.1 (`port` 0 picks a free one). */
export async function listen(core: ServedCore, port = 0): Promise<MockServer> {
  const { createServer } = await import('node:http');
  const server = createServer((incoming, outgoing) => {
    const aborted = new AbortController();
    outgoing.on('close', () => aborted.abort());
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    toRequest(incoming, origin, aborted.signal)
      .then((request) => core.handle(request))
      .then((response) => writeResponse(response, outgoing))
      .catch((error: unknown) => {
        if (!isNetworkFailure(error)) outgoing.statusCode = 500;
        outgoing.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actualPort = (server.address() as { port: number }).port;
  const origin = `http://127.0.0.1:${actualPort}`;
  const ordersUrl = `${origin}/orders-api`;
  const shipmentsUrl = `${origin}/shipments-api`;
  core.mount(ordersUrl, 'orders');
  core.mount(shipmentsUrl, 'shipments');
  return {
    port: actualPort,
    ordersUrl,
    shipmentsUrl,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
