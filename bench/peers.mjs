// npm run bench:peers: consignkit beside five SDKs its users already know, each making one realistic
// GET of about 200 nested objects in its own resource shape, from one local node:http server, against
// raw fetch + JSON.parse of the same bytes. Also each SDK's cold import over `node -e 0`, and its
// bundle (esbuild, minified, gzip -9). The peers are installed on first use into
// node_modules/.cache/consignkit-bench-peers, never into the project's dependencies.
//   npm run bench:peers [-- --quick]
// Needs `npm run build` first (the script does it). Prints Markdown for bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { OrdersClient } from 'consignkit';
import ky from 'ky';
import { BUDGETS } from './budgets.mjs';
import { order } from './fixtures.mjs';
import { ms, sideBySide } from './measure.mjs';
import { serveCanned } from './server.mjs';
import { bundle } from './size.mjs';
import { coldImports } from './startup.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const PEERS_DIR = join(ROOT, 'node_modules/.cache/consignkit-bench-peers');
const PEERS = {
  shippo: '2.18.0',
  openai: '7.57.0',
  '@easypost/api': '8.9.0',
  stripe: '23.1.0',
  shipengine: '1.0.7',
};
const quick = process.argv.includes('--quick');
const WARM_UP_CALLS = quick ? 300 : 2000;
const timing = quick ? { rounds: 2, time: 300 } : { rounds: 6, time: 1000 };
const N = 200;

