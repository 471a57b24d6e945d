import { AllocationError } from '../core/allocation-error.js';
import type { ApiError } from '../core/errors.js';
import type { Call } from '../core/operation.js';
import type { ShipmentReference } from '../core/references.js';
import type { ExcludedService } from './wire-shapes.js';

/**
 * Area B's allocation refused: the service answered 521 ("allocation has failed"), with the files' error
 * body or, on the routes only the older file has (`allocateShipment`), with none. No carrier service could
 * take the shipment(s), or the one asked for could not: a business outcome, not an outage. It is an
 * {@link AllocationError} (never an {@link InternalServerError}, so a "5xx: page someone" handler does not
 * catch it), and is never retried: the shipments are left `allocation_failed`, and allocating them again
 * as they are fails the same way.
 *
 * `message` says what failed, the service's reasons when its body has them (its `details`, and each
 * excluded service's reason), and what to try: another carrier service or service group, or quotes
 * ({@link ShipmentQuotes.getForShipment}), which list the services that can carry a shipment and
 * why the others cannot.
 *
 * @example
 * ```ts
 * try {
 *   await shipments.allocation.allocateWithCarrierService(shipment, 'MOCK-WORLD');
 * } catch (error) {
 *   if (!(error instanceof ShipmentAllocationError)) throw error;
 *   console.warn(error.message); // what failed, the service's reasons, what to try
 *   const { quotes } = await shipments.quotes.getForShipment(shipment);
 * }
 * ```
 */
export class ShipmentAllocationError extends AllocationError {
  /** {@inheritDoc ConsignkitError.name} */
  override name = 'ShipmentAllocationError' as const;
  /** The shipments that were not allocated: the one of a single allocation, or every one of a list. */
  readonly shipments: ShipmentReference[];
  /** The HTTP status, 521. */
  readonly status: number;
  /** The service's error code (`allocation_failed`), `undefined` when the body had none. */
  readonly code: string | undefined;
  /**
   * The service's reasons, in its words: each detail's `message`, then each excluded service's
   * `service_reference: reason`. Empty when the answer had no body (the older file's 521).
   */
  readonly reasons: string[];
  /** The services the body says were excluded, each with its `exclusion` (`reason`, `code`); empty when none. */
  readonly excludedServices: ExcludedService[];
  /** The service's details (`{ property, code, message }` entries), when it sent any. */
  readonly details: unknown[] | undefined;
  /** The service's correlation id for this failure: quote it to the service's support. */
  readonly correlationId: string | undefined;
  /** The parsed error body (`undefined` when it was empty). */
  readonly body: unknown;
  /** The response headers, redacted. */
  readonly headers: Record<string, string>;

  /** Made by the SDK; exported for `instanceof` and for tests of your own error handling. */
  constructor(answer: ApiError, shipments: ShipmentReference[]) {
    const excludedServices = listOf<ExcludedService>(field(answer.body, 'excluded_services'));
    const reasons = unique([
      ...(answer.details ?? []).flatMap((detail) => textOf(field(detail, 'message'))),
      ...excludedServices.flatMap((service) => {
        const reason = textOf(field(field(service, 'exclusion'), 'reason'));
        const named = textOf(field(field(service, 'carrier'), 'service_reference'));
        return reason.map((text) => (named.length > 0 ? `${named[0]}: ${text}` : text));
      }),
    ]);
    super(answer.operation, [], [], describe(answer, shipments, reasons));
    this.shipments = shipments;
    this.status = answer.status;
    this.code = answer.code;
    this.reasons = reasons;
    this.excludedServices = excludedServices;
    this.details = answer.details;
    this.correlationId = answer.correlationId;
    this.body = answer.body;
    this.headers = answer.headers;
  }
}

const field = (value: unknown, name: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
const textOf = (value: unknown): string[] => (typeof value === 'string' && value !== '' ? [value] : []);
const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const unique = (values: string[]) => [...new Set(values)];

/** What to try next, by the kind of allocation that was refused. */
function advice(operation: string): string {
  if (operation === 'allocateShipmentWithQuote')
    return 'Get fresh quotes (quotes.getForShipment) and allocate with one, or use another carrier service';
  if (operation === 'allocateShipmentsWithFilters')
    return 'Widen the filters, or allocate the shipments with a carrier service or service group';
  if (/WithCarrierService|WithServiceGroup|WithVirtualService/.test(operation))
    return 'Try another carrier service or service group, or get quotes (quotes.getForShipment) to see which services can carry it';
  return 'Get quotes (quotes.getForShipment) to see which services can carry it, then allocate with one, or change what the rules refused (weight, dates, tags)';
}

function describe(answer: ApiError, shipments: ShipmentReference[], reasons: string[]): string {
  const what =
    shipments.length === 1
      ? `shipment ${shipments[0]} could not be allocated`
      : `the ${shipments.length} shipments could not be allocated`;
  const status = `HTTP ${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
  const shown = reasons.slice(0, 5).join('; ');
  const more = reasons.length > 5 ? ` (and ${reasons.length - 5} more)` : '';
  const why =
    reasons.length > 0
      ? `: ${shown}${more}`
      : typeof field(answer.body, 'message') === 'string'
        ? `: ${field(answer.body, 'message')}`
        : ', and the service gave no reason';
  return `${answer.operation}: ${what} (${status})${why}. ${advice(answer.operation)}.`;
}

/** The status area B answers an allocation with when no carrier service could take the shipment(s). */
const ALLOCATION_FAILED = 521;

/** The shipments a call allocates: its path's, or its body's list. */
function shipmentsOf(call: Call): ShipmentReference[] {
  const single = call.params?.shipmentReference;
  if (typeof single === 'string') return [single as ShipmentReference];
  const listed = field(call.body, 'shipments');
  return Array.isArray(listed)
    ? listed.filter((item): item is ShipmentReference => typeof item === 'string')
    : [];
}

/** The `refusal` of every area B allocation: its 521 becomes a {@link ShipmentAllocationError}. */
export function allocationRefusal(error: ApiError, call: Call): ShipmentAllocationError | undefined {
  return error.status === ALLOCATION_FAILED
    ? new ShipmentAllocationError(error, shipmentsOf(call))
    : undefined;
}
