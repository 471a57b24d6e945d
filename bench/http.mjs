// consignkit against ky alone and raw fetch + JSON.parse, over real HTTP to a canned-body server.
import { OrdersClient, ShipmentsClient } from 'consignkit';
import ky from 'ky';
import {
  consignmentReferences,
  createdOrder,
  createOrderInput,
  labelDocument,
  manifestResults,
  order,
} from './fixtures.mjs';
import { sideBySide } from './measure.mjs';
import { serveCanned } from './server.mjs';

const KEY = 'bench-key';
const ORDER_ITEMS = 200;
const CREATE_ITEMS = 10;
const MANIFESTED = 100;
const LABEL_BYTES = 4 * 1024 * 1024;

const ordersHeaders = {
  accept: 'application/json',
  'ocp-apim-subscription-key': KEY,
  'electio-api-version': '1.1',
};
const shipmentsHeaders = { accept: 'application/json', 'x-api-key': KEY, 'x-api-version': '1.1' };

/** Raw fetch as a careful hand-written client does it: check the status, read the text, parse it. */
async function fetchJson(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return JSON.parse(text);
}

const jsonInit = (method, headers, body) => ({
  method,
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function measureHttp(options) {
  const references = consignmentReferences(MANIFESTED);
  const newOrder = createOrderInput(CREATE_ITEMS);
  const server = await serveCanned({
    'GET /orders-api/orders/EO-000-002-0TS': order(ORDER_ITEMS),
    'POST /orders-api/orders': createdOrder,
    'PUT /orders-api/consignments/manifest': manifestResults(references),
    'GET /shipments-api/labels/sp_bench/pdf/203': labelDocument(LABEL_BYTES),
  });
  const A = `${server.origin}/orders-api`;
  const B = `${server.origin}/shipments-api`;
  const orders = new OrdersClient({ apiKey: KEY, baseUrl: A });
  const shipments = new ShipmentsClient({ apiKey: KEY, baseUrl: B });
  const unchecked = {
    orders: new OrdersClient({ apiKey: KEY, baseUrl: A, validation: 'off' }),
    shipments: new ShipmentsClient({ apiKey: KEY, baseUrl: B, validation: 'off' }),
  };
  const manifestBody = { ConsignmentReferences: references };

  const scenarios = {
    [`getOrder (${ORDER_ITEMS} items)`]: {
      'raw fetch': () => fetchJson(`${A}/orders/EO-000-002-0TS`, { headers: ordersHeaders }),
      'ky alone': () => ky.get(`${A}/orders/EO-000-002-0TS`, { headers: ordersHeaders }).json(),
      consignkit: () => orders.get('EO-000-002-0TS'),
      'consignkit, validation off': () => unchecked.orders.get('EO-000-002-0TS'),
    },
    [`createOrder (${CREATE_ITEMS} items)`]: {
      'raw fetch': () => fetchJson(`${A}/orders`, jsonInit('POST', ordersHeaders, newOrder)),
      'ky alone': () => ky.post(`${A}/orders`, { headers: ordersHeaders, json: newOrder }).json(),
      consignkit: () => orders.create(newOrder),
      'consignkit, validation off': () => unchecked.orders.create(newOrder),
    },
    [`manifestConsignments (${MANIFESTED} refs)`]: {
      'raw fetch': () =>
        fetchJson(`${A}/consignments/manifest`, jsonInit('PUT', ordersHeaders, manifestBody)),
      'ky alone': () =>
        ky.put(`${A}/consignments/manifest`, { headers: ordersHeaders, json: manifestBody }).json(),
      consignkit: () => orders.manifests.manifest(references),
      'consignkit, validation off': () => unchecked.orders.manifests.manifest(references),
    },
    'getLabels (4 MB label)': {
      'raw fetch': () => fetchJson(`${B}/labels/sp_bench/pdf/203`, { headers: shipmentsHeaders }),
      'ky alone': () => ky.get(`${B}/labels/sp_bench/pdf/203`, { headers: shipmentsHeaders }).json(),
      consignkit: () => shipments.labels.get('sp_bench', { format: 'PDF' }),
      'consignkit, validation off': () => unchecked.shipments.labels.get('sp_bench', { format: 'PDF' }),
    },
  };

  // `only` keeps some scenarios and contenders: `{ 'getOrder (200 items)': ['raw fetch', 'consignkit'] }`.
  const only = options?.only;
  const chosen = only
    ? Object.entries(only).map(([scenario, names]) => [
        scenario,
        Object.fromEntries(names.map((name) => [name, scenarios[scenario][name]])),
      ])
    : Object.entries(scenarios);
  const results = {};
  try {
    for (const [scenario, tasks] of chosen) {
      // Every contender must succeed and agree before any of them is timed.
      for (const task of Object.values(tasks)) await task();
      results[scenario] = await sideBySide(tasks, options);
    }
  } finally {
    await server.close();
  }
  return results;
}
