/**
 * The shape of area A's allocation summary, which core's allocation error carries: declared here so that
 * core imports nothing from the areas. Area A's schemas check answers against it (orders/allocation/schemas.ts).
 */

/**
 * What allocation returns for each allocated consignment: the carrier service chosen and the legs of
 * the journey. The spec does not show its fields; these are the real service's.
 */
export interface AllocationSummary {
  /** The outcome's status code (sent as a number or a string). */
  StatusCode?: number | string | null | undefined;
  /** The outcome, in words. */
  Description?: string | null | undefined;
  /** Links to the consignment's `detail` and its `label`. */
  ApiLinks?: ApiLink[] | null | undefined;
  /** The legs of the journey, each with its carrier and tracking references. */
  ConsignmentLegs?: ConsignmentLeg[] | null | undefined;
  /** The carrier chosen. */
  CarrierReference?: string | null | undefined;
  /** The carrier's display name. */
  CarrierName?: string | null | undefined;
  /** The carrier service chosen. */
  CarrierServiceReference?: string | null | undefined;
  /** The carrier service's display name. */
  CarrierServiceName?: string | null | undefined;
}

/** One leg of an allocated consignment's journey, and its carrier. */
export interface ConsignmentLeg {
  /** Which leg of the journey this is (sent as a number or a string). */
  Leg?: number | string | null | undefined;
  /** The carrier's tracking references for this leg. */
  TrackingReferences?: string[] | null | undefined;
  /** The carrier of this leg. */
  CarrierReference?: string | null | undefined;
  /** The carrier service of this leg. */
  CarrierServiceReference?: string | null | undefined;
  /** The carrier's display name. */
  CarrierName?: string | null | undefined;
}

/**
 * A link the service adds to a result, to a related resource. Its fields are kept as sent, `null` or
 * missing included: links come with the answers of manifests, allocations and packs, which have acted by
 * the time they are read, and an incomplete link must not turn their results into an error.
 */
export interface ApiLink {
  /** What the link points to, for example `detail` or `label`. */
  Rel?: string | null | undefined;
  /** The URL. */
  Href?: string | null | undefined;
}
