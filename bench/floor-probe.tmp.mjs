import { OrdersClient } from 'consignkit';
import ky from 'ky';
import { order } from './fixtures.mjs';
import { sideBySide } from './measure.mjs';
import { serveCanned } from './server.mjs';
const server = await serveCanned({ 'GET /orders-api/orders/EO-000-002-0TS': order(200) });
const url = `${server.origin}/orders-api/orders/EO-000-002-0TS`;
const orders = new OrdersClient({ apiKey: 'bench', baseUrl: `${server.origin}/orders-api` });
const raw = async () => { const r = await fetch(url, { headers: { accept: 'application/json' } }); const t = await r.text(); return JSON.parse(t); };
const tasks = { strict: () => orders.get('EO-000-002-0TS'), ky: () => ky.get(url).json(), raw };
if (process.argv.includes('--profile')) {
  for (let i = 0; i < 20000; i++) await orders.get('EO-000-002-0TS');
} else {
  for (let i = 0; i < 2000; i++) for (const t of Object.values(tasks)) await t();
  const r = await sideBySide(tasks, { rounds: 4, time: 1000 });
  for (const [k, v] of Object.entries(r)) console.log(k, v.median.toFixed(4), (v.median / r.raw.median).toFixed(3));
}
await server.close();
