import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import type { ConsignmentReference } from '../core/references.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { consignmentPath } from './consignments/consignment.js';
import { text } from './wire-shapes.js';

// Tracking: what the carriers reported of a consignment, package by package and leg by leg.

/** One event a carrier reported. */
export interface TrackingEvent {
  /** When it happened (ISO 8601 with offset). */
  TimeStamp?: string | null | undefined;
  /** The kind of event, in the service's standard codes (`Delivered`…). */
  Code?: string | null | undefined;
  /** What happened, in words. */
  Description?: string | null | undefined;
  /** Who signed for the package, when someone did. */
  SignedBy?: string | null | undefined;
  /** Where it happened. */
  Location?: string | null | undefined;
}
/** One leg of a package's journey, with one carrier service. */
export interface TrackingLeg {
  /** The carrier service of this leg. */
  CarrierServiceName?: string | null | undefined;
  /** Its events, oldest first. */
  Events?: TrackingEvent[] | null | undefined;
}
/** One package's tracking. */
export interface TrackedPackage {
  /** The package's reference, `EP-…`. */
  PackageReferenceForAllLegsAssignedByMpd?: string | null | undefined;
  /** The legs of its journey. */
  Legs?: TrackingLeg[] | null | undefined;
}
/** A consignment's tracking: its packages, their legs, and each leg's events. */
export interface Tracking {
  /** The consignment, `EC-…`. */
  ConsignmentReferenceForAllLegsAssignedByMpd?: string | null | undefined;
  /** Its packages. */
  TrackedPackages?: TrackedPackage[] | null | undefined;
}
const TrackingEventSchema = schemaOf<TrackingEvent>()(() =>
  z.looseObject({ TimeStamp: text, Code: text, Description: text, SignedBy: text, Location: text }),
);
export const TrackingSchema = schemaOf<Tracking>()(() =>
  z.looseObject({
    ConsignmentReferenceForAllLegsAssignedByMpd: text,
    TrackedPackages: z.nullish(
      z.array(
        schemaOf<TrackedPackage>()(() =>
          z.looseObject({
            PackageReferenceForAllLegsAssignedByMpd: text,
            Legs: z.nullish(
              z.array(
                schemaOf<TrackingLeg>()(() =>
                  z.looseObject({
                    CarrierServiceName: text,
                    Events: z.nullish(z.array(TrackingEventSchema)),
                  }),
                ),
              ),
            ),
          }),
        ),
      ),
    ),
  }),
);

/** One event of Get Events Per Package: a {@link TrackingEvent} with the carrier service it happened on. */
export interface FlattenedTrackingEvent extends TrackingEvent {
  /** The carrier service of the leg the event belongs to. */
  CarrierServiceName?: string | null | undefined;
}
/** One package's events, all legs together, oldest first. */
export interface FlattenedTrackedPackage {
  /** The package's reference, `EP-…`. */
  PackageReferenceForAllLegsAssignedByMpd?: string | null | undefined;
  /** Its events, whatever the leg. */
  Events?: FlattenedTrackingEvent[] | null | undefined;
}
/** A consignment's tracking with no legs: each package and its events (Get Events Per Package). */
export interface FlattenedTracking {
  /** The consignment, `EC-…`. */
  ConsignmentReferenceForAllLegsAssignedByMpd?: string | null | undefined;
  /** Its packages. */
  TrackedPackages?: FlattenedTrackedPackage[] | null | undefined;
}
export const FlattenedTrackingSchema = schemaOf<FlattenedTracking>()(() =>
  z.looseObject({
    ConsignmentReferenceForAllLegsAssignedByMpd: text,
    TrackedPackages: z.nullish(
      z.array(
        schemaOf<FlattenedTrackedPackage>()(() =>
          z.looseObject({
            PackageReferenceForAllLegsAssignedByMpd: text,
            Events: z.nullish(
              z.array(
                schemaOf<FlattenedTrackingEvent>()(() =>
                  z.looseObject({
                    TimeStamp: text,
                    Code: text,
                    Description: text,
                    SignedBy: text,
                    Location: text,
                    CarrierServiceName: text,
                  }),
                ),
              ),
            ),
          }),
        ),
      ),
    ),
  }),
);

/** What the carriers reported of a consignment: package by package and leg by leg, or per package. */
export class ConsignmentTracking extends Resource {
  /** @vendor Get Tracking Events @internal */
  static readonly get = defineOperation({
    name: 'getTracking',
    method: 'GET',
    path: 'tracking/{consignmentReference}',
    params: consignmentPath,
    response: TrackingSchema,
    retry: 'repeatable',
  });

  /**
   * Get Tracking Events: a consignment's tracking, package by package and leg by leg, each leg with the
   * events its carrier reported (`TimeStamp`, `Code`, `Description`, `SignedBy`, `Location`). Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   *
   * @example
   * ```ts
   * const tracking = await orders.tracking.get(consignment);
   * for (const trackedPackage of tracking.TrackedPackages ?? []) {
   *   const events = (trackedPackage.Legs ?? []).flatMap((leg) => leg.Events ?? []);
   *   console.log(trackedPackage.PackageReferenceForAllLegsAssignedByMpd, events.at(-1)?.Code);
   * }
   * ```
   */
  get(consignmentReference: ConsignmentReference, options?: RequestOptions): Promise<Tracking> {
    return transportOf(this).send(ConsignmentTracking.get, { params: { consignmentReference } }, options);
  }

  /** @vendor Get Events Per Package @internal */
  static readonly getPerPackage = defineOperation({
    name: 'getFlattenedTracking',
    method: 'GET',
    path: 'tracking/flattened/{consignmentReference}',
    params: consignmentPath,
    response: FlattenedTrackingSchema,
    retry: 'repeatable',
  });

  /**
   * Get Events Per Package: a consignment's tracking with no legs, each package with all its events, each
   * event naming its `CarrierServiceName`. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   */
  getPerPackage(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<FlattenedTracking> {
    return transportOf(this).send(
      ConsignmentTracking.getPerPackage,
      { params: { consignmentReference } },
      options,
    );
  }
}
