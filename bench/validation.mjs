// What zod's checks cost on their own: the 200-item order of the getOrder benchmark, in process. The SDK
// confirms a valid answer with a check of its own that builds nothing (src/core/fits.ts, not exported;
// bench/per-call.mjs times it within getOrder); zod's interpreter judges the rest.
import { OrderSchema } from 'consignkit';
import * as z from 'zod/mini';
import { order } from './fixtures.mjs';
import { sideBySide } from './measure.mjs';

export async function measureValidation(options) {
  const body = order(200);
  const text = JSON.stringify(body);
  // z.compile generates a parser with `new Function`; the SDK no longer ships it (docs/performance.md).
  const compiled = z.compile(OrderSchema);
  if (!z.safeParse(OrderSchema, body).success || !z.safeParse(compiled, body).success) {
    throw new Error('the canned order does not match OrderSchema');
  }
  return {
    bytes: text.length,
    timings: await sideBySide(
      {
        'JSON.parse of the body': () => JSON.parse(text),
        'OrderSchema, zod/mini interpreter (refusals)': () => z.safeParse(OrderSchema, body),
        'z.compile(OrderSchema)': () => z.safeParse(compiled, body),
      },
      options,
    ),
  };
}