function installPeers() {
  const wanted = Object.entries(PEERS).map(([name, version]) => `${name}@${version}`);
  const installed = (name) => {
    const file = join(PEERS_DIR, 'node_modules', name, 'package.json');
    return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).version === PEERS[name];
  };
  if (Object.keys(PEERS).every(installed)) return;
  mkdirSync(PEERS_DIR, { recursive: true });
  writeFileSync(join(PEERS_DIR, 'package.json'), '{ "name": "bench-peers", "private": true }\n');
  console.error(`installing ${wanted.join(', ')} into ${PEERS_DIR}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...wanted], {
    cwd: PEERS_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

// Each SDK's resource, about 200 nested objects, as its service documents it.
const iso = (index) => new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString();
const address = (index) => ({
  line1: `${index} Market Street`,
  line2: null,
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
});
const bodies = {
  '/orders-api/orders/EO-000-002-0TS': order(N),
  '/v1/customers': {
    object: 'list',
    url: '/v1/customers',
    has_more: false,
    data: Array.from({ length: N / 2 }, (_, index) => ({
      id: `cus_${String(index).padStart(14, '0')}`,
      object: 'customer',
      address: address(index),
      balance: 0,
      created: 1_790_000_000 + index,
      currency: 'usd',
      default_source: null,
      delinquent: false,
      description: null,
      email: `customer${index}@example.com`,
      invoice_prefix: `ABC${index}`,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: { order: String(index) },
      name: `Customer ${index}`,
      phone: null,
      preferred_locales: [],
      shipping: { address: address(index), name: `Customer ${index}`, phone: null },
      tax_exempt: 'none',
      test_clock: null,
    })),
  },
  '/openai/files': {
    object: 'list',
    has_more: false,
    first_id: 'file-0',
    last_id: `file-${N - 1}`,
    data: Array.from({ length: N }, (_, index) => ({
      id: `file-${index}`,
      object: 'file',
      bytes: 120_000 + index,
      created_at: 1_790_000_000 + index,
      expires_at: null,
      filename: `batch-${index}.jsonl`,
      purpose: 'batch',
      status: 'processed',
      status_details: null,
    })),
  },
  '/shippo/shipments/shp_1': {
    object_id: 'shp_1',
    object_owner: 'owner@example.com',
    object_created: iso(0),
    object_updated: iso(1),
    status: 'SUCCESS',
    metadata: 'Order 1',
    shipment_date: iso(2),
    test: true,
    carrier_accounts: [],
    messages: [],
    address_from: {
      name: 'Shop',
      street1: '215 Clayton St',
      city: 'San Francisco',
      zip: '94117',
      country: 'US',
    },
    address_to: {
      name: 'Buyer',
      street1: '1092 Indian Summer Ct',
      city: 'San Jose',
      zip: '95122',
      country: 'US',
    },
    parcels: [
      {
        object_id: 'prc_1',
        mass_unit: 'lb',
        weight: '2',
        distance_unit: 'in',
        height: '4',
        length: '10',
        width: '6',
      },
    ],
    rates: Array.from({ length: N }, (_, index) => ({
      object_id: `rate_${index}`,
      object_owner: 'owner@example.com',
      object_created: iso(index),
      shipment: 'shp_1',
      amount: `${(5 + index / 10).toFixed(2)}`,
      amount_local: `${(5 + index / 10).toFixed(2)}`,
      currency: 'USD',
      currency_local: 'USD',
      attributes: index === 0 ? ['CHEAPEST'] : [],
      carrier_account: 'ca_1',
      provider: 'USPS',
      estimated_days: 1 + (index % 5),
      duration_terms: 'Delivery in 1 to 3 business days.',
      servicelevel: { name: `Service ${index}`, token: `usps_service_${index}`, terms: '' },
      zone: '1',
      test: true,
    })),
  },
  '/easypost/shipments/shp_1': {
    id: 'shp_1',
    object: 'Shipment',
    mode: 'test',
    created_at: iso(0),
    updated_at: iso(1),
    status: 'unknown',
    reference: null,
    messages: [],
    options: { currency: 'USD' },
    to_address: {
      id: 'adr_1',
      object: 'Address',
      street1: '417 Montgomery St',
      city: 'San Francisco',
      zip: '94104',
      country: 'US',
    },
    from_address: {
      id: 'adr_2',
      object: 'Address',
      street1: '388 Townsend St',
      city: 'San Francisco',
      zip: '94107',
      country: 'US',
    },
    parcel: { id: 'prcl_1', object: 'Parcel', length: 20.2, width: 10.9, height: 5, weight: 65.9 },
    rates: Array.from({ length: N }, (_, index) => ({
      id: `rate_${index}`,
      object: 'Rate',
      mode: 'test',
      created_at: iso(index),
      updated_at: iso(index),
      service: `Service${index}`,
      carrier: 'USPS',
      rate: `${(5 + index / 10).toFixed(2)}`,
      currency: 'USD',
      retail_rate: null,
      list_rate: null,
      delivery_days: 1 + (index % 5),
      delivery_date: null,
      delivery_date_guaranteed: false,
      shipment_id: 'shp_1',
      carrier_account_id: 'ca_1',
    })),
  },
  '/v1/labels/se-1/track': {
    tracking_number: '1Z932R800392060079',
    status_code: 'DE',
    status_description: 'Delivered',
    carrier_status_code: 'D',
    carrier_status_description: 'Delivered',
    ship_date: iso(0),
    estimated_delivery_date: iso(1),
    actual_delivery_date: iso(2),
    exception_description: null,
    events: Array.from({ length: N }, (_, index) => ({
      occurred_at: iso(index),
      carrier_occurred_at: iso(index),
      description: `Scanned at facility ${index}`,
      city_locality: 'Louisville',
      state_province: 'KY',
      postal_code: '40218',
      country_code: 'US',
      company_name: '',
      signer: '',
      event_code: 'AR',
      latitude: 38.2,
      longitude: -85.7,
    })),
  },
};

async function fetchJson(url, headers) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return JSON.parse(text);
}

/** Fails unless `value` holds `count` items at `path`: every contender must return parsed data. */
function expectItems(value, path, count) {
  const items = path.reduce((at, key) => at?.[key], value);
  if (!Array.isArray(items) || items.length !== count || typeof items[0] !== 'object')
    throw new Error(`expected ${count} items at ${path.join('.')}`);
  return value;
}

async function contenders(origin) {
  const load = createRequire(join(PEERS_DIR, 'package.json'));
  const peer = (name) => import(load.resolve(name));
  const nodeFetch = globalThis.fetch;
  const { default: Stripe } = await peer('stripe');
  const { default: OpenAI } = await peer('openai');
  const { Shippo } = await peer('shippo');
  const { default: EasyPost } = await peer('@easypost/api');
  // ShipEngine replaces the global fetch with node-fetch when imported, and calls it at call time.
  const { default: ShipEngine } = await peer('shipengine');
  const shipEngineFetch = globalThis.fetch;
  globalThis.fetch = nodeFetch;
  const withShipEngineFetch = async (call) => {
    globalThis.fetch = shipEngineFetch;
    try {
      return await call();
    } finally {
      globalThis.fetch = nodeFetch;
    }
  };

  const port = Number(new URL(origin).port);
  const stripe = new Stripe('sk_test_bench', {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const openai = new OpenAI({ apiKey: 'bench', baseURL: `${origin}/openai`, maxRetries: 0 });
  const shippo = new Shippo({ apiKeyHeader: 'ShippoToken bench', serverURL: `${origin}/shippo` });
  const easypost = new EasyPost('bench', { baseUrl: `${origin}/easypost/` });
  const shipengine = new ShipEngine({ apiKey: 'bench', baseURL: origin, retries: 0 });
  const orders = new OrdersClient({ apiKey: 'bench', baseUrl: `${origin}/orders-api` });
  const unchecked = new OrdersClient({ apiKey: 'bench', baseUrl: `${origin}/orders-api`, validation: 'off' });
  const orderUrl = `${origin}/orders-api/orders/EO-000-002-0TS`;

  return [
    [
      'consignkit, strict',
      'getOrder, 200 items',
      orderUrl,
      async () => expectItems(await orders.get('EO-000-002-0TS'), ['Packages', 0, 'Items'], 20),
    ],
    [
      'consignkit, off',
      'the same',
      orderUrl,
      async () => expectItems(await unchecked.get('EO-000-002-0TS'), ['Packages', 0, 'Items'], 20),
    ],
    [
      'ky alone',
      'the same',
      orderUrl,
      async () => expectItems(await ky.get(orderUrl).json(), ['Packages', 0, 'Items'], 20),
    ],
    [
      `shippo ${PEERS.shippo}`,
      `shipments.get, ${N} rates`,
      `${origin}/shippo/shipments/shp_1`,
      async () => expectItems(await shippo.shipments.get('shp_1'), ['rates'], N),
    ],
    [
      `openai ${PEERS.openai}`,
      `files.list, ${N} files`,
      `${origin}/openai/files`,
      async () => expectItems(await openai.files.list(), ['data'], N),
    ],
    [
      `@easypost/api ${PEERS['@easypost/api']}`,
      `Shipment.retrieve, ${N} rates`,
      `${origin}/easypost/shipments/shp_1`,
      async () => expectItems(await easypost.Shipment.retrieve('shp_1'), ['rates'], N),
    ],
    [
      `stripe ${PEERS.stripe}`,
      `customers.list, ${N / 2} customers`,
      `${origin}/v1/customers`,
      async () => expectItems(await stripe.customers.list({ limit: N / 2 }), ['data'], N / 2),
    ],
    [
      `shipengine ${PEERS.shipengine}`,
      `trackUsingLabelId, ${N} events`,
      `${origin}/v1/labels/se-1/track`,
      async () =>
        expectItems(await withShipEngineFetch(() => shipengine.trackUsingLabelId('se-1')), ['events'], N),
    ],
  ];
}

installPeers();
const server = await serveCanned(
  Object.fromEntries(Object.entries(bodies).map(([path, body]) => [`GET ${path}`, body])),
);
const rows = [];
try {
  const list = await contenders(server.origin);
  const tasks = {};
  for (const [name, , url, call] of list) {
    tasks[name] = call;
    tasks[`raw fetch: ${name}`] = () => fetchJson(url, { accept: 'application/json' });
  }
  // Every call must succeed and return its data before any is timed; then a long warm-up, because
  // fetch keeps getting faster for about the first 2,000 calls.
  for (const task of Object.values(tasks)) await task();
  for (let call = 0; call < WARM_UP_CALLS; call++) for (const task of Object.values(tasks)) await task();
  const results = await sideBySide(tasks, timing);
  for (const [name, call, url] of list) {
    const own = results[name];
    const raw = results[`raw fetch: ${name}`];
    const kB = Buffer.byteLength(JSON.stringify(bodies[new URL(url).pathname])) / 1000;
    rows.push({ name, call, kB, own, raw });
  }
} finally {
  await server.close();
}

const entries = {
  'consignkit, strict': [
    "import { OrdersClient, ShipmentsClient } from 'consignkit'; globalThis.x = [OrdersClient, ShipmentsClient];",
    ROOT,
    'consignkit',
    ROOT,
  ],
  [`shippo ${PEERS.shippo}`]: [
    "import { Shippo } from 'shippo'; globalThis.x = Shippo;",
    PEERS_DIR,
    'shippo',
    PEERS_DIR,
  ],
  [`openai ${PEERS.openai}`]: [
    "import OpenAI from 'openai'; globalThis.x = OpenAI;",
    PEERS_DIR,
    'openai',
    PEERS_DIR,
  ],
  [`@easypost/api ${PEERS['@easypost/api']}`]: [
    "import EasyPost from '@easypost/api'; globalThis.x = EasyPost;",
    PEERS_DIR,
    '@easypost/api',
    PEERS_DIR,
  ],
  [`stripe ${PEERS.stripe}`]: [
    "import Stripe from 'stripe'; globalThis.x = Stripe;",
    PEERS_DIR,
    'stripe',
    PEERS_DIR,
  ],
  [`shipengine ${PEERS.shipengine}`]: [
    "import ShipEngine from 'shipengine'; globalThis.x = ShipEngine;",
    PEERS_DIR,
    'shipengine',
    PEERS_DIR,
  ],
};
const sizes = new Map();
for (const [name, [code, dir]] of Object.entries(entries))
  sizes.set(name, (await bundle(code, dir, { platform: 'node' })).gzipped);
const imports = coldImports(
  Object.entries(entries).map(([name, [, , specifier, cwd]]) => [name, specifier, cwd]),
  quick ? 5 : 20,
  ROOT,
);

const x = (value) => `${value.toFixed(2)}x`;
console.log(
  `Node ${process.version}, ${new Date().toISOString()}, ${timing.rounds} rounds of ${timing.time} ms per task after ${WARM_UP_CALLS} warm-up calls each; \`node -e 0\` ${ms(imports.base)} ms.\n`,
);
console.log(
  '| SDK | call | body | median ms (min to max) | raw fetch, same bytes | x raw fetch | overhead per kB | cold import over `node -e 0` | bundle min+gzip |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { name, call, kB, own, raw } of rows) {
  const perKb = ((own.median - raw.median) * 1000) / kB;
  const over = imports.over.get(name);
  const size = sizes.get(name);
  console.log(
    `| ${name} | ${call} | ${kB.toFixed(0)} kB | ${ms(own.median)} (${ms(own.min)} to ${ms(own.max)}) | ${ms(raw.median)} | ${x(own.median / raw.median)} | ${perKb.toFixed(1)} µs | ${over === undefined ? '' : `+${over.toFixed(0)} ms`} | ${size === undefined ? '' : `${(size / 1000).toFixed(1)} kB`} |`,
  );
}

