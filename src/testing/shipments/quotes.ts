import { json } from '../router.js';
import { link, shipmentLink } from './answer-parts.js';
import { carrierDetails, exclusion, type MockCarrierService, needsOf, priceOf } from './carrier-services.js';
import { detail, fail, wrongState } from './errors.js';
import { shipmentBody } from './shipments.js';
import {
  ALLOCATABLE,
  QUOTE_LIFETIME_MS,
  requireRecord,
  type ShipmentRecord,
  type ShipmentsContext,
  type ShipmentsStore,
  vendorReference,
} from './state.js';

/**
 * Quotes: Create Quote (no shipment yet), Get Quote for a stored shipment, and, from the older file,
 * Create Quote within a Service Group. Each `qu_` quote fits the one shipment it was made for and expires
 * {@link QUOTE_LIFETIME_MS} after it was made; no quote at all is 531 `no_quotes_available`.
 */

/** The services in scope for a shipment: each either quoted, or excluded with the reason. */
export function assess(record: ShipmentRecord, services: MockCarrierService[]) {
  const needs = needsOf(record);
  const eligible: MockCarrierService[] = [];
  const excluded: {
    carrier: ReturnType<typeof carrierDetails>;
    exclusion: { reason: string; code: string };
  }[] = [];
  for (const service of services) {
    const reason = exclusion(service, needs);
    if (reason) excluded.push({ carrier: carrierDetails(service), exclusion: reason });
    else eligible.push(service);
  }
  const weight = needs.weightKg;
  eligible.sort((a, b) => priceOf(a, weight).net - priceOf(b, weight).net);
  return { eligible, excluded };
}

const byReference = <T>(items: readonly T[], reference: (item: T) => string): T[] =>
  [...items].sort((a, b) => (reference(a) < reference(b) ? -1 : reference(a) > reference(b) ? 1 : 0));

function quoteResult(
  context: ShipmentsContext,
  record: ShipmentRecord,
  services: MockCarrierService[],
  stored: boolean,
) {
  const { store, baseUrl } = context;
  const lifecycle = store.shipments.lifecycle;
  const { eligible, excluded } = assess(record, services);
  if (eligible.length === 0) {
    fail(531, 'no_quotes_available', 'No carrier service can carry this shipment', [
      ...excluded.map((entry) => ({
        property: null,
        code: entry.exclusion.code,
        message: `${entry.carrier.service_reference}: ${entry.exclusion.reason}`,
      })),
    ]);
  }
  const created = lifecycle.now();
  const weight = needsOf(record).weightKg;
  // Listed by service reference, not by price: the files promise no order, and a mock that listed the
  // cheapest first would let "take the first quote" pass every test and overpay against the service.
  const quotes = byReference(eligible, (service) => service.reference).map((service) => {
    const reference = vendorReference(store, 'qu_');
    const expires = new Date(created.getTime() + QUOTE_LIFETIME_MS).toISOString();
    lifecycle.quotes.set(reference, {
      reference,
      shipmentReference: record.reference,
      service,
      created: created.toISOString(),
      expires,
    });
    const collection = new Date(created.getTime() + 86_400_000).toISOString();
    const delivery = new Date(created.getTime() + (1 + service.transitDays) * 86_400_000).toISOString();
    return {
      reference,
      shipment_reference: record.reference,
      carrier: carrierDetails(service),
      collection_date: { start: collection, end: collection, has_value: true },
      delivery_date: { start: delivery, end: delivery, has_value: true },
      price: priceOf(service, weight),
      surcharges: [],
      created: created.toISOString(),
      expires,
      _links: stored
        ? [
            link(
              `${baseUrl}/shipments/${record.reference}/allocate/quote/${reference}`,
              'allocate',
              reference,
              'quote',
            ),
          ]
        : [],
    };
  });
  const addresses = record.body.addresses as unknown[];
  const customReference = record.body.custom_reference;
  return json(
    {
      reference: vendorReference(store, 'qc_'),
      message: `${quotes.length} quote${quotes.length === 1 ? '' : 's'} available`,
      shipment: {
        reference: record.reference,
        addresses,
        ...(typeof customReference === 'string' ? { custom_reference: customReference } : {}),
        _links: stored ? [shipmentLink(baseUrl, record.reference)] : [],
      },
      quotes,
      excluded_services: byReference(excluded, (entry) => entry.carrier.service_reference ?? ''),
    },
    201,
  );
}

/**
 * A quote made before the shipment exists: the file requires a shipment reference in the answer, so it
 * carries a fresh `sp_` that no shipment will ever have. Its quotes fit no shipment; allocate with the
 * quoted `carrier.service_reference` instead, or quote the created shipment.
 */
function unsavedShipment(store: ShipmentsStore, body: Record<string, unknown>): ShipmentRecord {
  return {
    reference: vendorReference(store, 'sp_') as ShipmentRecord['reference'],
    state: 'unallocated',
    created: store.shipments.lifecycle.now().toISOString(),
    updated: null,
    body,
    paperless: [],
    events: [],
    allocated: false,
    carrierName: 'Unallocated',
    contents: [],
    labelFormats: [],
  };
}

export function createQuote(context: ShipmentsContext): Response {
  const record = unsavedShipment(context.store, shipmentBody(context.body));
  return quoteResult(context, record, [...context.store.shipments.lifecycle.carrierServices.values()], false);
}

export function createQuoteForServiceGroup(context: ShipmentsContext): Response {
  const body = shipmentBody(context.body);
  const lifecycle = context.store.shipments.lifecycle;
  const group = lifecycle.serviceGroups.get(context.params.groupReference ?? '');
  // The older file, the only one with this route, documents 400 and no 404.
  if (!group) {
    const message = `Carrier service group ${context.params.groupReference} was not found`;
    fail(400, 'validation_error', message, [detail('group_ref', 'service_group_not_found', message)]);
  }
  const services = group.services.flatMap((reference) => lifecycle.carrierServices.get(reference) ?? []);
  return quoteResult(context, unsavedShipment(context.store, body), services, false);
}

export function getQuotesForShipment(context: ShipmentsContext): Response {
  const record = requireRecord(context.store, context.params.shipmentReference);
  if (!ALLOCATABLE.has(record.state)) wrongState(record.reference, record.state, 'quoted');
  return quoteResult(context, record, [...context.store.shipments.lifecycle.carrierServices.values()], true);
}
