/** `npm run demo` / `npm run examples`: every example in turn, against the embedded mock. */
import { examples } from './index.js';

for (const [name, example] of Object.entries(examples)) {
  console.log(`\n== ${name}`);
  await example.main();
}
