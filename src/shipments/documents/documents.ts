import { Resource } from '../../core/resource.js';
import type { ClientBase } from '../../core/client-base.js';
import { PaperlessDocuments } from './paperless.js';

/** A shipment's documents. */
export class ShipmentDocuments extends Resource {
  readonly paperless: PaperlessDocuments;
  constructor(client: ClientBase) {
    super(client);
    this.paperless = new PaperlessDocuments(client);
  }
}
