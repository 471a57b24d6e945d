import * as z from 'zod/mini';
import { describeCountryCode, isCountryCode } from '../../core/countries.js';
import { exactLength } from '../../core/exact-length.js';
import { once } from '../../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../../core/open-enum.js';
import { schemaOf } from '../../core/schema-of.js';
import {
  type DateRange,
  DateRangeInputSchema,
  DateRangeSchema,
  DateTimeInputSchema,
} from '../wire-shapes.js';

// What Create Shipment and Create Quote send (CreateShipmentRequest), field by field as the vendor's
// files give them. The same shapes are read back in Get Shipment: strict when sent (the files allow no
// other field, and a misspelt key must not be dropped unseen), loose when read.

/** A string of `min` to `max` characters. */
const text = (min: number, max?: number) =>
  max === undefined
    ? z.string().check(z.minLength(min))
    : z.string().check(z.minLength(min), z.maxLength(max));
const upTo = (max: number) => z.string().check(z.maxLength(max));

/** A key and value attached to a shipment or a contents item (at most 10). */
export interface Metadata {
  /** 1 to 50 characters. */
  key: string;
  /** 1 to 100 characters. */
  value: string;
  /** The value's type as a name; the service's default is `string`. */
  type: string;
  /** The value's type: `null`, `string`, `bool`, `date_time_offset`, `integer`, `decimal`, `url`. */
  metadata_type?:
    | OpenEnum<'null' | 'string' | 'bool' | 'date_time_offset' | 'integer' | 'decimal' | 'url'>
    | undefined;
}
/** A label decoration agreed with the service (at most 10). */
export interface LabelProperty {
  /** 1 to 50 characters. */
  key: string;
  /** 1 to 500 characters. */
  value: string;
}
/** How to reach a contact: an email and at least one phone number. */
export interface ContactDetails {
  /** 1 to 100 characters. */
  landline?: string | undefined;
  /** 1 to 100 characters. */
  mobile?: string | undefined;
  /** 1 to 255 characters; its format is checked by the service. */
  email: string;
}
/** A person at an address. */
export interface ShipmentContact {
  /** Your reference for the contact, 1 to 50 characters. */
  reference?: string | undefined;
  /** 1 to 50 characters. */
  title?: string | undefined;
  /** 1 to 100 characters. */
  first_name: string;
  /** 1 to 100 characters. */
  last_name: string;
  /** 1 to 100 characters. */
  middle_name?: string | undefined;
  /** 1 to 100 characters. */
  position?: string | undefined;
  /** Email and phone numbers. */
  contact_details: ContactDetails;
}
/** A point on the map; `0, 0` is refused. */
export interface ShipmentLatLong {
  /** Degrees. */
  latitude: number;
  /** Degrees. */
  longitude: number;
}
/** A reserved pick-up location; `reference` is the service's. */
export interface Reservation {
  /** Set by the service. */
  reference?: string | null | undefined;
  /** The location's reference. */
  location_reference?: string | null | undefined;
  /** Your reference for it. */
  external_reference?: string | null | undefined;
}
/** One address of a shipment: at least an `origin` and a `destination`, one of each type. */
export interface ShipmentAddress {
  /** `origin`, `destination`, `return`, `sender`, `recipient`, `importer`, `exporter`, `billing`. */
  address_type: OpenEnum<
    'origin' | 'destination' | 'return' | 'sender' | 'recipient' | 'importer' | 'exporter' | 'billing'
  >;
  /** A shipping location of your account (at most 50 characters); then the lines and contact may be left out. */
  shipping_location_reference?: string | null | undefined;
  /** Your reference for the address, at most 50 characters. */
  custom_reference?: string | null | undefined;
  /** Required unless a shipping location is named. */
  contact?: ShipmentContact | undefined;
  /** At most 100 characters. */
  company_name?: string | null | undefined;
  /** 1 to 50 characters. */
  property_number?: string | undefined;
  /** 1 to 50 characters. */
  property_name?: string | undefined;
  /** 1 to 255 characters. Required by the files even with a shipping location. */
  address_line1: string;
  /** 1 to 255 characters. */
  address_line2?: string | undefined;
  /** 1 to 255 characters. */
  address_line3?: string | undefined;
  /** The town or city, 1 to 255 characters. */
  locality?: string | undefined;
  /** Required in some countries (US, CA, IE, AU). */
  region?: string | null | undefined;
  /** Required where the country has postcodes. */
  postal_code?: string | null | undefined;
  /** ISO 3166-1 alpha-2, such as `GB`: the code, not the country's name. */
  country_iso_code: string;
  /** The point on the map. */
  lat_long?: ShipmentLatLong | undefined;
  /** A reserved pick-up location. */
  reservation?: Reservation | undefined;
  /** Required in some countries (SA). */
  national_address?: string | null | undefined;
  /** At most 150 characters. */
  special_instructions?: string | null | undefined;
}
/** A weight; one unit for the whole shipment. */
export interface ShipmentWeight {
  /** The weight. */
  value: number;
  /** `kg` or `lbs`. */
  unit: OpenEnum<'kg' | 'lbs'>;
}
/** Dimensions; `length` should be the longest side. */
export interface ShipmentDimensions {
  /** The longest side. */
  length: number;
  /** The height. */
  height: number;
  /** The width. */
  width?: number | undefined;
  /** `cm` or `in`. */
  unit: OpenEnum<'cm' | 'in'>;
}
/** What a contents item is worth. */
export interface ContentsValue {
  /** Positive; kept to 5 decimal places. */
  amount: number;
  /** ISO 4217. */
  currency: string;
  /** A discount in percent, 0 to 100. */
  discount?: number | null | undefined;
}
/** Dangerous goods in a contents item; they may exclude services. */
export interface DangerousGoods {
  /** The UN/NA number, 1 to 50 characters. */
  id_number?: string | null | undefined;
  /** At most 255 characters. */
  proper_shipping_name?: string | null | undefined;
  /** At most 255 characters. */
  technical_name?: string | null | undefined;
  /** At most 255 characters. */
  custom_label_text?: string | null | undefined;
  /** IATA hazard classes, such as `{ code: '2.3' }`. */
  hazard_classes?:
    | {
        /** The hazard class's code. */
        code: string;
      }[]
    | null
    | undefined;
  /** `i`, `ii` or `iii`. */
  packing_group?: OpenEnum<'i' | 'ii' | 'iii'> | null | undefined;
  /** `gas`, `liquid`, `solid` or `other`. */
  physical_form?: OpenEnum<'gas' | 'liquid' | 'solid' | 'other'> | null | undefined;
  /** `none`, `surface_reading`, `transport_index`, `criticality_safety_index`. */
  radioactivity?:
    | OpenEnum<'none' | 'surface_reading' | 'transport_index' | 'criticality_safety_index'>
    | null
    | undefined;
  /** `accessible` or `inaccessible`. */
  accessibility?: OpenEnum<'accessible' | 'inaccessible'> | null | undefined;
}
/** One contents item of a shipment (a package, or an item in one); only `value` is required. */
export interface ShipmentContents {
  /** The item's `sc_` reference, set by the service: not for requests. */
  reference?: string | null | undefined;
  /** Your reference for it, 1 to 50 characters. */
  custom_reference?: string | undefined;
  /** A package size of your account (at most 50 characters); then weight and dimensions may be left out. */
  package_size_reference?: string | null | undefined;
  /** The weight. */
  weight?: ShipmentWeight | undefined;
  /** The dimensions. */
  dimensions?: ShipmentDimensions | undefined;
  /** What it is worth. */
  value: ContentsValue;
  /** 1 to 50 characters. */
  sku?: string | undefined;
  /** Used on customs documents; at most 100 characters. */
  description?: string | null | undefined;
  /** 1 to 50 characters. */
  model?: string | undefined;
  /** ISO alpha-2. */
  country_of_origin?: string | null | undefined;
  /** At most 25 characters, for example `09.02.10`. */
  harmonisation_code?: string | null | undefined;
  /** Incoterms: `exw`, `fca`, `cpt`, `cip`, `dat`, `dap`, `ddp`, `fas`, `fob`, `cfr`, `cif`, `ddu`. */
  shipping_terms?: string | null | undefined;
  /** How many; the service's default is 1. */
  quantity?: number | undefined;
  /** The packing unit (`box`), 1 to 50 characters. */
  unit?: string | undefined;
  /** Dangerous goods. */
  dangerous_goods?: DangerousGoods | undefined;
  /** At most 10. */
  metadata?: Metadata[] | null | undefined;
  /** At most 10. */
  label_properties?: LabelProperty[] | null | undefined;
  /** The items inside this one. */
  contents?: ShipmentContents[] | null | undefined;
}
/** Customs information; give it before allocation so that the documents can be made. */
export interface ShipmentCustomsDocumentation {
  /** `other`, `commercial_sample`, `gift`, `returned_goods` or `documents`. */
  category_type: OpenEnum<'other' | 'commercial_sample' | 'gift' | 'returned_goods' | 'documents'>;
  /** At most 100 characters. */
  category_type_explanation?: string | null | undefined;
  /** At most 100 characters. */
  designated_person_responsible?: string | null | undefined;
  /** At most 50 characters. */
  importers_vat_number?: string | null | undefined;
  /** At most 25 characters. */
  importers_tax_code?: string | null | undefined;
  /** At most 25 characters. */
  importers_telephone?: string | null | undefined;
  /** At most 25 characters. */
  importers_fax?: string | null | undefined;
  /** At most 100 characters. */
  importers_email?: string | null | undefined;
  /** At most 50 characters. */
  shippers_customs_reference?: string | null | undefined;
  /** At most 50 characters. */
  shippers_vat_number?: string | null | undefined;
  /** At most 25 characters. */
  receivers_tax_code?: string | null | undefined;
  /** At most 50 characters. */
  receivers_vat_number?: string | null | undefined;
  /** At most 500 characters. */
  cn23_comments?: string | null | undefined;
  /** At most 20. */
  attached_invoice_references?: string[] | null | undefined;
  /** At most 20. */
  attached_certificate_references?: string[] | null | undefined;
  /** At most 20. */
  attached_licence_references?: string[] | null | undefined;
  /** Default: the shipment's creation. */
  declaration_date?: string | null | undefined;
  /** Default: the shipment's creation. */
  invoice_date?: string | null | undefined;
  /** At most 100 characters. */
  reason_for_export?: string | null | undefined;
  /** 1 to 15 characters. */
  eori_number?: string | undefined;
  /** At most 50 characters. */
  invoice_number?: string | null | undefined;
  /** At most 50 characters. */
  office_of_origin?: string | null | undefined;
  /** The total declared value. */
  total_customs_value?:
    | {
        /** In the currency's main unit. */
        amount: number;
        /** ISO 4217, `GBP`. */
        currency: string;
      }
    | undefined;
}

