import { encodeBase64 } from '../pdf.js';
import { json } from '../router.js';
import { ErrorCode, fail, invalid } from './errors.js';
import type { OrdersContext, OrdersStore, StoredConsignment } from './state.js';
import { sameState } from './util.js';
import { requireConsignment } from './validate.js';

const FORMATS = { PDF: 'PDF', PNG: 'PNG', ZPL: 'ZPL', ZPLII: 'ZPL' } as const;
const CONTENT_TYPES = { PDF: 'application/pdf', PNG: 'image/png', ZPL: 'text/plain' } as const;
const DPIS = ['203', '300', '600'];
/** States in which a consignment has no carrier, so no label. */
const UNLABELLED_STATES = ['Unallocated', 'Allocating', 'AllocationFailed', 'Cancelling', 'Cancelled'];

/**
 * GET /labels/:consignmentReference[/:format[/:dpi]] and
 * GET /labels/package/:consignmentReference/:packageReference[/:format[/:dpi]]: area A's labels, as
 * `{ File, ContentType }`. The file is the label area B serves for the consignment's shipment (a package's
 * is that shipment's contents label for the package), so both areas print the same label. The format is
 * matched without regard to case (the vendor's examples write `pdf`); the default is PDF at 203 dpi.
 * 404 for an unknown consignment or package, 400 for a consignment with no carrier (not allocated, or
 * cancelled) and for an unknown format or resolution.
 */
export function getConsignmentLabels(context: OrdersContext): Response {
  const { params, store } = context;
  const consignment = requireConsignment(store, params.consignmentReference);
  const packageIndex =
    params.packageReference === undefined
      ? undefined
      : consignment.Packages.findIndex((pkg) => pkg.Reference === params.packageReference);
  if (packageIndex === -1) {
    fail(
      404,
      ErrorCode.PackageNotFound,
      `Consignment ${consignment.Reference} has no package ${params.packageReference}`,
    );
  }
  const name = (params.format ?? 'PDF').toUpperCase();
  if (!Object.hasOwn(FORMATS, name))
    invalid('labelFormat', `must be one of ${Object.keys(FORMATS).join(', ')}`);
  const format = FORMATS[name as keyof typeof FORMATS];
  if (params.dpi !== undefined && !DPIS.includes(params.dpi)) {
    invalid('resolution', `must be one of ${DPIS.join(', ')}`);
  }
  // The label is area B's, of the consignment's shipment: asked through the bridge.
  const bytes = UNLABELLED_STATES.some((state) => sameState(state, consignment.State))
    ? undefined
    : store.ask.consignmentLabel({
        consignmentReference: consignment.Reference,
        format,
        dpi: Number(params.dpi ?? 203),
        ...(packageIndex === undefined ? {} : { packageIndex }),
      });
  if (!bytes) {
    fail(
      400,
      ErrorCode.ConsignmentNotAllocated,
      `Consignment ${consignment.Reference} is ${consignment.State}: only an allocated consignment has labels`,
    );
  }
  return json({ File: encodeBase64(bytes), ContentType: CONTENT_TYPES[format] });
}

/**
 * A consignment's label in a format (`PDF`, `PNG`, `ZPL`, `ZPLII`, any case) at 203 dpi, as Get Labels
 * answers it, for the routes that allocate and answer the labels at once; `undefined` while it has no
 * carrier. 400 for an unknown format.
 */
export function consignmentLabelOf(
  store: OrdersStore,
  consignment: StoredConsignment,
  formatName: string,
): { File: string; ContentType: string } | undefined {
  const name = formatName.toUpperCase();
  if (!Object.hasOwn(FORMATS, name))
    invalid('labelFormat', `must be one of ${Object.keys(FORMATS).join(', ')}`);
  const format = FORMATS[name as keyof typeof FORMATS];
  if (UNLABELLED_STATES.some((state) => sameState(state, consignment.State))) return undefined;
  const bytes = store.ask.consignmentLabel({ consignmentReference: consignment.Reference, format, dpi: 203 });
  return bytes ? { File: encodeBase64(bytes), ContentType: CONTENT_TYPES[format] } : undefined;
}
