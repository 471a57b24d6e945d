import { HttpResponse, http } from 'msw';
import type { setupServer } from 'msw/node';
import type { MockService } from '../src/testing/index.js';

/** Area B's sandbox base URL, which the mock answers by default. */
export const B = 'https://api.sorted.com/prosandbox';

export interface CapturedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/**
 * Records every area B request before the mock answers it (the handler returns nothing, so MSW passes the
 * request on to the mock's handler).
 */
export function captureRequests(server: ReturnType<typeof setupServer>): CapturedRequest[] {
  const captured: CapturedRequest[] = [];
  server.use(
    http.all(`${B}/*`, async ({ request }) => {
      captured.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: await request.clone().text(),
      });
    }),
  );
  return captured;
}

/**
 * Answers every area B request with `body` (status 200), for tests of what the client does with it. Call
 * it before {@link captureRequests}: `server.use` puts the latest handler first.
 */
export function answerWith(server: ReturnType<typeof setupServer>, body: unknown): void {
  server.use(http.all(`${B}/*`, () => HttpResponse.json(body as never)));
}

/** An allocated shipment seeded straight into the mock, as area A's allocation would make it. */
export function seedShipment(
  mock: MockService,
  input: Parameters<MockService['store']['shipments']['addShipment']>[0] = {},
) {
  return mock.store.shipments.addShipment({ carrierName: 'Acme Parcels', ...input });
}

/** Calls the mock directly, without the SDK, to see what the service itself answers. */
export async function rawRequest(
  mock: MockService,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const response = await mock.fetch(`${B}${path}`, {
    method,
    headers: { 'x-api-key': mock.apiKey, 'x-api-version': '1.1', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  // An answer with no body (a 304, or an error the older file documents without one) has body undefined.
  return {
    status: response.status,
    body: (text === '' ? undefined : JSON.parse(text)) as Record<string, unknown>,
    text,
  };
}

/** The width and height a BMP's BITMAPINFOHEADER declares, and its bits per pixel. */
export function bmpHeader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    fileSize: view.getUint32(2, true),
    pixelOffset: view.getUint32(10, true),
    headerSize: view.getUint32(14, true),
    width: view.getInt32(18, true),
    height: view.getInt32(22, true),
    bitsPerPixel: view.getUint16(28, true),
  };
}

/** Whether the pixel at (x, y), counted from the top left, of a 1-bit bottom-up BMP is black (index 1). */
export function bmpPixel(bytes: Uint8Array, x: number, y: number): boolean {
  const { pixelOffset, width, height } = bmpHeader(bytes);
  const rowBytes = Math.ceil(width / 32) * 4;
  const byte = bytes[pixelOffset + (height - 1 - y) * rowBytes + (x >> 3)]!;
  return (byte & (0x80 >> (x & 7))) !== 0;
}

export const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
