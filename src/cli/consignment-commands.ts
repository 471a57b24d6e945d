import { sep } from 'node:path';
import type { ConsignmentReference } from '../core/references.js';
import { saveDocument } from '../node/save.js';
import type { OperationResult } from '../orders/wire-shapes.js';
import type { Command } from './command.js';
import { cell, EXIT_FAILURE, EXIT_OK, table, UsageError } from './output.js';

const list: Command = {
  name: 'consignments list',
  options: ['state', 'location'],
  remote: true,
  arguments: [0, 0],
  async run({ values, out, orders }) {
    const filter = {
      ...(values.state === undefined ? {} : { State: values.state }),
      ...(values.location === undefined ? {} : { ShippingLocationReference: values.location }),
    };
    const found = await orders().consignments.search(filter).toArray();
    if (out.json) {
      out.value(found);
      return EXIT_OK;
    }
    const rows = found.map((summary) =>
      [
        summary.Reference,
        summary.State ?? summary.ConsignmentState,
        summary.MpdCarrierServiceName,
        summary.DestinationAddressPostcode,
        summary.DestinationAddressCountry,
        summary.ShippingDate?.slice(0, 10),
      ].map(cell),
    );
    for (const row of table([['REFERENCE', 'STATE', 'SERVICE', 'POSTCODE', 'COUNTRY', 'SHIPS'], ...rows]))
      out.line(row);
    out.line(`${found.length} consignment(s)`);
    return EXIT_OK;
  },
};

const get: Command = {
  name: 'consignments get',
  options: [],
  remote: true,
  arguments: [1, 1],
  async run({ args, out, orders }) {
    const consignment = await orders().consignments.get(args[0] as ConsignmentReference);
    if (out.json) out.value(consignment);
    else {
      const allocation = consignment.Allocation;
      out.line(`${consignment.Reference}: ${cell(consignment.ConsignmentState)}`);
      out.line(
        `  service: ${cell(allocation?.MpdCarrierServiceName ?? allocation?.MpdCarrierServiceReference)}`,
      );
      out.line(`  labels: ${cell(consignment.LabelCount)}, printed: ${cell(consignment.LabelsPrinted)}`);
      for (const pkg of consignment.Packages ?? []) out.line(`  package ${cell(pkg.Reference)}`);
    }
    return EXIT_OK;
  },
};

/** `deallocate` or `cancel` of the consignments given: asks first on a terminal, unless `--yes`. */
function change(action: 'deallocate' | 'cancel'): Command {
  return {
    name: `consignments ${action}`,
    options: ['yes'],
    remote: true,
    arguments: [1, Number.POSITIVE_INFINITY],
    async run({ args, values, io, out, orders }) {
      const references = args as ConsignmentReference[];
      if (!values.yes && io.confirm) {
        const sure = await io.confirm(`${action} ${references.join(', ')}? [y/N] `);
        if (!sure) throw new UsageError(`${action} not confirmed; nothing was sent`);
      }
      const client = orders();
      const results: OperationResult[] =
        action === 'deallocate'
          ? await client.allocation.deallocateMany(references)
          : await client.consignments.cancelMany(references);
      if (out.json) out.value(results);
      else
        for (const result of results)
          out.line(
            `${cell(result.Data)}: ${result.IsSuccess ? 'done' : 'refused'} (${cell(result.Message)})`,
          );
      return results.every((result) => result.IsSuccess) ? EXIT_OK : EXIT_FAILURE;
    },
  };
}

/** The commands of a consignment's life after packing: list, read, deallocate, cancel. */
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

export const consignmentCommands: Command[] = [
  list,
  get,
  change('deallocate'),
  change('cancel'),
  invoice,
  tracking,
];
