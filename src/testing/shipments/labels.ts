/** Area B's labels: Get Labels and Get Contents Label, as document objects. */
import { type LabelContent, labelBmp, labelPdf, labelPng, labelZpl } from '../label-renderer.js';
import { encodeBase64 } from '../pdf.js';
import { json } from '../router.js';
import { detail, invalid, notFound } from './errors.js';
import type {
  AreaBState,
  LabelFormatName,
  ShipmentRecord,
  ShipmentsContext,
  ShipmentsStore,
} from './state.js';
import { booleanQuery, labelDpi, labelFormat, requireReference } from './validate.js';

/** What a label is asked for, in either area. */
export interface LabelRequest {
  /** Area B's formats, and PNG, which only area A serves. */
  format: 'PDF' | 'ZPL' | 'BMP' | 'PNG';
  dpi: number;
  includeExtension: boolean;
  rotation?: 'left' | 'right';
  contentsReference?: string;
}

/**
 * The label file of a shipment, as both areas serve it (area A asks for it through the bridge). The
 * destination printed on it is its consignment's, asked of area A; making it tells area A the
 * consignment's labels were printed.
 */
export function renderLabel(
  store: ShipmentsStore,
  shipment: ShipmentRecord,
  request: LabelRequest,
): Uint8Array {
  const extension = request.includeExtension ? store.shipments.labelExtension : undefined;
  const consignment = shipment.consignmentReference;
  const deliverTo = consignment ? store.ask.consignmentDestination(consignment) : undefined;
  const content: LabelContent = {
    shipmentReference: shipment.reference,
    carrierName: shipment.carrierName,
    ...(request.contentsReference ? { contentsReference: request.contentsReference } : {}),
    ...(consignment ? { consignmentReference: consignment } : {}),
    ...(deliverTo ? { deliverTo } : {}),
    ...(extension ? { extension } : {}),
  };
  const bytes =
    request.format === 'PDF'
      ? labelPdf(content)
      : request.format === 'ZPL'
        ? labelZpl(content, request.dpi)
        : request.format === 'PNG'
          ? labelPng(content, request.dpi)
          : labelBmp(content, request.dpi, request.rotation);
  if (consignment) store.emit('labelPrinted', consignment);
  return bytes;
}

const CONTENT_TYPES: Record<LabelFormatName, string> = {
  PDF: 'application/pdf',
  ZPL: 'text/plain',
  BMP: 'image/bmp',
};

function labelledShipment(state: AreaBState, reference: string | undefined): ShipmentRecord {
  const checked = requireReference(reference, 'sp_', 'shipment_reference');
  const shipment = state.shipments.get(checked);
  if (!shipment) notFound('shipment_reference', 'shipment_not_found', `Shipment ${checked} was not found`);
  if (!shipment.allocated) {
    notFound(
      'shipment_reference',
      'shipment_not_allocated',
      `Shipment ${checked} is not allocated to a carrier: it has no label`,
    );
  }
  return shipment;
}

function requireCarrierFormat(shipment: ShipmentRecord, format: LabelFormatName): void {
  if (!shipment.labelFormats.includes(format)) {
    invalid([
      detail(
        'format',
        'format_not_supported',
        `${shipment.carrierName} does not offer ${format} labels (it offers ${shipment.labelFormats.join(', ')})`,
      ),
    ]);
  }
}

/** The label as area B's document object. */
function labelDocument(
  store: ShipmentsStore,
  shipment: ShipmentRecord,
  request: LabelRequest & { format: LabelFormatName },
) {
  return {
    file: encodeBase64(renderLabel(store, shipment, request)),
    content_type: CONTENT_TYPES[request.format],
    document_type: 'label',
    dpi: request.dpi,
  };
}

export function getLabels(context: ShipmentsContext): Response {
  const { params, store } = context;
  const format = labelFormat(params.format, ['PDF', 'ZPL', 'BMP']);
  const dpi = labelDpi(params.dpi);
  const includeExtension = booleanQuery(context, 'include_extension', true);
  const rotation = context.query.get('rotation') ?? undefined;
  if (rotation !== undefined && rotation !== 'left' && rotation !== 'right') {
    invalid([detail('rotation', 'invalid_format', 'rotation must be left or right')]);
  }
  if (rotation !== undefined && format !== 'BMP') {
    invalid([detail('rotation', 'invalid_format', 'rotation is permitted only for BMP labels')]);
  }
  const shipment = labelledShipment(store.shipments, params.shipmentReference);
  requireCarrierFormat(shipment, format);
  // The real service answers Get Labels with one document object, not an array.
  return json(
    labelDocument(store, shipment, {
      format,
      dpi,
      includeExtension,
      ...(rotation ? { rotation: rotation as 'left' | 'right' } : {}),
    }),
  );
}

export function getContentsLabel(context: ShipmentsContext): Response {
  const { params, store } = context;
  const contentsReference = requireReference(params.contentsReference, 'sc_', 'contents_reference');
  const format = labelFormat(params.format, ['PDF', 'ZPL']);
  const dpi = labelDpi(params.dpi);
  const includeExtension = booleanQuery(context, 'include_extension', true);
  const shipment = labelledShipment(store.shipments, params.shipmentReference);
  if (!shipment.contents.some((item) => item.reference === contentsReference)) {
    notFound(
      'contents_reference',
      'contents_not_found',
      `Shipment ${shipment.reference} has no contents item ${contentsReference}`,
    );
  }
  requireCarrierFormat(shipment, format);
  // The real service answers Get Contents Label with an array.
  return json([labelDocument(store, shipment, { format, dpi, includeExtension, contentsReference })]);
}
