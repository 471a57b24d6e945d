/** A shipment group's collection note, as Get Collection Note answers it. */
import * as z from 'zod/mini';
import { type OpenEnum, openEnum } from '../../core/open-enum.js';
import { schemaOf } from '../../core/schema-of.js';

/**
 * A shipment group's collection note, the driver's sheet: a document object whose `file` is Base64 (a
 * PDF, or text). Unlike a label, its `dpi` may be `null`.
 */
export interface CollectionNote {
  /** Base64 of the file's bytes: decode it with {@link decodeDocument}. */
  file: string;
  /** `application/pdf` or `text/plain`. */
  content_type: OpenEnum<'application/pdf' | 'text/plain'>;
  /** `collection_note`. */
  document_type: OpenEnum<'collection_note'>;
  /** Its resolution, when it has one. */
  dpi?: number | null | undefined;
}
export const CollectionNoteSchema = schemaOf<CollectionNote>()(() =>
  z.looseObject({
    file: z.string(),
    content_type: openEnum<CollectionNote['content_type']>(),
    document_type: openEnum<CollectionNote['document_type']>(),
    dpi: z.nullish(z.int()),
  }),
);
