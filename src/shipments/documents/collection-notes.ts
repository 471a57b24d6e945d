import * as z from 'zod/mini';
import { lazySchema } from '../../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../../core/open-enum.js';
import type { RequestOptions } from '../../core/options.js';
import { ShipmentGroupReferenceSchema } from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';
import { defineOperation, type Transport } from '../../core/transport.js';
import { checkInput } from '../../core/validation.js';
import {
  CustomReferenceSchema,
  type ShipmentGroupSelector,
  ShipmentGroupSelectorSchema,
} from '../groups/schemas.js';

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

// Three routes of the collection notes file, one method: by the group's reference, or by its custom
// reference and a version (a number, or `latest`, which has a route of its own).
const shared = {
  name: 'getCollectionNote',
  method: 'GET',
  response: CollectionNoteSchema,
  retry: 'repeatable',
} as const;
export const getCollectionNoteByGroupOperation = defineOperation<CollectionNote>({
  ...shared,
  vendor: 'Get Collection Note by Shipment Group',
  path: 'collection_notes/shipment_group/{groupReference}',
  params: { groupReference: ShipmentGroupReferenceSchema },
});
export const getCollectionNoteByVersionOperation = defineOperation<CollectionNote>({
  ...shared,
  vendor: 'Get Collection Note by Custom Reference and Version',
  path: 'collection_notes/shipment_group/custom_reference/{customReference}/{version}',
  params: { customReference: CustomReferenceSchema, version: lazySchema(() => z.int().check(z.positive())) },
});
export const getCollectionNoteLatestOperation = defineOperation<CollectionNote>({
  ...shared,
  vendor: 'Get Collection Note by Custom Reference',
  path: 'collection_notes/shipment_group/custom_reference/{customReference}/latest',
  params: { customReference: CustomReferenceSchema },
});

/** Get Collection Note, by the group's reference or its custom reference and version. */
export async function getCollectionNote(
  transport: Transport,
  group: ShipmentGroupSelector,
  options?: RequestOptions,
): Promise<CollectionNote> {
  const selector = checkInput(ShipmentGroupSelectorSchema, group, 'shipment group selector');
  if ('reference' in selector) {
    return transport.send(
      getCollectionNoteByGroupOperation,
      { params: { groupReference: selector.reference } },
      options,
    );
  }
  const { customReference, version } = selector;
  return version === 'latest'
    ? transport.send(getCollectionNoteLatestOperation, { params: { customReference } }, options)
    : transport.send(getCollectionNoteByVersionOperation, { params: { customReference, version } }, options);
}