/**
 * What {@link ShipmentsClient.create} and {@link ShipmentQuotes.create} send
 * (CreateShipmentRequest). Set `custom_reference`: area B has no search, and it is what identifies a
 * shipment whose creation's answer was lost.
 */
export interface CreateShipmentRequest {
  /** `scheduled` or `on_demand` (a collection is booked after allocation). */
  shipment_type: OpenEnum<'scheduled' | 'on_demand'>;
  /** `outbound` or `inbound`. */
  direction: OpenEnum<'outbound' | 'inbound'>;
  /** The contents, at least one. */
  contents: ShipmentContents[];
  /** At least two: an `origin` and a `destination`. */
  addresses: ShipmentAddress[];
  /** Your reference, at most 50 characters; not unique. */
  custom_reference?: string | null | undefined;
  /** Narrows the services; too tight, and allocation fails. */
  required_delivery_date?: Omit<DateRange, 'has_value'> | undefined;
  /** Narrows the services; too tight, and allocation fails. */
  required_shipping_date?: Omit<DateRange, 'has_value'> | undefined;
  /** Allocation tags, at most 10 of at most 50 characters. */
  tags?: string[] | null | undefined;
  /** When it was ordered (ISO 8601 with offset). */
  order_date?: string | null | undefined;
  /** At most 10. */
  metadata?: Metadata[] | null | undefined;
  /** Customs information. */
  customs_documentation?: ShipmentCustomsDocumentation | undefined;
  /** At most 10. */
  label_properties?: LabelProperty[] | null | undefined;
  /** At most 50 characters; the service's default is `api`. */
  source?: string | null | undefined;
  /** At most 50 characters. */
  tenant?: string | null | undefined;
  /** At most 50 characters; only with a valid `tenant`. */
  channel?: string | null | undefined;
}

