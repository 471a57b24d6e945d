/**
 * `npm run demo` / `npm run examples`: every example in turn, against the embedded mock, then the fleet
 * examples (examples/fleet-demo.ts: on a PostgreSQL, and a Redis, of their own when none is given).
 */
import { fleetDemo } from './fleet-demo.js';
import { examples } from './index.js';

for (const [name, example] of Object.entries(examples)) {
  console.log(`\n== ${name}`);
  await example.main();
}

await fleetDemo();
