import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Examples are copied into applications: a cast there teaches users to cast. The API types its
// references (`ShipmentReference`, `ConsignmentReference`…), so an example casts to one only where the
// API still hands back a plain string, listed here with the reason; when the API types it, this fails
// until the cast goes.
const folder = new URL('../../examples/', import.meta.url);
const STILL_NEEDED = [
  // createShipmentGroup answers a ResourceResult, whose `reference` is a plain string.
  'print-run.ts: const collection = await shipments.getShipmentGroup(group as ShipmentGroupReference);',
  // A shipment group's `shipments` are typed unknown[].
  'print-run.ts: ...((collection.shipments ?? []) as ShipmentReference[]),',
  // A delivery option's `Reference` is read as a plain string (the service's answers are not checked for
  // its prefix).
  'flow-consumer-options.ts: const picked = offered[0]?.Reference as DeliveryOptionReference;',
  'flow-pickup.ts: const option = shop?.DeliveryOptions?.[0]?.Reference as DeliveryOptionReference;',
];

describe('examples', () => {
  it('cast to a reference type only where the API does not type it yet', () => {
    const casts = readdirSync(folder)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        readFileSync(new URL(file, folder), 'utf8')
          .split('\n')
          .filter((line) => / as \w*Reference\b/.test(line))
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(casts.sort()).toEqual([...STILL_NEEDED].sort());
  });

  it('say how to install tsx wherever they say `npx tsx`', () => {
    const silent = readdirSync(folder)
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => {
        const text = readFileSync(new URL(file, folder), 'utf8');
        return text.includes('npx tsx') && !text.includes('npm install --save-dev tsx');
      });
    expect(silent).toEqual([]);
  });
});