/** The schemas of these shapes: strict for what is sent, loose for what is read. */
function shapes(strict: boolean) {
  const object = (strict ? z.strictObject : z.looseObject) as typeof z.looseObject;
  const metadata = object({
    key: text(1, 50),
    value: text(1, 100),
    type: z.string(),
    metadata_type: z.optional(openEnum<NonNullable<Metadata['metadata_type']>>()),
  });
  const labelProperty = object({ key: text(1, 50), value: text(1, 500) });
  const contact = object({
    reference: z.optional(text(1, 50)),
    title: z.optional(text(1, 50)),
    first_name: text(1, 100),
    last_name: text(1, 100),
    middle_name: z.optional(text(1, 100)),
    position: z.optional(text(1, 100)),
    contact_details: object({
      landline: z.optional(text(1, 100)),
      mobile: z.optional(text(1, 100)),
      email: text(1, 255),
    }),
  });
  const address = object({
    address_type: openEnum<ShipmentAddress['address_type']>().check(z.minLength(1)),
    shipping_location_reference: z.nullish(upTo(50)),
    custom_reference: z.nullish(upTo(50)),
    contact: z.optional(contact),
    company_name: z.nullish(upTo(100)),
    property_number: z.optional(text(1, 50)),
    property_name: z.optional(text(1, 50)),
    address_line1: text(1, 255),
    address_line2: z.optional(text(1, 255)),
    address_line3: z.optional(text(1, 255)),
    locality: z.optional(text(1, 255)),
    region: z.nullish(z.string()),
    postal_code: z.nullish(z.string()),
    // What is sent must be an assigned code (the files: "a valid country ISO code"), refused with the code
    // a country name stands for; what is read keeps the files' two characters.
    country_iso_code: strict
      ? z.string().check(z.refine(isCountryCode, { error: (issue) => describeCountryCode(issue.input) }))
      : z.string().check(...exactLength(2)),
    // The file's minimum and maximum are swapped (latitude ±180, longitude ±90): the range is left to the service.
    lat_long: z.optional(object({ latitude: z.number(), longitude: z.number() })),
    reservation: z.optional(
      object({
        reference: z.nullish(z.string()),
        location_reference: z.nullish(z.string()),
        external_reference: z.nullish(z.string()),
      }),
    ),
    national_address: z.nullish(z.string()),
    special_instructions: z.nullish(upTo(150)),
  });
  const nullishList = <T extends z.ZodMiniType>(item: T, max?: number) =>
    z.nullish(max === undefined ? z.array(item) : z.array(item).check(z.maxLength(max)));
  const dangerousGoods = object({
    id_number: z.nullish(text(1, 50)),
    proper_shipping_name: z.nullish(upTo(255)),
    technical_name: z.nullish(upTo(255)),
    custom_label_text: z.nullish(upTo(255)),
    hazard_classes: nullishList(object({ code: z.string() })),
    packing_group: z.nullish(openEnum<NonNullable<DangerousGoods['packing_group']>>()),
    physical_form: z.nullish(openEnum<NonNullable<DangerousGoods['physical_form']>>()),
    radioactivity: z.nullish(openEnum<NonNullable<DangerousGoods['radioactivity']>>()),
    accessibility: z.nullish(openEnum<NonNullable<DangerousGoods['accessibility']>>()),
  });
  const contentsShape = {
    reference: z.nullish(z.string()),
    custom_reference: z.optional(text(1, 50)),
    package_size_reference: z.nullish(upTo(50)),
    weight: z.optional(object({ value: z.number(), unit: openEnum<ShipmentWeight['unit']>() })),
    dimensions: z.optional(
      object({
        length: z.number(),
        height: z.number(),
        width: z.optional(z.number()),
        unit: openEnum<ShipmentDimensions['unit']>().check(z.minLength(1)),
      }),
    ),
    value: object({ amount: z.number(), currency: text(1), discount: z.nullish(z.number()) }),
    sku: z.optional(text(1, 50)),
    description: z.nullish(upTo(100)),
    model: z.optional(text(1, 50)),
    country_of_origin: z.nullish(z.string()),
    harmonisation_code: z.nullish(upTo(25)),
    shipping_terms: z.nullish(z.string()),
    quantity: z.optional(z.int()),
    unit: z.optional(text(1, 50)),
    dangerous_goods: z.optional(dangerousGoods),
    metadata: nullishList(metadata, 10),
    label_properties: nullishList(labelProperty, 10),
  };
  const contents = object({
    ...contentsShape,
    get contents() {
      return nullishList(contents);
    },
  }) as z.ZodMiniType<ShipmentContents, ShipmentContents>;
  // Sent dates must be the files' date-time; read ones are taken as the service writes them.
  const dateTime = strict ? DateTimeInputSchema : z.string();
  const customs = object({
    category_type: openEnum<ShipmentCustomsDocumentation['category_type']>(),
    category_type_explanation: z.nullish(upTo(100)),
    designated_person_responsible: z.nullish(upTo(100)),
    importers_vat_number: z.nullish(upTo(50)),
    importers_tax_code: z.nullish(upTo(25)),
    importers_telephone: z.nullish(upTo(25)),
    importers_fax: z.nullish(upTo(25)),
    importers_email: z.nullish(upTo(100)),
    shippers_customs_reference: z.nullish(upTo(50)),
    shippers_vat_number: z.nullish(upTo(50)),
    receivers_tax_code: z.nullish(upTo(25)),
    receivers_vat_number: z.nullish(upTo(50)),
    cn23_comments: z.nullish(upTo(500)),
    attached_invoice_references: nullishList(z.string(), 20),
    attached_certificate_references: nullishList(z.string(), 20),
    attached_licence_references: nullishList(z.string(), 20),
    declaration_date: z.nullish(dateTime),
    invoice_date: z.nullish(dateTime),
    reason_for_export: z.nullish(upTo(100)),
    eori_number: z.optional(text(1, 15)),
    invoice_number: z.nullish(upTo(50)),
    office_of_origin: z.nullish(upTo(50)),
    total_customs_value: z.optional(object({ amount: z.number(), currency: text(1) })),
  });
  const dateRange = strict ? DateRangeInputSchema : DateRangeSchema;
  /** The fields Create Shipment and Get Shipment share. */
  const shipmentShape = {
    custom_reference: z.nullish(upTo(50)),
    required_delivery_date: z.optional(dateRange),
    required_shipping_date: z.optional(dateRange),
    tags: z.nullish(z.array(upTo(50)).check(z.maxLength(10))),
    order_date: z.nullish(dateTime),
    metadata: nullishList(metadata, 10),
    customs_documentation: z.optional(customs),
    direction: openEnum<CreateShipmentRequest['direction']>(),
    shipment_type: openEnum<CreateShipmentRequest['shipment_type']>().check(z.minLength(1)),
    contents: z.array(contents).check(z.minLength(1)),
    addresses: z.array(address).check(z.minLength(2)),
    label_properties: nullishList(labelProperty, 10),
    tenant: z.nullish(upTo(50)),
    channel: z.nullish(upTo(50)),
  };
  return { object, shipmentShape, address };
}

// Built on first use, as every schema is (core/lazy-schema.ts): about 900 zod objects between them.
const sentShapes = once(() => shapes(true));
/** The loose shapes, for the answers that echo a shipment back (Get Shipment, a quote's summary). */
export const readShapes = once(() => shapes(false));

/** Strict: the files allow no other field, and a misspelt one must not be dropped unseen. */
export const createShipmentShape = once(() => ({
  ...sentShapes().shipmentShape,
  source: z.nullish(upTo(50)),
}));
/** Checks a {@link CreateShipmentRequest} as Create Shipment sends it; an unknown key is refused rather than sent. */
export const CreateShipmentRequestSchema = schemaOf<CreateShipmentRequest>()(() =>
  z.strictObject(createShipmentShape()),
);