const row = (name) => rows.find((entry) => entry.name === name);
const ratio = (entry) => entry.own.median / entry.raw.median;
const perKB = (entry) => ((entry.own.median - entry.raw.median) * 1000) / entry.kB;
const strict = row('consignkit, strict');
const off = row('consignkit, off');
const coldImport = imports.over.get('consignkit, strict');
const ownSize = sizes.get('consignkit, strict');
const smallestPeer = Math.min(
  ...[...sizes].filter(([name]) => !name.startsWith('consignkit')).map(([, size]) => size),
);
const verdict = (met) => (met ? 'met' : '**missed**');
console.log('\n| target | measured | verdict |\n|---|---|---|');
for (const [target, measured, met] of [
  [
    `strict: ≤ ${BUDGETS.getOrderRatio.toFixed(2)}x raw fetch`,
    x(ratio(strict)),
    ratio(strict) <= BUDGETS.getOrderRatio,
  ],
  [
    `strict: ≤ ${BUDGETS.getOrderMicrosecondsPerKB.toFixed(1)} µs per kB`,
    `${perKB(strict).toFixed(1)} µs`,
    perKB(strict) <= BUDGETS.getOrderMicrosecondsPerKB,
  ],
  [
    `validation off: ≤ ${BUDGETS.getOrderOffRatio.toFixed(2)}x raw fetch`,
    x(ratio(off)),
    ratio(off) <= BUDGETS.getOrderOffRatio,
  ],
  [
    `cold import: ≤ +${BUDGETS.coldImportOverNodeMs} ms over \`node -e 0\``,
    `+${coldImport.toFixed(0)} ms`,
    coldImport <= BUDGETS.coldImportOverNodeMs,
  ],
  [
    'bundle: the smallest of all peers',
    `${(ownSize / 1000).toFixed(1)} kB against ${(smallestPeer / 1000).toFixed(1)} kB`,
    ownSize <= smallestPeer,
  ],
]) {
  console.log(`| ${target} | ${measured} | ${verdict(met)} |`);
}
