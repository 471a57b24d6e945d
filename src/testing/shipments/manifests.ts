import { json } from '../router.js';
import { link } from './answer-parts.js';
import { detail, fail, invalid, notFound, wrongState } from './errors.js';
import { ManifestRequest } from './request-schemas.js';
import {
  findRecord,
  requireRecord,
  type ShipmentRecord,
  type ShipmentsContext,
  touch,
  vendorReference,
} from './state.js';
import { checkedBody, requireReference } from './validate.js';

/**
 * Manifests: Manifest Shipment, Manifest Shipments, Manifest Shipment Group (older file) and Get Manifest.
 * Manifesting queues the shipments (`manifesting`, answered 202) and makes one manifest per carrier; the
 * next read of a shipment finds it `manifested`, with a first tracking event. Only `allocated`,
 * `ready_to_ship` and `manifest_failed` shipments can be manifested. Manifesting leaves group membership
 * as it is: a manifested member stays in its group, keeps its labels, and the group can still be locked,
 * given a collection note and closed.
 */

const MANIFESTABLE = new Set(['allocated', 'ready_to_ship', 'manifest_failed']);

/** Queues the records and answers the files' `ManifestResponse`: one result per carrier. */
function manifest(context: ShipmentsContext, records: ShipmentRecord[]): Response {
  const { store, baseUrl } = context;
  const lifecycle = store.shipments.lifecycle;
  const byCarrier = new Map<string, ShipmentRecord[]>();
  for (const record of records) {
    const carrier = record.allocation?.service.carrierReference ?? 'unknown';
    byCarrier.set(carrier, [...(byCarrier.get(carrier) ?? []), record]);
  }
  const manifest_results = [...byCarrier.values()].map((members) => {
    const reference = vendorReference(store, 'ma_');
    lifecycle.manifests.set(reference, {
      reference,
      shipments: members.map((record) => record.reference),
      created: lifecycle.now().toISOString(),
    });
    for (const record of members) {
      record.state = 'manifesting';
      touch(store, record);
    }
    const service = members[0]?.allocation?.service;
    return {
      reference,
      carrier: { reference: service?.carrierReference ?? null, name: service?.carrierName ?? null },
      message: `${members.length} shipment${members.length === 1 ? '' : 's'} queued for manifesting`,
      state: 'manifesting',
      shipment_count: members.length,
      _links: [link(`${baseUrl}/shipments/manifests/${reference}`, 'self', reference, 'manifest')],
    };
  });
  return json({ manifest_results }, 202);
}

export function manifestShipment(context: ShipmentsContext): Response {
  const record = requireRecord(context.store, context.params.shipmentReference);
  if (!MANIFESTABLE.has(record.state)) wrongState(record.reference, record.state, 'manifested');
  return manifest(context, [record]);
}

/** All or nothing: any unknown shipment is 404, any that cannot be manifested is 400. */
export function manifestShipments(context: ShipmentsContext): Response {
  const { store } = context;
  const references = checkedBody(context.body, ManifestRequest).shipments as string[];
  const records = references.map((reference, index) => ({
    reference,
    property: `$.shipments[${index}]`,
    record: findRecord(store, requireReference(reference, 'sp_', `$.shipments[${index}]`)),
  }));
  const missing = records.filter((entry) => !entry.record);
  if (missing.length > 0) {
    const details = missing.map(({ reference, property }) =>
      detail(property, 'shipment_not_found', `Shipment ${reference} was not found`),
    );
    fail(404, 'not_found', details.map((entry) => entry.message).join('; '), details);
  }
  const found = records.map((entry) => entry.record as ShipmentRecord);
  const refused = found.flatMap((record, index) =>
    MANIFESTABLE.has(record.state)
      ? []
      : [
          detail(
            `$.shipments[${index}]`,
            'invalid_state_for_operation',
            `Shipment ${record.reference} is ${record.state}: it cannot be manifested`,
          ),
        ],
  );
  if (refused.length > 0)
    fail(400, 'invalid_state_for_operation', refused.map((entry) => entry.message).join('; '), refused);
  return manifest(context, [...new Map(found.map((record) => [record.reference, record])).values()]);
}

/** Manifest Shipment Group (older file): the members not manifested yet; a closed group is refused. */
export function manifestShipmentGroup(context: ShipmentsContext): Response {
  const { store } = context;
  const reference = requireReference(context.params.groupReference, 'sg_', 'shipmentGroupReference');
  const group =
    store.shipments.groups.get(reference) ??
    notFound(
      'shipmentGroupReference',
      'shipment_group_not_found',
      `Shipment group ${reference} was not found`,
    );
  if (group.state === 'closed') {
    invalid([
      detail('shipmentGroupReference', 'shipment_group_closed', `Shipment group ${reference} is closed`),
    ]);
  }
  const members = group.shipments.flatMap((member) => {
    const record = findRecord(store, member);
    return record && MANIFESTABLE.has(record.state) ? [record] : [];
  });
  if (members.length === 0) {
    invalid([
      detail(
        'shipmentGroupReference',
        'nothing_to_manifest',
        `Shipment group ${reference} has no shipment left to manifest`,
      ),
    ]);
  }
  return manifest(context, members);
}

export function getManifest(context: ShipmentsContext): Response {
  const reference = requireReference(context.params.manifestReference, 'ma_', 'manifestReference');
  const stored =
    context.store.shipments.lifecycle.manifests.get(reference) ??
    notFound('manifestReference', 'manifest_not_found', `Manifest ${reference} was not found`);
  return json({ reference: stored.reference, shipments: [...stored.shipments], created: stored.created });
}
