import { readFile } from 'node:fs/promises';
import type { DeliveryOptionsRequest } from '../orders/delivery-options/index.js';
import type { Command } from './command.js';
import { cell, cheapestFirst, EXIT_OK, table, UsageError } from './output.js';

const locations: Command = {
  name: 'locations',
  options: [],
  remote: true,
  arguments: [0, 0],
  async run({ out, orders }) {
    const found = await orders().shippingLocations.list();
    if (out.json) out.value(found);
    else {
      const rows = found.map((location) =>
        [location.Reference, location.Name, location.Town, location.Country?.IsoCode?.TwoLetterCode].map(
          cell,
        ),
      );
      for (const row of table([['REFERENCE', 'NAME', 'TOWN', 'COUNTRY'], ...rows])) out.line(row);
    }
    return EXIT_OK;
  },
};

const carrierServices: Command = {
  name: 'carrier-services list',
  options: [],
  remote: true,
  arguments: [0, 0],
  async run({ out, orders }) {
    const found = await orders().carrierServices.list();
    if (out.json) out.value(found);
    else {
      const rows = found.map((service) =>
        [service.Reference, service.Name, service.MpdCarrierReference, service.CarrierName].map(cell),
      );
      for (const row of table([['REFERENCE', 'NAME', 'CARRIER', 'CARRIER NAME'], ...rows])) out.line(row);
    }
    return EXIT_OK;
  },
};

/** A delivery options request from a JSON file: a Create Order body, whose packages and addresses count. */
async function requestFrom(path: string): Promise<DeliveryOptionsRequest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const problem = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`cannot read ${path} as JSON (${problem})`, 'options');
  }
  return parsed as DeliveryOptionsRequest;
}

const options: Command = {
  name: 'options',
  options: [],
  remote: true,
  arguments: [1, 1],
  async run({ args, out, orders }) {
    const found = await orders().deliveryOptions.list(await requestFrom(args[0] as string));
    if (out.json) out.value(found);
    else if (found.length === 0) out.line('no delivery options');
    else {
      const rows = cheapestFirst(found, (option) => option.Price?.Gross).map((option) =>
        [
          option.Reference,
          option.CarrierServiceReference,
          option.EstimatedDeliveryDate?.Date?.slice(0, 10),
          option.Price?.Gross,
          option.Price?.Currency?.IsoCode,
        ].map(cell),
      );
      for (const row of table([['REFERENCE', 'SERVICE', 'DATE', 'PRICE', 'CURRENCY'], ...rows]))
        out.line(row);
    }
    return EXIT_OK;
  },
};

export const deliveryOptionCommands: Command[] = [locations, carrierServices, options];
