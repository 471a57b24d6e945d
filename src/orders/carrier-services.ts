import { Resource } from '../core/resource.js';
import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy-schema.js';
import { defineOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { schemaOf } from '../core/schema-of.js';
import type { Transport } from '../core/transport.js';
import { flag, text } from './wire-shapes.js';

// Carrier services: what the organisation's subscription can allocate to. Their `Reference` is what
// Allocate With Carrier Service takes as `MpdCarrierServiceReference` (the portal's "Service Code").

/**
 * One carrier service of the subscription (the vendor's `MpdCarrierService`). The operation pages only
 * name `Reference`; the other fields are those of the vendor's .NET SDK type, all optional.
 */
export interface CarrierService {
  /**
   * The carrier service's reference: pass it to {@link OrdersClient.allocateWithCarrierService}. A quote's
   * `MpdCarrierServiceReference` is the same value.
   */
  Reference: string;
  /** The service's display name (`Tracked 48`). */
  Name?: string | null | undefined;
  /** What the service is, in words. */
  Description?: string | null | undefined;
  /** The carrier's reference (`ROYALMAIL`): what {@link OrdersClient.getCollectionCalendar} takes. */
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
    Journey: z.nullish(z.array(z.record(z.string(), z.unknown()))),
    IsConfigured: flag,
  }),
);

/**
 * The carrier services of the subscription, as Get Available MPD Carrier Services and Get MPD Carrier
 * Services For Subscription answer (the vendor's `SubscriptionMpdCarrierServiceResponse`).
 */
export interface CarrierServices {
  /** The carrier services. */
  MpdCarrierServices?: CarrierService[] | null | undefined;
  /** Whether the service could read the subscription. */
  Success?: boolean | null | undefined;
  /** Why not, when it could not. */
  ErrorMessage?: string | null | undefined;
}
export const CarrierServicesSchema = schemaOf<CarrierServices>()(() =>
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
  z.union([CarrierServicesSchema, z.array(CarrierServiceSchema)]),
);

type CarrierServicesAnswer = CarrierServices | CarrierService[];

/** The list of services, from either form. */
function servicesOf(answer: CarrierServicesAnswer): CarrierService[] {
  return Array.isArray(answer) ? answer : (answer.MpdCarrierServices ?? []);
}

const getCarrierServicesOperation = defineOperation<CarrierServicesAnswer, CarrierService[]>({
  name: 'getCarrierServices',
  vendor: 'Get Available MPD Carrier Services',
  method: 'GET',
  path: 'carrierservices',
  response: carrierServicesAnswer,
  result: servicesOf,
  retry: 'repeatable',
});

/** Get Available MPD Carrier Services. */
export function getCarrierServices(
  transport: Transport,
  options?: RequestOptions,
): Promise<CarrierService[]> {
  return transport.send(getCarrierServicesOperation, {}, options);
}

const getCarrierServicesForSubscriptionOperation = defineOperation<CarrierServicesAnswer, CarrierService[]>({
  name: 'getCarrierServicesForSubscription',
  vendor: 'Get MPD Carrier Services for Subscription',
  method: 'GET',
  path: 'carriers',
  response: carrierServicesAnswer,
  result: servicesOf,
  retry: 'repeatable',
});

/** Get MPD Carrier Services for Subscription. */
export function getCarrierServicesForSubscription(
  transport: Transport,
  options?: RequestOptions,
): Promise<CarrierService[]> {
  return transport.send(getCarrierServicesForSubscriptionOperation, {}, options);
}

/** One carrier (the vendor's `Carrier`: a reference and a name). */
export interface Carrier {
  /** The carrier's reference (`ROYALMAIL`). */
  Reference?: string | null | undefined;
  /** Its display name. */
  Name?: string | null | undefined;
}
export const CarrierSchema = schemaOf<Carrier>()(() => z.looseObject({ Reference: text, Name: text }));

const getCarriersOperation = defineOperation({
  name: 'getCarriers',
  vendor: 'Get Carriers',
  method: 'GET',
  path: 'carriers/getcarriers',
  response: lazySchema(() => z.array(CarrierSchema)),
  retry: 'repeatable',
});

/** Get Carriers. */
export function getCarriers(transport: Transport, options?: RequestOptions): Promise<Carrier[]> {
  return transport.send(getCarriersOperation, {}, options);
}

/** The operations of carrier services and carriers, for the area's list. */
export const carrierServiceOperations = [
  getCarrierServicesOperation,
  getCarrierServicesForSubscriptionOperation,
  getCarriersOperation,
];

/** Carrier services and carriers. */
export class CarrierServices extends Resource {}
