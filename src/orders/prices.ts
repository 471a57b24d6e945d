import * as z from 'zod/mini';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import { schemaOf } from '../core/schema-of.js';
import { amount, type Currency, CurrencySchema, flag, text } from './wire-shapes.js';

// Prices as area A's answers write them: a quote's, an allocation's, a delivery option's (the vendor's
// `Rate`), with the tax rate applied and the surcharges of a quote (the vendor's `QuoteSurcharge`).

/** A tax rate, as a price names it (the quote's, the allocation's, the delivery option's). */
export interface QuoteTaxRate {
  /** The rate's reference, `GB-0.2000`. */
  Reference?: string | null | undefined;
  /** ISO 3166 alpha-2 country whose rate it is. */
  CountryIsoCode?: string | null | undefined;
  /** `Standard`… */
  Type?: string | null | undefined;
  /** The rate as a fraction: `0.2` is 20 %. */
  Rate?: number | null | undefined;
}
export const QuoteTaxRateSchema = schemaOf<QuoteTaxRate>()(() =>
  z.looseObject({ Reference: text, CountryIsoCode: text, Type: text, Rate: amount }),
);

/**
 * A price (the vendor's `Rate`): what a quote, an allocation (`Allocation.Price`) or a delivery option
 * costs; named for quotes, where it came first. The vendor's
 * examples disagree on names: the tax rate is `TaxRate` (the C# reference, 2020 examples) or `VatRate`
 * (2019 examples), the tax `VatAmount` or `TaxAmount`. Every spelling is read; read `TaxRate ?? VatRate`
 * and `VatAmount ?? TaxAmount`.
 */
export interface QuotePrice {
  /** Before tax, in the currency's main unit (pounds, not pence). */
  Net?: number | null | undefined;
  /** With tax, in the currency's main unit. */
  Gross?: number | null | undefined;
  /** The tax rate applied. */
  TaxRate?: QuoteTaxRate | null | undefined;
  /** The tax rate applied, as 2019 examples name it. */
  VatRate?: QuoteTaxRate | null | undefined;
  /** The tax, in the currency's main unit. */
  VatAmount?: number | null | undefined;
  /** The tax, in the currency's main unit (the service-group example's spelling). */
  TaxAmount?: number | null | undefined;
  /** The currency: `{ Name, IsoCode }`, ISO 4217. */
  Currency?: Currency | null | undefined;
}
/** Checks a {@link QuotePrice}: a quote's, an allocation's or a delivery option's. */
export const QuotePriceSchema = schemaOf<QuotePrice>()(() =>
  z.looseObject({
    Net: amount,
    Gross: amount,
    TaxRate: z.nullish(QuoteTaxRateSchema),
    VatRate: z.nullish(QuoteTaxRateSchema),
    VatAmount: amount,
    TaxAmount: amount,
    Currency: z.nullish(CurrencySchema),
  }),
);

/** How a surcharge applies: `Standard`, `Retrospective` (billed afterwards) or `Unknown`. */
export type SurchargeApplicationType = OpenEnum<'Unknown' | 'Standard' | 'Retrospective'>;
/** Whether a surcharge adds a fixed amount (`Additive`) or varies with a dimension (`Variable`). */
export type SurchargeType = OpenEnum<'Additive' | 'Variable'>;
/** Whether a surcharge's amount is `Fixed` or `Calculated`. */
export type SurchargeCalculationModel = OpenEnum<'Fixed' | 'Calculated'>;

/**
 * A surcharge on a quote (the vendor's `QuoteSurcharge`). Its enumerations are C# enums, which the
 * service may write as names or as their numbers: both are read.
 */
export interface QuoteSurcharge {
  /** The surcharge's reference. */
  Reference?: string | null | undefined;
  /** Its currency, ISO 4217. */
  CurrencyIsoCode?: string | null | undefined;
  /** What it adds, in the currency's main unit. */
  Amount?: number | null | undefined;
  /** `Standard` or `Retrospective` (or its number). */
  ApplicationType?: SurchargeApplicationType | number | null | undefined;
  /** `Additive` or `Variable` (or its number). */
  Type?: SurchargeType | number | null | undefined;
  /** Whether it applies to the base price. */
  AppliesToBase?: boolean | null | undefined;
  /** Whether it applies to the base price only. */
  AppliesToBaseOnly?: boolean | null | undefined;
  /** `Fixed` or `Calculated` (or its number). */
  CalculationModel?: SurchargeCalculationModel | number | null | undefined;
  /** The unit a calculated surcharge counts in. */
  IncrementalUnitFactor?: number | null | undefined;
  /** The price of each unit. */
  IncrementalUnitPrice?: number | null | undefined;
  /** The least it adds. */
  MinimumAmount?: number | null | undefined;
  /** The most it adds. */
  MaximumAmount?: number | null | undefined;
  /** Its identifier (the vendor's base type names it without its type). */
  Id?: number | string | null | undefined;
  /** Its label, for people. */
  Label?: string | null | undefined;
  /** What it is for, in words. */
  Description?: string | null | undefined;
}
const enumOrNumber = <Known extends string>() => z.nullish(z.union([openEnum<Known>(), z.number()]));
export const QuoteSurchargeSchema = schemaOf<QuoteSurcharge>()(() =>
  z.looseObject({
    Reference: text,
    CurrencyIsoCode: text,
    Amount: amount,
    ApplicationType: enumOrNumber<SurchargeApplicationType>(),
    Type: enumOrNumber<SurchargeType>(),
    AppliesToBase: flag,
    AppliesToBaseOnly: flag,
    CalculationModel: enumOrNumber<SurchargeCalculationModel>(),
    IncrementalUnitFactor: amount,
    IncrementalUnitPrice: amount,
    MinimumAmount: amount,
    MaximumAmount: amount,
    Id: z.nullish(z.union([z.number(), z.string()])),
    Label: text,
    Description: text,
  }),
);
