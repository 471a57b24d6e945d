import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import { schemaOf } from '../core/schema-of.js';

// Customs documentation: what orders, consignments, packs, quotes and delivery options carry for the
// service to print CN22, CN23 and commercial invoices. Field by field from the vendor's C# reference
// (`CustomsDocumentation`), its enums `ShippingTerms` and `CategoryType`, and the Brexit data guide.

/** The Incoterms the service knows, as its reference lists them. */
export const SHIPPING_TERMS = [
  'None',
  'EXW',
  'FCA',
  'CPT',
  'CIP',
  'DAT',
  'DAP',
  'DDP',
  'FAS',
  'FOB',
  'CFR',
  'CIF',
  'DDU',
] as const;

/**
 * Who pays for carriage, duty and taxes (an Incoterm): `DAP`, `DDP`, `DDU`… Carriers accept only some:
 * the vendor's Brexit guide lists DPD with `DAP` or `DDP` only, Parcelforce with `DDU` or `DDP`. An open
 * enum: a term the service adds is sent as written.
 */
export type ShippingTerms = OpenEnum<(typeof SHIPPING_TERMS)[number]>;

/**
 * The category of the goods, as the reference's `CategoryType` lists it, with `SaleOfGoods`, which the
 * Brexit guide announces. An open enum: the guide names carrier-specific values too.
 */
export const CATEGORY_TYPES = [
  'None',
  'Gift',
  'CommercialSample',
  'Documents',
  'Other',
  'ReturnedGoods',
  'SaleOfGoods',
] as const;

/** The category of the goods a customs document declares: one of {@link CATEGORY_TYPES}, or a newer one. */
export type CategoryType = OpenEnum<(typeof CATEGORY_TYPES)[number]>;

/**
 * The customs documentation of an order or a consignment: what the service prints on its CN22, CN23 and
 * commercial invoice. Every field is optional and may be `null`; the vendor's Brexit guide makes
 * `DeclarationDate`, `DesignatedPersonResponsible`, `InvoiceDate` and `ShippingTerms` mandatory for the
 * service to generate customs documents, and carriers require more (see `ShippingTerms`).
 */
export interface CustomsDocumentation {
  /** The name of the person responsible for the declaration (the "declaration name"). */
  DesignatedPersonResponsible?: string | null | undefined;
  /** The importer's VAT number. */
  ImportersVatNumber?: string | null | undefined;
  /** The category of the goods: `Gift`, `CommercialSample`, `Documents`, `ReturnedGoods`, `Other`… */
  CategoryType?: CategoryType | null | undefined;
  /** The shipper's customs reference. */
  ShipperCustomsReference?: string | null | undefined;
  /**
   * The importer's code.
   *
   * @deprecated The vendor's reference marks it obsolete; it is still accepted and sent as written.
   */
  ImportersCode?: string | null | undefined;
  /** The importer's tax code. */
  ImportersTaxCode?: string | null | undefined;
  /** The importer's telephone number. */
  ImportersTelephone?: string | null | undefined;
  /** The importer's fax number. */
  ImportersFax?: string | null | undefined;
  /** The importer's e-mail address. */
  ImportersEmail?: string | null | undefined;
  /** Whether the contents are subject to quarantine or other restrictions, for a CN23. */
  CN23Comments?: string | null | undefined;
  /** The references of invoices attached to the consignment. */
  ReferencesOfAttachedInvoices?: string[] | null | undefined;
  /** The references of certificates attached to the consignment. */
  ReferencesOfAttachedCertificates?: string[] | null | undefined;
  /** The references of licences attached to the consignment. */
  ReferencesOfAttachedLicences?: string[] | null | undefined;
  /** More about the category, printed as its explanation on a CN23. */
  CategoryTypeExplanation?: string | null | undefined;
  /** When the declaration is made: ISO 8601 with an offset, `2021-01-04T00:00:00+00:00`. */
  DeclarationDate?: string | null | undefined;
  /** The office of origin, or of posting. */
  OfficeOfPosting?: string | null | undefined;
  /** Why the goods are exported, in words. */
  ReasonForExport?: string | null | undefined;
  /** Who pays for carriage, duty and taxes: `DAP`, `DDP`, `DDU`… */
  ShippingTerms?: ShippingTerms | null | undefined;
  /** The shipper's VAT number (`GBUNREG` when not VAT registered, as the Brexit guide says). */
  ShippersVatNumber?: string | null | undefined;
  /** The receiver's tax code. */
  ReceiversTaxCode?: string | null | undefined;
  /** The receiver's VAT number. */
  ReceiversVatNumber?: string | null | undefined;
  /** When the sale was recorded in the seller's books: ISO 8601 with an offset. */
  InvoiceDate?: string | null | undefined;
  /** What the receiver paid for carriage (the consignment's carriage value), in the currency's main unit. */
  ReceiversShippingCost?: number | null | undefined;
}

const customsText = lazySchema(() => z.nullish(z.string()));
const references = lazySchema(() => z.nullish(z.array(z.string())));

/** Checks {@link CustomsDocumentation}: each field as the vendor's reference types it. */
export const CustomsDocumentationSchema = schemaOf<CustomsDocumentation>()(() =>
  z.looseObject({
    DesignatedPersonResponsible: customsText,
    ImportersVatNumber: customsText,
    CategoryType: z.nullish(openEnum<CategoryType>(CATEGORY_TYPES)),
    ShipperCustomsReference: customsText,
    ImportersCode: customsText,
    ImportersTaxCode: customsText,
    ImportersTelephone: customsText,
    ImportersFax: customsText,
    ImportersEmail: customsText,
    CN23Comments: customsText,
    ReferencesOfAttachedInvoices: references,
    ReferencesOfAttachedCertificates: references,
    ReferencesOfAttachedLicences: references,
    CategoryTypeExplanation: customsText,
    DeclarationDate: customsText,
    OfficeOfPosting: customsText,
    ReasonForExport: customsText,
    ShippingTerms: z.nullish(openEnum<ShippingTerms>(SHIPPING_TERMS)),
    ShippersVatNumber: customsText,
    ReceiversTaxCode: customsText,
    ReceiversVatNumber: customsText,
    InvoiceDate: customsText,
    ReceiversShippingCost: z.nullish(z.number()),
  }),
);
