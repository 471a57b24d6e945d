import { list, num, obj, opt, type SchemaNode, str } from './validate.js';

/**
 * The request bodies of the lifecycle operations, as the vendor's shipments file defines them (field
 * names, required fields, lengths, list sizes, enums). Every object allows no other property.
 */

const dateTime = opt({ format: 'date-time' });

const DateRange = obj({ start: dateTime, end: dateTime, has_value: { type: 'boolean' } });

const Metadata = obj(
  {
    key: str({ minLength: 1, maxLength: 50 }),
    value: str({ minLength: 1, maxLength: 100 }),
    type: str(),
    metadata_type: str({ enum: ['null', 'string', 'bool', 'date_time_offset', 'integer', 'decimal', 'url'] }),
  },
  ['key', 'type', 'value'],
);

const LabelProperty = obj(
  { key: str({ minLength: 1, maxLength: 50 }), value: str({ minLength: 1, maxLength: 500 }) },
  ['key', 'value'],
);

const references = (max: number) => ({ ...list(str(), { maxItems: max }), nullable: true });

const CustomsDocumentation = obj(
  {
    designated_person_responsible: opt({ maxLength: 100 }),
    importers_vat_number: opt({ maxLength: 50 }),
    category_type: str(),
    category_type_explanation: opt({ maxLength: 100 }),
    shippers_customs_reference: opt({ maxLength: 50 }),
    importers_tax_code: opt({ maxLength: 25 }),
    importers_telephone: opt({ maxLength: 25 }),
    importers_fax: opt({ maxLength: 25 }),
    importers_email: opt({ maxLength: 100 }),
    cn23_comments: opt({ maxLength: 500 }),
    attached_invoice_references: references(20),
    attached_certificate_references: references(20),
    attached_licence_references: references(20),
    declaration_date: dateTime,
    reason_for_export: opt({ maxLength: 100 }),
    shippers_vat_number: opt({ maxLength: 50 }),
    receivers_tax_code: opt({ maxLength: 25 }),
    receivers_vat_number: opt({ maxLength: 50 }),
    invoice_date: dateTime,
    eori_number: str({ minLength: 1, maxLength: 15 }),
    invoice_number: opt({ maxLength: 50 }),
    office_of_origin: opt({ maxLength: 50 }),
    total_customs_value: obj({ amount: num, currency: str({ minLength: 1 }) }, ['amount', 'currency']),
  },
  ['category_type'],
);

const DangerousGoods = obj({
  id_number: opt({ minLength: 1, maxLength: 50 }),
  proper_shipping_name: opt({ maxLength: 255 }),
  technical_name: opt({ maxLength: 255 }),
  custom_label_text: opt({ maxLength: 255 }),
  hazard_classes: { ...list(obj({ code: str() }, ['code'])), nullable: true },
  packing_group: opt(),
  physical_form: opt(),
  radioactivity: opt(),
  accessibility: opt(),
});

export const ShipmentContents: SchemaNode = obj(
  {
    reference: opt(),
    custom_reference: str({ minLength: 1, maxLength: 50 }),
    package_size_reference: opt({ maxLength: 50 }),
    weight: obj({ value: num, unit: str() }, ['unit', 'value']),
    dimensions: obj({ length: num, height: num, width: num, unit: str({ minLength: 1 }) }, [
      'height',
      'length',
      'unit',
    ]),
    value: obj({ amount: num, currency: str({ minLength: 1 }), discount: { ...num, nullable: true } }, [
      'amount',
      'currency',
    ]),
    sku: str({ minLength: 1, maxLength: 50 }),
    description: opt({ maxLength: 100 }),
    model: str({ minLength: 1, maxLength: 50 }),
    country_of_origin: opt(),
    harmonisation_code: opt({ maxLength: 25 }),
    shipping_terms: opt(),
    quantity: { type: 'integer' },
    unit: str({ minLength: 1, maxLength: 50 }),
    dangerous_goods: DangerousGoods,
    metadata: { ...list(Metadata, { maxItems: 10 }), nullable: true },
    label_properties: { ...list(LabelProperty, { maxItems: 10 }), nullable: true },
    contents: { ...list({ lazy: () => ShipmentContents }), nullable: true },
  },
  ['value'],
);

const between = (length: [number, number]) => str({ minLength: length[0], maxLength: length[1] });

const Address = obj(
  {
    address_type: str({ minLength: 1 }),
    shipping_location_reference: opt({ maxLength: 50 }),
    custom_reference: opt({ maxLength: 50 }),
    contact: obj(
      {
        reference: between([1, 50]),
        title: between([1, 50]),
        first_name: between([1, 100]),
        last_name: between([1, 100]),
        middle_name: between([1, 100]),
        position: between([1, 100]),
        contact_details: obj(
          { landline: between([1, 100]), mobile: between([1, 100]), email: between([1, 255]) },
          ['email'],
        ),
      },
      ['contact_details', 'first_name', 'last_name'],
    ),
    company_name: opt({ maxLength: 100 }),
    property_number: between([1, 50]),
    property_name: between([1, 50]),
    address_line1: between([1, 255]),
    address_line2: between([1, 255]),
    address_line3: between([1, 255]),
    locality: between([1, 255]),
    region: opt(),
    postal_code: opt(),
    country_iso_code: between([2, 2]),
    // The file swaps the two ranges; the service means latitude -90..90, longitude -180..180.
    lat_long: obj(
      {
        latitude: { ...num, minimum: -90, maximum: 90 },
        longitude: { ...num, minimum: -180, maximum: 180 },
      },
      ['latitude', 'longitude'],
    ),
    reservation: obj({ reference: opt(), location_reference: opt(), external_reference: opt() }),
    national_address: opt(),
    special_instructions: opt({ maxLength: 150 }),
  },
  ['address_line1', 'address_type', 'country_iso_code'],
);

