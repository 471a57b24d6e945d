import { OutcomeUnknownError } from '../core/errors.js';
import { asShipmentReference, type ShipmentReference } from '../core/references.js';
import type { ShipmentsClient } from '../shipments/client.js';
import type { ShipmentReconciliation } from '../shipments/reconcile.js';
import type { Command } from './command.js';
import { cell, EXIT_FAILURE, EXIT_OK, type Printer, UsageError } from './output.js';

/** `2026-01-06T09:00:00.000Z` as `2026-01-06 09:00`. */
const when = (value: string | null | undefined) => (value ? value.slice(0, 16).replace('T', ' ') : '-');

/** `Mock 24 (MOCK-24)`, or whichever of the name and reference the service gave. */
function service(carrier: { service_name?: string | null; service_reference?: string | null } | undefined) {
  const name = carrier?.service_name;
  const reference = carrier?.service_reference;
  if (name && reference && name !== reference) return `${name} (${reference})`;
  return cell(name ?? reference);
}

/**
 * The one `sp_` argument, checked before anything is sent (or asked): a malformed one is a
 * RequestValidationError, exit 2.
 */
const shipmentOf = (args: string[]) => asShipmentReference(args[0]);

const get: Command = {
  name: 'shipments get',
  options: [],
  remote: true,
  arguments: [1, 1],
  async run({ args, out, shipments }) {
    const shipment = await shipments().get(shipmentOf(args));
    if (out.json) {
      out.value(shipment);
      return EXIT_OK;
    }
    const allocation = shipment.allocation;
    out.line(`${shipment.reference}: ${shipment.state}`);
    out.line(`  custom reference: ${cell(shipment.custom_reference)}`);
    out.line(`  service: ${allocation ? service(allocation.carrier) : '- (not allocated)'}`);
    if (allocation) {
      out.line(`  carrier: ${cell(allocation.carrier.name ?? allocation.carrier.reference)}`);
      const numbers = allocation.tracking_details?.shipment.tracking_references ?? [];
      out.line(`  tracking: ${numbers.length > 0 ? numbers.join(', ') : '-'}`);
    }
    out.line(`  labels fetched: ${shipment.label_details?.retrieval_count ?? 0} time(s)`);
    out.line(`  created: ${when(shipment.created)}`);
    return EXIT_OK;
  },
};

const track: Command = {
  name: 'shipments track',
  options: [],
  remote: true,
  arguments: [1, 1],
  async run({ args, out, shipments }) {
    const tracking = await shipments().tracking.get(shipmentOf(args));
    if (out.json) {
      out.value(tracking);
      return EXIT_OK;
    }
    const { carrier } = tracking;
    out.line(
      `${tracking.shipment_reference}: ${cell(carrier.name ?? carrier.reference)}, ${service(carrier)}`,
    );
    out.line(`  tracking: ${tracking.carrier_references.join(', ')}`);
    out.line(`  expected: ${when(tracking.expected_delivery_date)}`);
    const events = tracking.events ?? [];
    if (events.length === 0) out.line('  no events yet');
    for (const event of events) {
      const where = event.location ? ` (${event.location})` : '';
      const signed = event.signee ? `, signed by ${event.signee}` : '';
      out.line(`  ${when(event.timestamp)}  ${event.event_code}  ${event.description}${where}${signed}`);
    }
    return EXIT_OK;
  },
};

/** What one reconciled shipment says about the change asked for, in words. */
function settledLine(action: string, { reference, state, done }: ShipmentReconciliation): string {
  const reads = state === undefined ? 'is no longer found' : `reads ${state}`;
  if (done === true) return `${reference}: no answer came, but it ${reads}: the ${action} happened`;
  if (done === false) {
    return `${reference}: no answer came, and it still ${reads}: the ${action} did not happen (run the command again to send it)`;
  }
  return `${reference}: no answer came, and it ${reads}: whether the ${action} happened cannot be told`;
}

/**
 * After an OutcomeUnknownError: reads the shipment back with `reconcile` (nothing is sent again) and
 * prints what it found. Exit 0 only when the change is read as made.
 */
async function settle(
  error: OutcomeUnknownError,
  action: string,
  reference: ShipmentReference,
  out: Printer,
  client: ShipmentsClient,
): Promise<number> {
  out.error(error, reference);
  let settled: ShipmentReconciliation[];
  try {
    settled = await client.reconcile(error);
  } catch (readError) {
    out.error(readError, reference);
    if (out.json) out.value({ reference, outcome: 'unknown', reconciled: null });
    out.line(
      `${reference}: no answer came and it could not be read back; nothing was sent again: check it with 'consignkit shipments get ${reference}' before sending it again`,
    );
    return EXIT_FAILURE;
  }
  if (out.json) out.value({ reference, outcome: 'unknown', reconciled: settled });
  for (const entry of settled) out.line(settledLine(action, entry));
  out.line('nothing was sent again');
  return settled.length > 0 && settled.every((entry) => entry.done === true) ? EXIT_OK : EXIT_FAILURE;
}

/**
 * `cancel` or `manifest` of one shipment: neither can be taken back, so a terminal is asked first (unless
 * `--yes`); it is sent once, and a lost answer is settled by reading the shipment, never by sending again.
 */
function change(action: 'cancel' | 'manifest'): Command {
  return {
    name: `shipments ${action}`,
    options: ['yes'],
    remote: true,
    arguments: [1, 1],
    async run({ args, values, io, out, shipments }) {
      const reference = shipmentOf(args);
      // Made before asking: a missing key is said at once, not after a question that changes nothing.
      const client = shipments();
      if (!values.yes && io.confirm) {
        const sure = await io.confirm(`${action} ${reference}? [y/N] `);
        if (!sure) throw new UsageError(`${action} not confirmed; nothing was sent`, 'shipments');
      }
      try {
        if (action === 'cancel') {
          const result = await client.cancel(reference);
          if (out.json) out.value(result);
          else out.line(`${reference}: ${result.message ?? 'cancelled'}`);
        } else {
          const result = await client.manifests.manifest(reference);
          if (out.json) out.value(result);
          for (const manifest of result.manifest_results) {
            const count =
              manifest.shipment_count === undefined ? '' : `, ${manifest.shipment_count} shipment(s)`;
            out.line(
              `${reference}: manifest ${manifest.reference} (${cell(manifest.carrier.name ?? manifest.carrier.reference)}${count}): ${manifest.state}, ${manifest.message}`,
            );
          }
        }
        return EXIT_OK;
      } catch (error) {
        if (!(error instanceof OutcomeUnknownError)) throw error;
        return settle(error, action, reference, out, client);
      }
    },
  };
}

/** The commands of one area B shipment: read it, cancel it, manifest it, track it. */
export const shipmentCommands: Command[] = [get, change('cancel'), change('manifest'), track];
