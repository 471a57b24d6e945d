import { encodeBase64, textPdf } from '../pdf.js';
import { json } from '../router.js';
import { detailLink } from './consignments/consignment.js';
import { ErrorCode, fail, invalid, wrongState } from './errors.js';
import type { CustomerManifest, OrdersContext, OrdersStore, StoredConsignment } from './state.js';
import { dayOf, hex32, isManifestReference, isObject, isoWithOffset, sameState, sameText } from './util.js';
import { requireBodyObject, requireConsignments } from './validate.js';

/**
 * Manifests in the mock: manifesting consignments (listed, or found by a query), which moves them to
 * `Manifested` (or `ManifestFailed` when their carrier rejects) and records one customer manifest per
 * carrier and shipping location; and reading those manifests back.
 */

/** States a consignment may be manifested from; the spec's `Manifest Failed` is the same state as `ManifestFailed`. */
export const MANIFESTABLE_STATES = ['Allocated', 'ManifestFailed', 'ReadyToShip'];

const canManifest = (consignment: StoredConsignment) =>
  MANIFESTABLE_STATES.some((state) => sameState(state, consignment.State));

/** Moves consignments (all manifestable) to `Manifested`, or `ManifestFailed` when their carrier rejects. */
function manifest(store: OrdersStore, consignments: StoredConsignment[]): Map<string, boolean> {
  const outcome = new Map<string, boolean>();
  const batches = new Map<string, StoredConsignment[]>();
  for (const consignment of consignments) {
    const service = consignment.CarrierServiceReference
      ? store.orders.carrierServices.get(consignment.CarrierServiceReference)
      : undefined;
    if (service?.failsManifest) {
      consignment.State = 'ManifestFailed';
      // As Search Consignments shows a failed manifest: why, and when.
      consignment.FailedManifestMessage = `Carrier ${consignment.CarrierName ?? ''} rejected the manifest`;
      consignment.FailedManifestTimeStamp = isoWithOffset(store.now());
      outcome.set(consignment.Reference, false);
      continue;
    }
    consignment.State = 'Manifested';
    delete consignment.FailedManifestMessage;
    delete consignment.FailedManifestTimeStamp;
    store.emit('changed', consignment.Reference);
    outcome.set(consignment.Reference, true);
    const key = `${consignment.CarrierReference ?? ''}\n${consignment.ShippingLocationReference}`;
    batches.set(key, [...(batches.get(key) ?? []), consignment]);
  }
  // One customer manifest per carrier and shipping location.
  for (const batch of batches.values()) {
    const first = batch[0] as StoredConsignment;
    const created = store.now();
    const reference = hex32(store.nextReference('MF-'));
    const carrier = first.CarrierReference ?? 'UNASSIGNED';
    const stamp = created.toISOString().replace(/[-:]/g, '').slice(0, 15);
    const record: CustomerManifest = {
      ManifestReference: reference,
      ManifestFileStorageContainer: 'customer-manifests',
      ManifestFileName: `${reference}.pdf`,
      ShippingLocationReference: first.ShippingLocationReference,
      ShippingLocationName: store.orders.shippingLocations.get(first.ShippingLocationReference)?.Name ?? null,
      Created: isoWithOffset(created),
      CarrierName: first.CarrierName ?? 'Unassigned',
      BookingsCount: batch.length,
      ManifestFileNameSentToCarrier: `${carrier}_${stamp}_${reference.slice(0, 8)}.csv`,
      ConsignmentReferences: batch.map((consignment) => consignment.Reference),
    };
    store.orders.manifests.push(record);
  }
  return outcome;
}

/**
 * PUT /consignments/manifest `{ ConsignmentReferences }`.
 *
 * Choice: the spec says every listed consignment MUST be in `Allocated`, `ManifestFailed` or
 * `ReadyToShip`, and that other states produce an error. Because every successful manifest transmits to
 * the carrier, the mock rejects the WHOLE call (400 `InvalidConsignmentState`, one `Details` entry per
 * ineligible consignment) and manifests nothing when any listed consignment is ineligible, rather than
 * transmitting part of a batch. Unknown references: 404, malformed: 400, also before anything changes.
 * Otherwise one OperationResult per consignment: `IsSuccess` false (state `ManifestFailed`) when its
 * carrier rejects the manifest (a service with `failsManifest`).
 */
export function manifestConsignments(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const consignments = requireConsignments(
    context.store,
    body.ConsignmentReferences,
    'ConsignmentReferences',
  );
  const blocked = consignments.filter((consignment) => !canManifest(consignment));
  if (blocked.length > 0) {
    fail(
      400,
      ErrorCode.InvalidConsignmentState,
      `Only ${MANIFESTABLE_STATES.join(', ')} consignments can be manifested: ${blocked.map((c) => c.Reference).join(', ')}`,
      blocked.map((consignment) => wrongState(consignment, MANIFESTABLE_STATES, 'manifesting')),
    );
  }
  const outcome = manifest(context.store, consignments);
  return json(
    consignments.map((consignment) => {
      const ok = outcome.get(consignment.Reference) === true;
      return {
        IsSuccess: ok,
        Message: ok
          ? `Consignment ${consignment.Reference} manifested`
          : `Carrier ${consignment.CarrierName ?? ''} rejected the manifest for ${consignment.Reference}: it is now ManifestFailed`,
        Data: consignment.Reference,
        ApiLinks: detailLink(context, consignment.Reference),
      };
    }),
  );
}

