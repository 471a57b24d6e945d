/**
 * The evening collection as a warehouse prints it: the day's shipments gathered in a group, their labels
 * fetched a few at a time with progress, merged into one ZPL stream and sent to the label printer in one
 * job. A shipment that is not allocated yet is reported, and the others still print. Runs against the
 * embedded mock and a local test printer (a TCP server that records what it is sent):
 * `npx tsx examples/print-run.ts` (the labels go to ./labels-out)
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { ShipmentsClient } from 'consignkit';
import { mergeLabels, printZpl, saveAllLabels } from 'consignkit/node';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';

/** A stand-in for a Zebra printer on port 9100: it keeps every byte it is sent. */
async function testPrinter() {
  const received: Buffer[] = [];
  const server = createServer((socket) => socket.on('data', (chunk) => received.push(chunk)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function main(log: (line: string) => void = console.log, directory = 'labels-out') {
  const mock = createMockService();
  const shipments = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch });
  // The day's shipments, as allocation made them; one is not allocated yet.
  const made = Array.from({ length: 6 }, (_, index) =>
    mock.store.shipments.addShipment({ allocated: index !== 3, carrierName: 'Royal Mail' }),
  );
  const { reference: group } = await shipments.groups.create({
    custom_reference: 'evening-collection',
    shipments: made.filter((shipment) => shipment.allocated).map((shipment) => shipment.reference),
  });
  const collection = await shipments.groups.get(group);
  const references = [
    ...(collection.shipments ?? []),
    ...made.filter((shipment) => !shipment.allocated).map((shipment) => shipment.reference),
  ];

  const results = await saveAllLabels(shipments, references, {
    format: 'ZPL',
    directory,
    createDirectories: true,
    concurrency: 4,
    onProgress: ({ done, total, shipment }) => log(`  ${done}/${total} ${shipment}`),
  });
  const saved = results.filter((result) => result.ok);
  for (const result of results)
    if (!result.ok) log(`not printed: ${result.shipment}: ${result.error.message}`);

  const printer = await testPrinter();
  try {
    const job = await mergeLabels(
      await Promise.all(saved.flatMap((result) => result.files).map((file) => readFile(file))),
    );
    await printZpl(job.bytes, { host: '127.0.0.1', port: printer.port });
    log(`sent ${job.labels} labels (${job.bytes.length} bytes of ZPL) to the printer in one job`);
  } finally {
    await printer.close();
  }
  const printed = Buffer.concat(printer.received).toString('latin1');
  return {
    saved: saved.length,
    failed: results.length - saved.length,
    programs: printed.split('^XA').length - 1,
  };
}

if (isMain(import.meta.url)) await main();
