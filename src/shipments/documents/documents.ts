import * as z from 'zod/mini';
import { type ClientBase, transportOf } from '../../core/client-base.js';
import { lazySchema } from '../../core/lazy-schema.js';
import type { RequestOptions } from '../../core/options.js';
import {
  ShipmentGroupReferenceSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../../core/references.js';
import { Resource } from '../../core/resource.js';
import { defineOperation } from '../../core/transport.js';
import { checkInput } from '../../core/validation.js';
import {
  CustomReferenceSchema,
  type ShipmentGroupSelector,
  ShipmentGroupSelectorSchema,
} from '../groups/schemas.js';
import { type CollectionNote, CollectionNoteSchema } from './collection-notes.js';
import {
  type ShipmentDocument,
  ShipmentDocumentSchema,
  type ShipmentDocumentType,
  ShipmentDocumentTypeSchema,
} from './customs.js';
import { PaperlessDocuments } from './paperless.js';

/** A shipment's customs documents, a shipment group's collection note, and paperless documents. */
export class ShipmentDocuments extends Resource {
  /** Documents sent to the carrier with a shipment's data (paperless trade): add, read, remove. */
  readonly paperless: PaperlessDocuments;

  /** Mounted by {@link ShipmentsClient}; not meant to be built on its own. */
  constructor(client: ClientBase) {
    super(client);
    this.paperless = new PaperlessDocuments(client);
  }

  /** @vendor Get Customs Documents @internal */
  static readonly getAll = defineOperation<ShipmentDocument[]>({
    name: 'getDocuments',
    method: 'GET',
    path: 'documents/{shipmentReference}',
    params: { shipmentReference: ShipmentReferenceSchema },
    response: lazySchema(() => z.array(ShipmentDocumentSchema)),
    // 204 when the shipment has none.
    whenEmpty: [],
    retry: 'repeatable',
  });

  /**
   * Get Customs Documents: a shipment's documents other than its labels (a commercial invoice, a CN22 or
   * CN23 for an international shipment), each a document object that {@link decodeDocument} and
   * `saveDocument` take. An empty list when the service has none (it answers 204). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment.
   *
   * @example
   * ```ts
   * for (const document of await shipments.documents.getAll('sp_01hzy…')) {
   *   const { bytes } = decodeDocument(document);
   * }
   * ```
   */
  getAll(shipmentReference: ShipmentReference, options?: RequestOptions): Promise<ShipmentDocument[]> {
    return transportOf(this).send(ShipmentDocuments.getAll, { params: { shipmentReference } }, options);
  }

  /** @vendor Get CN22 / Get CN23 / Get Commercial Invoice @internal */
  static readonly get = defineOperation<ShipmentDocument | null>({
    name: 'getDocument',
    // The files have one route per type (Get CN22, Get CN23, Get Commercial Invoice); the SDK sends the type.
    method: 'GET',
    path: 'documents/{shipmentReference}/{documentType}',
    params: { shipmentReference: ShipmentReferenceSchema, documentType: ShipmentDocumentTypeSchema },
    response: lazySchema(() => z.nullable(ShipmentDocumentSchema)),
    // The per-type routes answer 204, no body, when the shipment has no such document.
    whenEmpty: null,
    retry: 'repeatable',
  });

  /**
   * Get CN22, Get CN23, Get Commercial Invoice: one of a shipment's documents by type
   * (`commercial_invoice`, `cn22`, `cn23`). `null` when the shipment has no document of that type (the
   * service answers 204 with no body, for example a domestic shipment's CN22). Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a type other than those three (the vendor
   *   has no route for it; a collection note comes from {@link ShipmentDocuments.getCollectionNote}), and
   *   for `label`: labels come only from {@link ShipmentLabels.get} and
   *   {@link ShipmentLabels.getForContents}.
   * @throws {@link NotFoundError} for an unknown shipment.
   */
  get(
    shipmentReference: ShipmentReference,
    documentType: ShipmentDocumentType,
    options?: RequestOptions,
  ): Promise<ShipmentDocument | null> {
    return transportOf(this).send(
      ShipmentDocuments.get,
      { params: { shipmentReference, documentType } },
      options,
    );
  }

  /**
   * @internal Three routes of the collection notes file, one method: by the group's reference, or by its
   * custom reference and a version (a number, or `latest`, which has a route of its own).
   */
  static readonly getCollectionNote = {
    /** @vendor Get Collection Note by Shipment Group */
    byGroup: defineOperation<CollectionNote>({
      name: 'getCollectionNote',
      method: 'GET',
      path: 'collection_notes/shipment_group/{groupReference}',
      params: { groupReference: ShipmentGroupReferenceSchema },
      response: CollectionNoteSchema,
      retry: 'repeatable',
    }),
    /** @vendor Get Collection Note by Custom Reference and Version */
    byVersion: defineOperation<CollectionNote>({
      name: 'getCollectionNote',
      method: 'GET',
      path: 'collection_notes/shipment_group/custom_reference/{customReference}/{version}',
      params: {
        customReference: CustomReferenceSchema,
        version: lazySchema(() => z.int().check(z.positive())),
      },
      response: CollectionNoteSchema,
      retry: 'repeatable',
    }),
    /** @vendor Get Collection Note by Custom Reference */
    latest: defineOperation<CollectionNote>({
      name: 'getCollectionNote',
      method: 'GET',
      path: 'collection_notes/shipment_group/custom_reference/{customReference}/latest',
      params: { customReference: CustomReferenceSchema },
      response: CollectionNoteSchema,
      retry: 'repeatable',
    }),
  };

  /**
   * Get Collection Note: the driver's sheet of a locked (or closed) shipment group, a document object
   * ({@link decodeDocument} takes it; its `dpi` may be `null`). The group is given by its reference
   * (`{ reference: 'sg_…' }`) or by its custom reference and a version (`{ customReference, version }`,
   * `version` a positive integer or `'latest'`): each is its own route of the vendor's file. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a malformed selector.
   * @throws {@link BadRequestError} when the group is still open.
   * @throws {@link NotFoundError} for an unknown group.
   *
   * @example
   * ```ts
   * const note = await shipments.documents.getCollectionNote({ customReference: 'evening-run', version: 'latest' });
   * ```
   */
  async getCollectionNote(group: ShipmentGroupSelector, options?: RequestOptions): Promise<CollectionNote> {
    // Async, so that a malformed selector rejects the promise, as every other refused input does.
    const selector = checkInput(ShipmentGroupSelectorSchema, group, 'shipment group selector');
    const { byGroup, byVersion, latest } = ShipmentDocuments.getCollectionNote;
    const transport = transportOf(this);
    if ('reference' in selector) {
      return transport.send(byGroup, { params: { groupReference: selector.reference } }, options);
    }
    const { customReference, version } = selector;
    return version === 'latest'
      ? transport.send(latest, { params: { customReference } }, options)
      : transport.send(byVersion, { params: { customReference, version } }, options);
  }
}
