import type { ShipmentGroupReference, ShipmentReference } from '../core/references.js';
import type { Command } from './command.js';
import { cell, EXIT_OK } from './output.js';

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
      const result = await client.groups[action](group);
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
export const groupCommands: Command[] = [
  groupsCreate,
  groupCommand('get'),
  groupCommand('lock'),
  groupCommand('unlock'),
  groupCommand('close'),
];
