import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import {
  type ConsignmentReference,
  ConsignmentReferenceSchema,
  type OrderReference,
  OrderReferenceSchema,
} from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import { type CustomsDocumentation, CustomsDocumentationSchema } from './customs.js';
import { packageOf } from './orders.js';
import {
  type ApiLink,
  ApiLinkSchema,
  type Item,
  isReference,
  itemObject,
  type MetadataEntry,
  MetadataEntrySchema,
  type Package,
  referencesInLinks,
  TagsSchema,
  text,
} from './wire-shapes.js';

// Pack Order: an order's items packed into new consignments.
/**
 * An item of a Pack Order request: a `Quantity`, and the order item it refers to, named by at least one
 * of `Reference`, `ItemReferenceProvidedByCustomer` or `Sku`. An item that is not on the order is refused
 * by the service.
 */
export interface PackItem extends Item {
  /** How many of the order's item go into the package: an integer, at least 1. */
  Quantity: number;
}
/** Checks a {@link PackItem}: an integer `Quantity` of at least 1, and an identifier. */
export const PackItemSchema = schemaOf<PackItem>()(() =>
  z.extend(itemObject, { Quantity: z.int().check(z.minimum(1)) }).check(
    z.refine((item) => !!(item.Reference || item.ItemReferenceProvidedByCustomer || item.Sku), {
      error: 'a pack item needs at least one of Reference, ItemReferenceProvidedByCustomer or Sku',
    }),
  ),
);

/** A package of a Pack Order request: a {@link Package} with at least one {@link PackItem}. */
export interface PackOrderPackage extends Package {
  /** The items packed: at least one. */
  Items: PackItem[];
}

/**
 * The body of Pack Order ({@link OrdersClient.pack}): one request creates one consignment (two with
 * `GenerateReturn`). Items are checked against the order but not against earlier packs, so the same items
 * can be packed again (split and short picks). Fields left out are filled from the order.
 */
export interface PackOrderRequest {
  /** The order packed: the same reference as the one `orders.pack` addresses. */
  OrderReference: OrderReference;
  /** The consignment's own reference; the order's when left out. */
  OrderReferenceProvidedByCustomer?: string | undefined;
  /** `true` also creates the return consignment: the same, with Origin and Destination swapped. */
  GenerateReturn?: boolean | undefined;
  /** The packages of the consignment: at least one, each with at least one item. */
  Packages: PackOrderPackage[];
  /** The consignment's metadata; the order's when left out (a `ShippersEORI` entry is always copied). */
  MetaData?: MetadataEntry[] | undefined;
  /** The consignment's customs documentation; the order's when left out. */
  CustomsDocumentation?: CustomsDocumentation | undefined;
  /** The consignment's allocation tags; the order's when left out. */
  Tags?: string[] | undefined;
}
export const PackOrderRequestSchema = schemaOf<PackOrderRequest>()(() =>
  z.looseObject({
    OrderReference: OrderReferenceSchema,
    OrderReferenceProvidedByCustomer: z.optional(z.string()),
    GenerateReturn: z.optional(z.boolean()),
    Packages: z
      .array(schemaOf<PackOrderPackage>()(() => packageOf(PackItemSchema)))
      .check(z.minLength(1, 'a pack request needs at least one package')),
    MetaData: z.optional(z.array(MetadataEntrySchema)),
    CustomsDocumentation: z.optional(CustomsDocumentationSchema),
    Tags: z.optional(TagsSchema),
  }),
);

export const PackResultSchema = lazySchema(() =>
  z.looseObject({
    Result: text,
    Message: text,
    Data: z.nullish(z.unknown()),
    ApiLinks: z.nullish(z.array(ApiLinkSchema)),
  }),
);

/** What Pack Order answers: the spec's reference(s), or the real service's `{ Results: [...] }`. */
export const PackOrderResponseSchema = lazySchema(() =>
  z.union([z.string(), z.array(z.string()), z.looseObject({ Results: z.array(PackResultSchema) })]),
);

/**
 * The consignment one Pack Order result names. A result may link it several times (`Consignment
 * …/consignments/EC-1`, `Label …/labels/EC-1`): its `Consignment` link counts, else its first link that
 * ends in a consignment reference.
 */
function consignmentOfResult(links: readonly ApiLink[]): ConsignmentReference | undefined {
  const consignmentLinks = links.filter((link) => link.Rel?.toLowerCase() === 'consignment');
  return (
    referencesInLinks(consignmentLinks, ConsignmentReferenceSchema)[0] ??
    referencesInLinks(links, ConsignmentReferenceSchema)[0]
  );
}

/** A result's `Data`, when it is a consignment reference: the real service names the consignment there too. */
function consignmentInData(data: unknown): ConsignmentReference | undefined {
  return isReference(ConsignmentReferenceSchema, data) ? data : undefined;
}

/** The consignments Pack Order created, each once, the outbound one before the return one. */
export function packedConsignments(
  body: z.infer<typeof PackOrderResponseSchema>,
): [ConsignmentReference, ...ConsignmentReference[]] | undefined {
  if (typeof body === 'string' || Array.isArray(body)) {
    const references = [body].flat();
    // As for the `Results` shape below: a pack that names no consignment is no answer.
    return references.length > 0 &&
      references.every((value) => isReference(ConsignmentReferenceSchema, value))
      ? ([...new Set(references)] as [ConsignmentReference, ...ConsignmentReference[]])
      : undefined;
  }
  const isReturn = (result: { Result?: string | null }) => /return/i.test(result.Result ?? '');
  const ordered = [...body.Results.filter((r) => !isReturn(r)), ...body.Results.filter(isReturn)];
  const references = new Set(
    ordered
      .map((result) => consignmentOfResult(result.ApiLinks ?? []) ?? consignmentInData(result.Data))
      .filter((reference) => reference !== undefined),
  );
  return references.size > 0
    ? ([...references] as [ConsignmentReference, ...ConsignmentReference[]])
    : undefined;
}
