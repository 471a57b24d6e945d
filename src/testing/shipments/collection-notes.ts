import { encodeBase64, textPdf } from '../pdf.js';
import { json } from '../router.js';
import { detail, fail, invalid, notFound } from './errors.js';
import {
  findRecord,
  isLocked,
  type MockShipmentGroup,
  type ShipmentsContext,
  type ShipmentsStore,
} from './state.js';
import { requireReference } from './validate.js';

/**
 * Collection notes: the driver's sheet for a shipment group, by `sg_` reference or by custom reference
 * (a given version, or the latest). Only a locked (or closed) group has one; an open group is 400
 * `shipment_group_not_locked`. The note is a one-page PDF listing the members, as the group holds them
 * at the time of the call. Errors take the collection notes file's shape: no `reference`.
 */

function byCustomReference(
  store: ShipmentsStore,
  customReference: string,
  version: string,
): MockShipmentGroup {
  if (version !== 'latest' && !/^[1-9][0-9]{0,8}$/.test(version)) {
    invalid([detail('version', 'invalid_format', "version must be a positive integer or 'latest'")]);
  }
  const candidates = [...store.shipments.groups.values()].filter(
    (group) => group.custom_reference === customReference,
  );
  const group =
    version === 'latest'
      ? candidates.at(-1)
      : candidates.filter((candidate) => candidate.version === Number(version)).at(-1);
  return (
    group ??
    notFound(
      'reference',
      'shipment_group_not_found',
      `No shipment group has custom reference ${customReference}${version === 'latest' ? '' : ` and version ${version}`}`,
    )
  );
}

function collectionNote(context: ShipmentsContext, group: MockShipmentGroup): Response {
  if (!isLocked(group) && group.state !== 'closed') {
    fail(400, 'shipment_group_not_locked', `Shipment group ${group.reference} is open: lock it first`, [
      detail('reference', 'shipment_group_not_locked', 'Only a locked or closed group has a collection note'),
    ]);
  }
  const lines = group.shipments.map((member) => {
    const record = findRecord(context.store, member);
    const allocation = record?.allocation;
    return allocation
      ? `${member}  ${allocation.service.carrierName} ${allocation.service.name}  ${allocation.shipmentNumber}`
      : `${member}  ${record?.state ?? 'unknown'}`;
  });
  const pdf = textPdf({
    width: 595,
    height: 842,
    at: [50, 790],
    headingSize: 18,
    leading: 16,
    title: `Collection note ${group.reference}`,
    lines: [
      'Collection note',
      `Shipment group ${group.reference} (${group.custom_reference}, version ${group.version})`,
      `${group.shipments.length} shipment${group.shipments.length === 1 ? '' : 's'}`,
      ...lines,
      '',
      'Driver signature: ______________________',
    ],
  });
  return json({
    content_type: 'application/pdf',
    document_type: 'collection_note',
    dpi: null,
    file: encodeBase64(pdf),
  });
}

export function getCollectionNote(context: ShipmentsContext): Response {
  const { store, params } = context;
  if (params.version !== undefined || params.customReference !== undefined) {
    return collectionNote(
      context,
      byCustomReference(store, params.customReference ?? '', params.version ?? 'latest'),
    );
  }
  const reference = requireReference(params.groupReference, 'sg_', 'reference');
  const group =
    store.shipments.groups.get(reference) ??
    notFound('reference', 'shipment_group_not_found', `Shipment group ${reference} was not found`);
  return collectionNote(context, group);
}
