import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, DocumentError } from '../../src/index.js';
import {
  type PrinterError,
  PrinterTimeoutError,
  PrinterUnreachableError,
  printZpl,
} from '../../src/node/index.js';

describe('printZpl', () => {
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    // A server closes only once its connections have: the hanging printer's must be ended here.
    for (const socket of sockets.splice(0)) socket.destroy();
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  async function printer(onSocket: (socket: Socket) => void): Promise<number> {
    const server = createServer((socket) => {
      sockets.push(socket);
      onSocket(socket);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }

  const zpl = new TextEncoder().encode('^XA^FO50,50^ADN,36,20^FDconsignkit^FS^XZ\n');

  it('hands every byte to a printer that accepts, once', async () => {
    const received: Buffer[] = [];
    let connections = 0;
    const closed = new Promise<void>((resolve) => {
      void printer((socket) => {
        connections += 1;
        socket.on('data', (chunk) => received.push(chunk));
        socket.on('end', () => resolve());
      }).then((port) => printZpl(zpl, { host: '127.0.0.1', port }));
    });
    await closed;
    expect(Buffer.concat(received)).toEqual(Buffer.from(zpl));
    expect(connections).toBe(1);
  });

  it('is a PrinterUnreachableError, with nothing sent, when the printer refuses the connection', async () => {
    const port = await printer(() => undefined);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const error = await printZpl(zpl, { host: '127.0.0.1', port }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PrinterUnreachableError);
    expect(error).toMatchObject({ sentBytes: 0, printer: `127.0.0.1:${port}` });
  });

  it('is a PrinterTimeoutError when the printer takes the connection but not the bytes, and is never retried', async () => {
    let connections = 0;
    const port = await printer((socket) => {
      connections += 1;
      socket.pause(); // A printer that hangs: it never reads.
    });
    // More than the sockets' buffers hold, so the send cannot finish without the printer reading.
    const large = new Uint8Array(64 * 1024 * 1024).fill(0x20);
    large.set(new TextEncoder().encode('^XA'), 0);
    const error = await printZpl(large, { host: '127.0.0.1', port, timeout: 300 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PrinterTimeoutError);
    expect((error as PrinterError).sentBytes).toBeGreaterThan(0);
    expect((error as PrinterError).message).toMatch(/did not take the bytes/);
    expect(connections).toBe(1);
  });

  it('refuses what is not ZPL, and a bad port, before connecting', async () => {
    expect(() => printZpl(new TextEncoder().encode('%PDF-1.7'), { host: '127.0.0.1' })).toThrow(
      DocumentError,
    );
    expect(() => printZpl(zpl, { host: '127.0.0.1', port: 70_000 })).toThrow(ConfigurationError);
  });

  it('stops at once when aborted', async () => {
    const port = await printer((socket) => socket.pause());
    const stop = new AbortController();
    const large = new Uint8Array(64 * 1024 * 1024).fill(0x20);
    large.set(new TextEncoder().encode('^XA'), 0);
    const sending = printZpl(large, { host: '127.0.0.1', port, signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    await expect(sending).rejects.toThrow(/aborted while sending/);
  });
});
