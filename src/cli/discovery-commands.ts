import { readFile } from 'node:fs/promises';
import { sep } from 'node:path';
import type { ConsignmentReference, ShipmentGroupReference, ShipmentReference } from '../core/references.js';
import { saveDocument } from '../node/save.js';
import type { DeliveryOptionsRequest } from '../orders/delivery-options/index.js';
import type { Command } from './commands.js';
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

const invoice: Command = {
  name: 'invoice',
  options: ['out'],
  remote: true,
  arguments: [1, 1],
  async run({ args, values, out, orders }) {
    const consignment = args[0] as ConsignmentReference;
    const pdf = await orders().documents.getCommercialInvoice(consignment);
    const file = await saveDocument(pdf, values.out ?? `.${sep}`, {
      name: `invoice-${consignment}`,
      createDirectories: true,
    });
    out.line(`${consignment}: ${file} (${pdf.length} bytes)`);
    if (out.json) out.value({ consignment, file, bytes: pdf.length });
    return EXIT_OK;
  },
};

const tracking: Command = {
  name: 'tracking',
  options: [],
  remote: true,
  arguments: [1, 1],
  async run({ args, out, orders }) {
    const found = await orders().tracking.get(args[0] as ConsignmentReference);
    if (out.json) {
      out.value(found);
      return EXIT_OK;
    }
    for (const pkg of found.TrackedPackages ?? []) {
      out.line(`package ${cell(pkg.PackageReferenceForAllLegsAssignedByMpd)}`);
      for (const leg of pkg.Legs ?? []) {
        out.line(`  ${cell(leg.CarrierServiceName)}`);
        for (const event of leg.Events ?? []) {
          const signed = event.SignedBy ? ` (signed by ${event.SignedBy})` : '';
          out.line(`    ${cell(event.TimeStamp)}  ${cell(event.Code)}  ${cell(event.Description)}${signed}`);
        }
      }
    }
    return EXIT_OK;
  },
};

/** A `groups` subcommand on one group: get, lock, unlock or close. */
function groupCommand(action: 'get' | 'lock' | 'unlock' | 'close'): Command {
  return {
    name: `groups ${action}`,
    options: [],
    remote: true,
    arguments: [1, 1],
    async run({ args, out, shipments }) {
      const group = args[0] as ShipmentGroupReference;
      const client = shipments();
      const result =
        action === 'get'
          ? await client.groups.get(group)
          : await client[`${action}ShipmentGroup`](group);
      if (out.json) out.value(result);
      else if ('message' in result && typeof result.message === 'string') out.line(result.message);
      else {
        const { reference, custom_reference, version } = result;
        // A lock, unlock or close answers a ResourceResult, which has neither a state nor the members.
        const state = 'state' in result ? result.state : undefined;
        const members = ('shipments' in result ? result.shipments : undefined) ?? [];
        out.line(`${reference} (${cell(custom_reference)}): ${cell(state)}, version ${cell(version)}`);
        for (const member of members) out.line(`  ${member}`);
      }
      return EXIT_OK;
    },
  };
}

const groupsCreate: Command = {
  name: 'groups create',
  options: [],
  remote: true,
  arguments: [1, Number.POSITIVE_INFINITY],
  async run({ args, out, shipments }) {
    const [customReference, ...members] = args as [string, ...ShipmentReference[]];
    const result = await shipments().groups.create({
      custom_reference: customReference,
      shipments: members,
    });
    if (out.json) out.value(result);
    else {
      out.line(`${result.reference} (${customReference}) created`);
      for (const problem of result.errors ?? []) out.line(`  not added: ${JSON.stringify(problem)}`);
    }
    return EXIT_OK;
  },
};

/** The commands of shipping locations, carrier services, delivery options, invoices, tracking and shipment groups. */
export const discoveryCommands: Command[] = [
  locations,
  carrierServices,
  options,
  invoice,
  tracking,
  groupsCreate,
  groupCommand('get'),
  groupCommand('lock'),
  groupCommand('unlock'),
  groupCommand('close'),
];
