/** A shipment's customs documents (commercial invoice, CN22, CN23), as Get Customs Documents answers them. */
import * as z from 'zod/mini';
import { lazySchema } from '../../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../../core/open-enum.js';
import { schemaOf } from '../../core/schema-of.js';

/** The types of document Get Documents serves; labels come only from the label operations. */
export type ShipmentDocumentType = OpenEnum<'commercial_invoice' | 'cn22' | 'cn23'>;

/**
 * A shipment's document other than its label (a commercial invoice, a CN22 or CN23 customs form), as a
 * document object: decode it with {@link decodeDocument} or save it with `saveDocument`.
 */
export interface ShipmentDocument {
  /** Base64 of the file's bytes. */
  file: string;
  /** The declared MIME type, `application/pdf`. */
  content_type: string;
  /** What it is: `commercial_invoice`, `cn22`, `cn23`… */
  document_type: ShipmentDocumentType;
  /** How many copies to print (the customs files require it; read as sent, or missing). */
  copies?: number | null | undefined;
  /** Its resolution, when the service says. */
  dpi?: number | null | undefined;
}
export const ShipmentDocumentSchema = schemaOf<ShipmentDocument>()(() =>
  z.looseObject({
    file: z.string(),
    content_type: z.string(),
    document_type: openEnum<'commercial_invoice' | 'cn22' | 'cn23'>(),
    copies: z.nullish(z.number()),
    dpi: z.nullish(z.number()),
  }),
);

const PER_TYPE_ROUTES: readonly string[] = ['commercial_invoice', 'cn22', 'cn23'];

/**
 * Checks a document type to ask for: `commercial_invoice`, `cn22` or `cn23`, the only types the customs
 * documents file has a route for (labels come only from Get Labels).
 */
export const ShipmentDocumentTypeSchema = lazySchema(() =>
  z.string().check(
    z.regex(/^[a-z0-9_]{1,64}$/, {
      error: 'expected a document type such as commercial_invoice, cn22 or cn23',
    }),
    z.refine((type) => type !== 'label', {
      error:
        'labels come from labels.get and labels.getForContents (getLabels, getContentsLabel), not documents.get',
    }),
    // The customs documents file has a route for these three only (a collection note has its own API).
    z.refine((type) => type === 'label' || PER_TYPE_ROUTES.includes(type), {
      error: 'expected commercial_invoice, cn22 or cn23: the only types the vendor has a route for',
    }),
  ),
);
