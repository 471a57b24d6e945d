// Runtime smoke test of the BUILT package (dist/), loaded through its package.json `exports`.
// Plain JavaScript so that Node, Bun and Deno run it as is:
//   node scripts/smoke.mjs · npx -y node@22 scripts/smoke.mjs · npx -y bun scripts/smoke.mjs
//   npx -y deno run -A scripts/smoke.mjs
// It drives both clients against the embedded mock (`createMockService` from `consignkit/testing`,
// passed as the `fetch` option, so nothing touches the network) and decodes a PDF label.
// `consignkit` resolves by package self-reference: this file sits inside the package, whose
// `exports` map points at dist/. Run `npm run build` first.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const runtime =
  typeof globalThis.Deno !== 'undefined'
    ? `deno ${globalThis.Deno.version.deno}`
    : typeof globalThis.Bun !== 'undefined'
      ? `bun ${globalThis.Bun.version}`
      : `node ${process.versions.node}`;

const sdk = await import('consignkit');
const node = await import('consignkit/node');
const testing = await import('consignkit/testing');
const { OrdersClient, ShipmentsClient, createClients, decodeDocument } = sdk;
const { createMockService } = testing;
assert.equal(typeof OrdersClient, 'function');
assert.equal(typeof ShipmentsClient, 'function');
assert.equal(typeof node.saveLabels, 'function');

// The CommonJS build answers `require` with the same public names.
const require = createRequire(import.meta.url);
const cjs = require('consignkit');
for (const name of ['OrdersClient', 'ShipmentsClient', 'createClients', 'decodeDocument']) {
  assert.equal(typeof cjs[name], 'function', `require('consignkit').${name}`);
}

const mock = createMockService();
const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
const shipments = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch });

// Area A: create, read back, pack and allocate an order.
const order = await orders.create({
  OrderReferenceProvidedByCustomer: 'SMOKE-1',
  Packages: [
    {
      Items: [{ Sku: 'MUG-BLUE', Description: 'Blue mug', Weight: { Value: 0.4, Unit: 'Kg' } }],
      Weight: { Value: 0.5, Unit: 'Kg' },
    },
  ],
  Addresses: [
    {
      AddressType: 'Origin',
      ShippingLocationReference: 'SL-LONDON',
      AddressLine1: '1 Warehouse Way',
      Town: 'London',
      Postcode: 'E1 1AA',
      Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
    },
    {
      AddressType: 'Destination',
      Contact: { FirstName: 'Ada', LastName: 'Lovelace' },
      AddressLine1: '12 Analytical Row',
      Town: 'Manchester',
      Postcode: 'M1 1AA',
      Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
    },
  ],
});
const fetched = await orders.get(order);
assert.equal(fetched.OrderReference, order, 'Get Order returns the order created');
const [consignment] = await orders.pack(order, {
  OrderReference: order,
  Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
});
assert.ok(consignment, 'packing created a consignment');
await orders.allocation.allocateWithCheapestQuote(consignment);
const shipment = mock.store.shipments.shipmentForConsignment(consignment);
assert.ok(shipment, 'allocation labelled a shipment');

// Area B: fetch the shipment's PDF label and decode it.
const [label] = await shipments.labels.get(shipment.reference, { format: 'PDF' });
assert.ok(label, 'Get Labels returned a label');
const decoded = decodeDocument(label);
const head = new TextDecoder().decode(decoded.bytes.subarray(0, 5));
assert.equal(head, '%PDF-', 'the decoded label is a PDF');

// createClients wires both areas from one set of options.
const both = createClients({ apiKey: mock.apiKey, fetch: mock.fetch });
assert.ok(both.orders instanceof OrdersClient && both.shipments instanceof ShipmentsClient);

// An error thrown by `consignkit/node` is an instance of the classes `consignkit` exports, in ESM and in
// CommonJS: the entry points share one copy of the error classes instead of bundling one each.
const notALabel = {
  file: btoa('not a label'),
  content_type: 'application/pdf',
  document_type: 'label',
  dpi: 203,
};
for (const [format, root, nodeEntry] of [
  ['import', sdk, node],
  ['require', cjs, require('consignkit/node')],
]) {
  await assert.rejects(nodeEntry.saveDocument(notALabel, 'never-written.pdf'), (error) => {
    assert.ok(error instanceof root.DocumentError, `${format}: a DocumentError of consignkit/node`);
    assert.ok(error instanceof root.ConsignkitError, `${format}: a ConsignkitError of consignkit/node`);
    return true;
  });
}

console.log(`smoke ok on ${runtime}: order ${order}, label ${decoded.bytes.length} bytes`);

// Deno 2.9 keeps the process alive after this script finishes whenever `consignkit` resolves as a
// package (self-reference or node_modules; a relative import of dist/index.js exits): not yet
// understood, so exit explicitly there instead of hanging until the CI time-out.
if (globalThis.Deno) globalThis.Deno.exit(0);