export const ADDRESS_TYPES = [
  'origin',
  'destination',
  'return',
  'sender',
  'recipient',
  'importer',
  'exporter',
  'billing',
] as const;

const shipmentFields = {
  custom_reference: opt({ maxLength: 50 }),
  required_delivery_date: DateRange,
  required_shipping_date: DateRange,
  tags: { ...list(str({ maxLength: 50 }), { maxItems: 10 }), nullable: true },
  order_date: dateTime,
  metadata: { ...list(Metadata, { maxItems: 10 }), nullable: true },
  customs_documentation: CustomsDocumentation,
  direction: str({ enum: ['outbound', 'inbound'] }),
  shipment_type: str({ minLength: 1, enum: ['scheduled', 'on_demand'] }),
  contents: list(ShipmentContents, { minItems: 1 }),
  addresses: list(Address, { minItems: 2 }),
  label_properties: { ...list(LabelProperty, { maxItems: 10 }), nullable: true },
  source: opt({ maxLength: 50 }),
  tenant: opt({ maxLength: 50 }),
  channel: opt({ maxLength: 50 }),
} satisfies Record<string, SchemaNode>;

/** Create Shipment and Create Quote. */
export const CreateShipmentRequest = obj(shipmentFields, [
  'addresses',
  'contents',
  'direction',
  'shipment_type',
]);

/**
 * Update Shipment (the older file only): the shipment's reference, then the create fields. The older
 * file makes every create field optional; the update replaces the whole shipment, so the mock holds it to
 * what a shipment needs (contents and addresses), as the guides say.
 */
export const UpdateShipmentRequest = obj({ reference: str({ minLength: 1 }), ...shipmentFields }, [
  'reference',
  'shipment_type',
  'contents',
  'addresses',
]);

const shipmentList = list(str(), { minItems: 1, maxItems: 100 });

export const AllocateRequest = obj({ shipments: shipmentList }, ['shipments']);
export const AllocateWithCarrierServiceRequest = obj(
  { shipments: shipmentList, carrier_service_reference: str({ minLength: 1 }) },
  ['carrier_service_reference', 'shipments'],
);
export const AllocateWithServiceGroupRequest = obj(
  { shipments: shipmentList, service_group: str({ minLength: 1 }) },
  ['service_group', 'shipments'],
);
export const AllocateWithFiltersRequest = obj(
  {
    shipments: shipmentList,
    filters: obj(
      {
        direction: str({ enum: ['outbound', 'inbound'] }),
        tags: { ...list(str(), { maxItems: 10 }), nullable: true },
        pickup: { type: 'boolean', nullable: true },
        drop_off: { type: 'boolean', nullable: true },
      },
      ['direction'],
    ),
  },
  ['filters', 'shipments'],
);
export const ManifestRequest = obj({ shipments: shipmentList }, ['shipments']);
/**
 * Manifest Shipments by Query (the data contract's ManifestQueryRequest): every criterion optional;
 * `required_shipping_date` a `date_range` or, as the guide's example sends it, a date-time, checked by
 * the handler.
 */
export const ManifestQueryRequest = obj({
  shipping_locations: list(str({ minLength: 1 }), { minItems: 1, maxItems: 10, nullable: true }),
  address_custom_reference: opt({ minLength: 1, maxLength: 50 }),
  shipment_states: list(str(), { maxItems: 5, nullable: true }),
  labels_retrieved: { type: 'boolean', nullable: true },
  required_shipping_date: { nullable: true },
  carrier_reference: opt({ minLength: 1 }),
  carrier_service_reference: opt({ minLength: 1 }),
});
export const ShipmentStateChangeRequest = obj(
  {
    reference: str({ minLength: 35, maxLength: 35 }),
    state: str(),
    reason: str({ minLength: 5, maxLength: 100 }),
  },
  ['reason', 'reference', 'state'],
);

export const PAPERLESS_DOCUMENT_TYPES = [
  'commercial_invoice',
  'certificate_of_origin',
  'nafta_certificate_of_origin',
  'pro_forma_invoice',
  'authorisation_form',
  'export_document',
  'export_licence',
  'import_permit',
  'power_of_attorney',
  'packing_list',
  'sed_document',
  'letter_of_instruction',
  'customs_declaration',
  'air_waybill',
  'invoice',
  'other',
] as const;

/** Add Paperless Document, the paperless documents file's upload form. */
export const PaperlessDocumentUpload = obj(
  {
    file_content: str({ minLength: 1 }),
    expiration: dateTime,
    file_format: str({ minLength: 3, maxLength: 3, enum: ['pdf', 'png', 'jpg', 'gif'] }),
    document_type: str({ enum: PAPERLESS_DOCUMENT_TYPES }),
    usage: str({ enum: ['electronic_trade', 'customer_information', 'pricing'] }),
  },
  ['document_type', 'file_content', 'file_format', 'usage'],
);