function stringList(value: unknown, target: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
    return invalid(target, 'must be an array of strings');
  }
  return value as string[];
}

function dateFilter(value: unknown, target: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return dayOf(value) ?? invalid(target, 'must be an ISO 8601 date');
}

/**
 * POST /consignments/manifestFromQuery. Filters (all optional, all must match):
 * `ShippingLocationReference` (string) and/or `ShippingLocationReferences` (array): any of them;
 * `States`: any of them (spacing and case ignored); `Carriers`: carrier reference or name, any of them;
 * `LabelsPrinted`: equal; `ShippingDate`: same day; `ShippingDateRanges` (one `{ StartDate, EndDate }`
 * or a list):
 * within any range, inclusive (a missing end is open). A date filter never matches a consignment without
 * a `ShippingDate`.
 *
 * `States` is required (400 without it, as the vendor marks it); `ShippingLocationReferences` is the
 * only location filter (a singular `ShippingLocationReference` is ignored, as by the real service).
 * Consignments in a listed but ineligible state (say `Unallocated`) are
 * found, are not queued and are listed in `FailedConsignments`. Queued consignments are manifested at
 * once (the mock's queue is instantaneous); one whose carrier rejects ends in `ManifestFailed` but
 * still counts as queued, as queuing succeeded.
 */
export function manifestConsignmentsFromQuery(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  // Only the list: the real query type has no singular `ShippingLocationReference`, and ignores it.
  const locations = stringList(body.ShippingLocationReferences, 'ShippingLocationReferences') ?? [];
  const states = stringList(body.States, 'States');
  // The vendor marks States required: without it the query would manifest everything eligible.
  if (!states || states.length === 0) invalid('States', 'is required: name the states to manifest from');
  const carriers = stringList(body.Carriers, 'Carriers');
  if (
    body.LabelsPrinted !== undefined &&
    body.LabelsPrinted !== null &&
    typeof body.LabelsPrinted !== 'boolean'
  ) {
    invalid('LabelsPrinted', 'must be a boolean');
  }
  const shippingDate = dateFilter(body.ShippingDate, 'ShippingDate');
  let ranges: { start: string; end: string | undefined }[] | undefined;
  if (body.ShippingDateRanges !== undefined && body.ShippingDateRanges !== null) {
    // One `{ StartDate, EndDate }` (the vendor's C# type) or a list of them (the spec's example).
    const given = body.ShippingDateRanges;
    const list = Array.isArray(given) ? given : [given];
    ranges = list.map((range, index) => {
      const target = Array.isArray(given) ? `ShippingDateRanges[${index}]` : 'ShippingDateRanges';
      if (!isObject(range)) return invalid(target, 'must be an object { StartDate, EndDate }');
      const start =
        dateFilter(range.StartDate, `${target}.StartDate`) ?? invalid(`${target}.StartDate`, 'is required');
      const end = dateFilter(range.EndDate, `${target}.EndDate`);
      if (end !== undefined && end < start) invalid(target, 'EndDate is before StartDate');
      return { start, end };
    });
  }

  const found = [...context.store.orders.consignments.values()].filter((consignment) => {
    if (locations.length > 0 && !locations.includes(consignment.ShippingLocationReference)) return false;
    if (!states.some((state) => sameState(state, consignment.State))) return false;
    if (
      carriers &&
      !carriers.some(
        (carrier) =>
          sameText(carrier, consignment.CarrierReference) || sameText(carrier, consignment.CarrierName),
      )
    ) {
      return false;
    }
    if (typeof body.LabelsPrinted === 'boolean' && consignment.LabelsPrinted !== body.LabelsPrinted)
      return false;
    const day = dayOf(consignment.ShippingDate);
    if (shippingDate !== undefined && day !== shippingDate) return false;
    if (
      ranges &&
      !(day && ranges.some(({ start, end }) => day >= start && (end === undefined || day <= end)))
    ) {
      return false;
    }
    return true;
  });
  const queued = found.filter(canManifest);
  const failed = found
    .filter((consignment) => !canManifest(consignment))
    .map((consignment) => consignment.Reference);
  manifest(context.store, queued);
  return json({
    Message: `Query found ${found.length} consignment(s). ${queued.length} successfully queued to manifest. ${failed.length} failed to be added to the queue`,
    FailedConsignments: failed,
  });
}

const summaryOf = ({ ConsignmentReferences: _refs, ...summary }: CustomerManifest) => summary;

