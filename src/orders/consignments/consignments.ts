import { Resource } from '../../core/resource.js';

/** Consignments: create, read, search, change, cancel, set (not) ready to ship, dispatch. */
export class Consignments extends Resource {}
