import { Resource } from '../../core/resource.js';

/** Delivery and pickup options, and selecting them. */
export class DeliveryOptions extends Resource {}