/** GET /consignments/customer/manifests[?shippingLocationReference=]: summary entries, oldest first. */
export function getCustomerManifests(context: OrdersContext): Response {
  const location =
    context.query.get('shippingLocationReference') ?? context.query.get('ShippingLocationReference');
  const manifests = context.store.orders.manifests.filter(
    (manifest) => location === null || location === '' || manifest.ShippingLocationReference === location,
  );
  return json(manifests.map(summaryOf));
}

/** GET /consignments/customer/manifest/:manifestReference: a JSON string, the Base64 of the manifest PDF. */
export function getCustomerManifest(context: OrdersContext): Response {
  return json(encodeBase64(manifestPdf(manifestOf(context))));
}

/** The manifest the path names: 400 for a reference that is not one, 404 for an unknown one. */
function manifestOf(context: OrdersContext): CustomerManifest {
  const reference = context.params.manifestReference;
  if (!isManifestReference(reference)) {
    fail(400, ErrorCode.InvalidReferenceFormat, `'${String(reference)}' is not a manifest reference`);
  }
  const manifest = context.store.orders.manifests.find((entry) => entry.ManifestReference === reference);
  if (!manifest) return fail(404, ErrorCode.ManifestNotFound, `Manifest ${reference} not found`);
  return manifest;
}

/**
 * POST /consignments/manifestsfiltered `{ Take, Skip, CreatedDateStart, CreatedDateEnd, CarrierNames,
 * ShippingLocationRefs, CarrierServices }`: the summary entries matching every filter given, oldest
 * first, one page of them, as a `ManifestsView` answered 201 (the reference's status for it). Names and
 * references match in any case; a date that is not one is a 400. Choice: `ShippingLocationRefs` in the
 * answer lists the organisation's shipping locations (what the filter can name), and `CarrierServices`
 * is `null` (the reference does not define its type).
 */
export function getCustomerManifestsFiltered(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const take = body.Take ?? 20;
  const skip = body.Skip ?? 0;
  if (!Number.isInteger(take) || (take as number) < 1 || !Number.isInteger(skip) || (skip as number) < 0) {
    invalid('Take', 'must be a whole number of at least 1, and Skip one of at least 0');
  }
  const time = (key: 'CreatedDateStart' | 'CreatedDateEnd') => {
    const value = body[key];
    if (value === undefined || value === null) return undefined;
    const parsed = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(parsed)) invalid(key, 'is not a date');
    return parsed;
  };
  const [start, end] = [time('CreatedDateStart'), time('CreatedDateEnd')];
  const names = (key: 'CarrierNames' | 'ShippingLocationRefs') => {
    const value = body[key];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string'))
      invalid(key, 'must be a list of strings');
    return value.length === 0 ? undefined : value.map((entry: string) => entry.toLowerCase());
  };
  const [carriers, locations] = [names('CarrierNames'), names('ShippingLocationRefs')];
  const matching = context.store.orders.manifests.filter((manifest) => {
    const created = Date.parse(manifest.Created);
    return (
      (start === undefined || created >= start) &&
      (end === undefined || created <= end) &&
      (carriers === undefined || carriers.includes(manifest.CarrierName.toLowerCase())) &&
      (locations === undefined || locations.includes(manifest.ShippingLocationReference.toLowerCase()))
    );
  });
  const page = matching.slice(skip as number, (skip as number) + (take as number));
  return json(
    {
      Manifests: page.map(summaryOf),
      TotalRecords: matching.length,
      PageSize: take,
      ShippingLocationRefs: [...context.store.orders.shippingLocations.values()],
      CarrierServices: null,
    },
    201,
  );
}

/**
 * GET /consignments/manifestfilesenttocarrier/:manifestReference: a JSON string, the Base64 of the file
 * the carrier was sent (`ManifestFileNameSentToCarrier`): in the mock a CSV, a line per consignment.
 */
export function getCustomerManifestFileSentToCarrier(context: OrdersContext): Response {
  const manifest = manifestOf(context);
  const lines = [
    'ConsignmentReference,Carrier,ShippingLocationReference,Created',
    ...manifest.ConsignmentReferences.map(
      (reference) =>
        `${reference},${manifest.CarrierName},${manifest.ShippingLocationReference},${manifest.Created}`,
    ),
  ];
  return json(encodeBase64(new TextEncoder().encode(`${lines.join('\r\n')}\r\n`)));
}

/** The customer manifest as an A4 page listing its consignments. */
export function manifestPdf(manifest: CustomerManifest): Uint8Array {
  const location = manifest.ShippingLocationName ? ` (${manifest.ShippingLocationName})` : '';
  return textPdf({
    width: 595,
    height: 842,
    at: [56, 780],
    headingSize: 16,
    leading: 20,
    title: `Manifest ${manifest.ManifestReference}`,
    lines: [
      `Customer manifest ${manifest.ManifestReference}`,
      `Carrier: ${manifest.CarrierName}`,
      `Shipping location: ${manifest.ShippingLocationReference}${location}`,
      `Created: ${manifest.Created}`,
      `Bookings: ${manifest.BookingsCount}`,
      ...manifest.ConsignmentReferences.map((reference) => `  ${reference}`),
    ],
  });
}
