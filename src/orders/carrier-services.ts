import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import { listOrEmpty } from '../core/lists.js';
import { openObject } from '../core/open-object.js';
import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { flag, text } from './wire-shapes.js';

// Carrier services: what the organisation's subscription can allocate to. Their `Reference` is what
// Allocate With Carrier Service takes as `MpdCarrierServiceReference` (the portal's "Service Code").

/**
 * One carrier service of the subscription (the vendor's `MpdCarrierService`). The operation pages only
 * name `Reference`; the other fields are those of the vendor's .NET SDK type, all optional.
 */
export interface CarrierService {
  /**
   * The carrier service's reference: pass it to {@link ConsignmentAllocator.allocateWithCarrierService}. A quote's
   * `MpdCarrierServiceReference` is the same value.
   */
  Reference: string;
  /** The service's display name (`Tracked 48`). */
  Name?: string | null | undefined;
  /** What the service is, in words. */
  Description?: string | null | undefined;
  /** The carrier's reference (`ROYALMAIL`): what {@link CollectionCalendars.get} takes. */
  MpdCarrierReference?: string | null | undefined;
  /** The carrier's display name. */
  CarrierName?: string | null | undefined;
  /** Whose carrier account the service runs on. */
  CarrierAccountOwner?: string | null | undefined;
  /** Its status in the subscription (a number or a name, as the service sends it). */
  Status?: number | string | null | undefined;
  /** Where the service comes from (a number or a name; quotes show `2`). */
  Source?: number | string | null | undefined;
  /** Its kinds, comma-separated (`Timed, Scheduled`). */
  Type?: string | null | undefined;
  /** The legs a consignment travels on this service, each with its carrier's service. */
  Journey?: Record<string, unknown>[] | null | undefined;
  /** Whether the service is set up and ready to allocate to. */
  IsConfigured?: boolean | null | undefined;
}
/** Checks a {@link CarrierService}: its `Reference` is required. */
export const CarrierServiceSchema = schemaOf<CarrierService>()(() =>
  z.looseObject({
    Reference: z.string(),
    Name: text,
    Description: text,
    MpdCarrierReference: text,
    CarrierName: text,
    CarrierAccountOwner: text,
    Status: z.nullish(z.union([z.number(), z.string()])),
    Source: z.nullish(z.union([z.number(), z.string()])),
    Type: text,
    Journey: z.nullish(z.array(openObject<'the vendor documents no field of a journey stage'>())),
    IsConfigured: flag,
  }),
);

/**
 * The carrier services of the subscription, as Get Available MPD Carrier Services and Get MPD Carrier
 * Services For Subscription answer (the vendor's `SubscriptionMpdCarrierServiceResponse`).
 */
export interface SubscriptionCarrierServices {
  /** The carrier services. */
  MpdCarrierServices?: CarrierService[] | null | undefined;
  /** Whether the service could read the subscription. */
  Success?: boolean | null | undefined;
  /** Why not, when it could not. */
  ErrorMessage?: string | null | undefined;
}
// Not exported by the package: the wire answer of Get Carrier Services For Subscription, given back as its list.
export const SubscriptionCarrierServicesSchema = schemaOf<SubscriptionCarrierServices>()(() =>
  z.looseObject({
    MpdCarrierServices: z.nullish(z.array(CarrierServiceSchema)),
    Success: flag,
    ErrorMessage: text,
  }),
);

/**
 * The answer as sent: the vendor's object, or a bare list of services (the guide says "a list"; the SDK
 * reads either the same way).
 */
const carrierServicesAnswer = lazySchema(() =>
  z.union([SubscriptionCarrierServicesSchema, z.array(CarrierServiceSchema)]),
);

type CarrierServicesAnswer = SubscriptionCarrierServices | CarrierService[];

/** The list of services, from either form. */
function servicesOf(answer: CarrierServicesAnswer): CarrierService[] {
  return Array.isArray(answer) ? answer : (answer.MpdCarrierServices ?? []);
}

/** One carrier (the vendor's `Carrier`: a reference and a name). */
export interface Carrier {
  /** The carrier's reference (`ROYALMAIL`). */
  Reference?: string | null | undefined;
  /** Its display name. */
  Name?: string | null | undefined;
}
export const CarrierSchema = schemaOf<Carrier>()(() => z.looseObject({ Reference: text, Name: text }));

/** The carrier services the subscription can allocate to, and the carriers the service knows. */
export class CarrierServices extends Resource {
  /** @vendor Get Available MPD Carrier Services @internal */
  static readonly list = defineOperation<CarrierServicesAnswer, CarrierService[]>({
    name: 'getCarrierServices',
    method: 'GET',
    path: 'carrierservices',
    response: carrierServicesAnswer,
    result: servicesOf,
    retry: 'repeatable',
  });

  /**
   * Get Available MPD Carrier Services: the carrier services the subscription can allocate to. Each
   * service's `Reference` is what {@link ConsignmentAllocator.allocateWithCarrierService} takes (the
   * portal's "Service Code"); `MpdCarrierReference` is what {@link CollectionCalendars.get} takes.
   * The services are read from the vendor's `{ MpdCarrierServices: [...] }` answer, or from a bare list.
   * Repeatable.
   *
   * @throws {@link NotFoundError} when the service finds no subscription.
   *
   * @example
   * ```ts
   * const services = await orders.carrierServices.list();
   * const tracked = services.find((service) => service.Name === 'Tracked 48');
   * ```
   */
  list(options?: RequestOptions): Promise<CarrierService[]> {
    return transportOf(this).send(CarrierServices.list, {}, options);
  }

  /** @vendor Get MPD Carrier Services for Subscription @internal */
  static readonly listForSubscription = defineOperation<CarrierServicesAnswer, CarrierService[]>({
    name: 'getCarrierServicesForSubscription',
    method: 'GET',
    path: 'carriers',
    response: carrierServicesAnswer,
    result: servicesOf,
    retry: 'repeatable',
  });

  /**
   * Get MPD Carrier Services for Subscription (`GET /carriers`): the subscription's carrier services, as
   * {@link CarrierServices.list} reads them. The vendor's .NET SDK marks it deprecated beside that one;
   * prefer it. Repeatable.
   *
   * @throws {@link NotFoundError} when the service finds no subscription.
   */
  listForSubscription(options?: RequestOptions): Promise<CarrierService[]> {
    return transportOf(this).send(CarrierServices.listForSubscription, {}, options);
  }

  /** @vendor Get Carriers @internal */
  static readonly listCarriers = defineOperation({
    name: 'getCarriers',
    method: 'GET',
    path: 'carriers/getcarriers',
    // `null` when there is none, as the service writes an unset list: read as none.
    response: lazySchema(() => z.nullish(z.array(CarrierSchema))),
    result: listOrEmpty,
    retry: 'repeatable',
  });

  /**
   * Get Carriers: every carrier the service knows, each a `Reference` and a `Name`. Repeatable.
   *
   * @throws {@link NotFoundError} when the service has none to list.
   */
  listCarriers(options?: RequestOptions): Promise<Carrier[]> {
    return transportOf(this).send(CarrierServices.listCarriers, {}, options);
  }
}
