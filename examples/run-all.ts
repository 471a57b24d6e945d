/** `npm run demo` / `npm run examples`: every example in turn, against the embedded mock. */
import { examples, fleetExamples } from './index.js';

for (const [name, example] of Object.entries(examples)) {
  console.log(`\n== ${name}`);
  await example.main();
}

// These need PostgreSQL (CONSIGNKIT_LEDGER_URL) and, for BullMQ, Redis (REDIS_URL); each says so when unset.
for (const [name, example] of Object.entries(fleetExamples)) {
  console.log(`\n== ${name}`);
  await example.main();
}
