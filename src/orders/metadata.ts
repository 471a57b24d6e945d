import * as z from 'zod/mini';
import { schemaOf } from '../core/schema-of.js';

// `MetaData`: the keys and values of one's own that every level of an order or a consignment carries.

/**
 * One key and its value in a `MetaData` list (of an order, a consignment, a package, an item, a delivery
 * options request…). The value goes in the field of its type; the vendor's metadata page allows one value
 * of each type in an entry (its own example gives a `StringValue` and a `DateTimeValue` together).
 */
export interface MetadataEntry {
  /**
   * The key. `ShippersEORI` records the shipper's EORI number: on an international order it is copied to
   * every consignment packed from it, and commercial invoices gain an EORI Number field. The Brexit guide
   * names `ReceiversEORI`, `CarriageCurrency`, `DutyPaidValue` and `VatValue` too.
   */
  KeyValue: string;
  /** A text value. */
  StringValue?: string | null | undefined;
  /** A whole-number value. */
  IntValue?: number | null | undefined;
  /** A decimal value. */
  DecimalValue?: number | null | undefined;
  /** A date and time: ISO 8601 with an offset, `2019-06-04T00:00:00+01:00`. */
  DateTimeValue?: string | null | undefined;
  /** A true or false value. */
  BoolValue?: boolean | null | undefined;
}
export const MetadataEntrySchema = schemaOf<MetadataEntry>()(() =>
  z.looseObject({
    KeyValue: z.string(),
    StringValue: z.nullish(z.string()),
    IntValue: z.nullish(z.int()),
    DecimalValue: z.nullish(z.number()),
    DateTimeValue: z.nullish(z.string()),
    BoolValue: z.nullish(z.boolean()),
  }),
);
