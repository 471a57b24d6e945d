import * as z from 'zod/mini';
import { transportOf } from '../../core/client-base.js';
import { ResponseValidationError } from '../../core/errors.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { type Call, defineOperation } from '../../core/operation.js';
import type { OperationName } from '../../core/operation-names.js';
import type { RequestOptions } from '../../core/options.js';
import { type ConsignmentReference, ConsignmentReferenceSchema } from '../../core/references.js';
import { Resource } from '../../core/resource.js';
import type { Schema } from '../../core/schema.js';
import type { Transport } from '../../core/transport.js';
import { checkInput } from '../../core/validation.js';
import { CONSIGNMENT_LABEL_FORMATS, type ConsignmentLabel, type ConsignmentLabelFormat } from '../labels.js';
import {
  ALLOCATION_OUTCOME,
  type AllocateAndGetLabelsResponse,
  AllocateAndGetLabelsResponseSchema,
  type AllocateAndGetLabelsResult,
  type AllocationSummary,
  consignmentInPath,
} from './schemas.js';
import { settleAllocation } from './settle.js';

// Allocating one consignment and getting its labels in the same round trip: the vendor's AllocationService.

/**
 * What an allocate-and-get-labels call returns: the allocation, as {@link ConsignmentAllocator.allocate}
 * reports it, and the labels, as {@link ConsignmentLabels.get} returns them (decode them with
 * `decodeDocument`; `saveConsignmentLabels` from `consignkit/node` saves this whole result).
 */
export interface AllocatedWithLabels {
  /** The consignment allocated. */
  consignmentReference: ConsignmentReference;
  /** Its allocation: the carrier service chosen, and the legs with their tracking references. */
  summary: AllocationSummary;
  /** Its labels, every package's in one file, in the format asked for. */
  label: ConsignmentLabel;
  /** Its return consignment's label, when it has one (the service then answers two results). */
  returnLabel?: ConsignmentLabel | undefined;
  /** The service's results as it sent them, one per label. */
  responses: AllocateAndGetLabelsResult[];
}

const labelFormatSchema = lazySchema(() => z.enum(CONSIGNMENT_LABEL_FORMATS));
const formatArgumentSchema = lazySchema(() =>
  z.string().check(
    z.refine((value) => (CONSIGNMENT_LABEL_FORMATS as readonly string[]).includes(value.toUpperCase()), {
      error: `format must be one of ${CONSIGNMENT_LABEL_FORMATS.join(', ')} (either case)`,
    }),
  ),
);
const choiceSchema = (what: string) =>
  lazySchema(() => z.string().check(z.minLength(1, `a ${what} is needed`)));

/**
 * Every variant is keyed by the consignment alone, as the single allocations are (docs/scale.md): what
 * the call does is allocate that consignment, once. The label format (and the service, group or quote)
 * says how, not what: a second call in another format after a done one must meet the first, read the
 * consignment `Allocated`, and send nothing (its labels are then fetched with `orders.labels.get`).
 */
const consignmentAlone = (call: Call) => ({ references: consignmentInPath(call), asks: '' });

/** One variant: `allocation/{consignment}{choice}/labels/{format}`, with the choice's own parameter. */
function withLabels(name: OperationName, choice = '', choiceParams = {}) {
  return defineOperation({
    name,
    method: 'PUT',
    path: `allocation/{consignmentReference}${choice}/labels/{labelFormat}`,
    params: {
      consignmentReference: ConsignmentReferenceSchema,
      ...(choiceParams as Record<string, Schema>),
      labelFormat: labelFormatSchema,
    },
    response: AllocateAndGetLabelsResponseSchema,
    retry: 'non-repeatable',
    // A lost answer is settled by the consignment's state, as any allocation's; the labels are then read
    // with Get Labels, never by allocating again.
    outcome: ALLOCATION_OUTCOME,
    references: consignmentInPath,
    ledgerKey: consignmentAlone,
  });
}

const isReturn = (result: AllocateAndGetLabelsResult) =>
  typeof result?.LabelType === 'string' && result.LabelType.toLowerCase() === 'return';
const reportsFailure = (result: AllocateAndGetLabelsResult) =>
  (typeof result.StatusCode === 'number' && result.StatusCode >= 400) ||
  (typeof result.Result === 'string' && /failed$/i.test(result.Result));

const labelOf = (result: AllocateAndGetLabelsResult | undefined): ConsignmentLabel | undefined =>
  typeof result?.LabelContent === 'string' && result.LabelContent !== ''
    ? { File: result.LabelContent, ContentType: result.LabelFileType ?? null }
    : undefined;

function summaryOf(result: AllocateAndGetLabelsResult): AllocationSummary {
  return {
    StatusCode: result.StatusCode,
    Description: result.Message,
    ApiLinks: result.ApiLinks,
    ConsignmentLegs: result.ConsignmentLegs,
    CarrierReference: result.CarrierReference,
    CarrierName: result.CarrierName,
    CarrierServiceReference: result.CarrierServiceReference,
    CarrierServiceName: result.CarrierServiceName,
  };
}

function actedWithout(
  operation: OperationName,
  consignment: ConsignmentReference,
  what: string,
  body: unknown,
) {
  return new ResponseValidationError(
    `${operation}: ${consignment} may be allocated, but the answer holds no ${what}. Do not allocate it again: read its state (orders.consignments.getStatus) and labels (orders.labels.get)`,
    { issues: [{ path: ['Responses'], message: `no ${what}` }], body, operation },
  );
}

/**
 * The allocation and the labels of an answer; an {@link AllocationError} when the consignment was not
 * allocated (its reason read as the other allocations read it).
 */
async function settleWithLabels(
  transport: Transport,
  operation: OperationName,
  consignmentReference: ConsignmentReference,
  body: AllocateAndGetLabelsResponse,
  options: RequestOptions | undefined,
): Promise<AllocatedWithLabels> {
  // Read defensively: with `validation: 'off'` the answer arrives unchecked.
  const responses = Array.isArray(body?.Responses) ? body.Responses : [];
  const own = responses.find((result) => result && !isReturn(result));
  if (!own) throw actedWithout(operation, consignmentReference, 'result for it', body);
  const summary = summaryOf(own);
  // A failed result is a failure summary: settling throws the AllocationError the other variants throw.
  await settleAllocation(
    transport,
    operation,
    [consignmentReference],
    [reportsFailure(own) ? { ...summary, StatusCode: Math.max(400, Number(own.StatusCode) || 0) } : summary],
    options,
  );
  const label = labelOf(own);
  if (!label) throw actedWithout(operation, consignmentReference, 'label', body);
  return {
    consignmentReference,
    summary,
    label,
    returnLabel: labelOf(responses.find(isReturn)),
    responses,
  };
}

/**
 * Allocation and labels in one call: allocates one consignment (by the default rules, to a carrier
 * service, within a service group, or to a quote's service) and answers its labels in the format asked
 * for. One round trip instead of allocating, then Get Labels.
 */
export class AllocationWithLabels extends Resource {
  async #send(
    operation: ReturnType<typeof withLabels>,
    consignmentReference: ConsignmentReference,
    choice: Record<string, string>,
    format: ConsignmentLabelFormat,
    options: RequestOptions | undefined,
  ): Promise<AllocatedWithLabels> {
    const labelFormat = checkInput(formatArgumentSchema, format, 'label format').toUpperCase();
    const transport = transportOf(this);
    const body = await transport.send(
      operation,
      { params: { consignmentReference, ...choice, labelFormat } },
      options,
    );
    return settleWithLabels(transport, operation.name, consignmentReference, body, options);
  }

  /** @vendor Allocate and get labels @internal */
  static readonly allocate = withLabels('allocateAndGetLabels');

  /**
   * Allocate and get labels: allocates the consignment to the cheapest eligible carrier service (the
   * allocation rules, as {@link ConsignmentAllocator.allocate}) and returns its summary with its labels in
   * `format`, every package's in one file (and its return consignment's label, when it has one).
   * Non-repeatable.
   *
   * @param format - `PDF`, `PNG`, `ZPL` or `ZPLII`, either case.
   * @throws {@link RequestValidationError} before sending, for an unknown format or a reference that is
   *   not `EC-…`.
   * @throws {@link AllocationError} when it was not allocated (no carrier service eligible), with the
   *   service's reason.
   * @throws {@link BadRequestError} when it is not `Unallocated` or `AllocationFailed`, or no service can
   *   take it; {@link NotFoundError} for an unknown consignment.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link OrdersClient.reconcile} (the consignment's state); once done, fetch the labels with
   *   {@link ConsignmentLabels.get}. Never allocate it again.
   *
   * @example
   * ```ts
   * const { summary, label } = await orders.allocation.withLabels.allocate(consignment, 'PDF');
   * const { bytes, extension } = decodeDocument(label);
   * console.log(summary.CarrierServiceName, bytes.length, extension);
   * ```
   */
  allocate(
    consignmentReference: ConsignmentReference,
    format: ConsignmentLabelFormat,
    options?: RequestOptions,
  ): Promise<AllocatedWithLabels> {
    return this.#send(AllocationWithLabels.allocate, consignmentReference, {}, format, options);
  }

  /** @vendor Allocate with service and get labels @internal */
  static readonly allocateWithCarrierService = withLabels(
    'allocateWithCarrierServiceAndGetLabels',
    '/carrierservice/{serviceReference}',
    { serviceReference: choiceSchema('carrier service reference') },
  );

  /**
   * Allocate with service and get labels: allocates the consignment to the carrier service named (a
   * quote's `MpdCarrierServiceReference`, the portal's service code) and returns its summary with its
   * labels in `format`. A consignment that service cannot carry is left `AllocationFailed`.
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an unknown format, an empty service or a
   *   reference that is not `EC-…`.
   * @throws {@link AllocationError} when it was not allocated.
   * @throws {@link BadRequestError} for an unknown service, or a consignment not `Unallocated` or
   *   `AllocationFailed`.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link OrdersClient.reconcile}, then fetch the labels with {@link ConsignmentLabels.get}.
   *
   * @example
   * ```ts
   * const { label } = await orders.allocation.withLabels.allocateWithCarrierService(consignment, 'MOCK-24', 'ZPL');
   * ```
   */
  allocateWithCarrierService(
    consignmentReference: ConsignmentReference,
    carrierServiceReference: string,
    format: ConsignmentLabelFormat,
    options?: RequestOptions,
  ): Promise<AllocatedWithLabels> {
    const choice = { serviceReference: carrierServiceReference };
    return this.#send(
      AllocationWithLabels.allocateWithCarrierService,
      consignmentReference,
      choice,
      format,
      options,
    );
  }

  /** @vendor Allocate with service group and get labels @internal */
  static readonly allocateWithServiceGroup = withLabels(
    'allocateWithServiceGroupAndGetLabels',
    '/servicegroup/{serviceGroupReference}',
    { serviceGroupReference: choiceSchema('service group reference') },
  );

  /**
   * Allocate with service group and get labels: allocates the consignment to the cheapest eligible
   * service of the group (its "Service Group Code" in the portal) and returns its summary with its labels
   * in `format`. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an unknown format, an empty group or a
   *   reference that is not `EC-…`.
   * @throws {@link AllocationError} when it was not allocated.
   * @throws {@link BadRequestError} when no service of the group can take it (it is then
   *   `AllocationFailed`), or it is not `Unallocated` or `AllocationFailed`; {@link NotFoundError} for an
   *   unknown group.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link OrdersClient.reconcile}, then fetch the labels with {@link ConsignmentLabels.get}.
   *
   * @example
   * ```ts
   * const { label } = await orders.allocation.withLabels.allocateWithServiceGroup(consignment, 'NEXT-DAY', 'PDF');
   * ```
   */
  allocateWithServiceGroup(
    consignmentReference: ConsignmentReference,
    serviceGroupReference: string,
    format: ConsignmentLabelFormat,
    options?: RequestOptions,
  ): Promise<AllocatedWithLabels> {
    return this.#send(
      AllocationWithLabels.allocateWithServiceGroup,
      consignmentReference,
      { serviceGroupReference },
      format,
      options,
    );
  }

  /** @vendor Allocate with quote reference and get labels @internal */
  static readonly allocateWithQuote = withLabels('allocateWithQuoteAndGetLabels', '/quote/{quoteReference}', {
    quoteReference: choiceSchema('quote reference'),
  });

  /**
   * Allocate with quote reference and get labels: allocates the consignment to the service of one of its
   * own quotes (from {@link ConsignmentQuotes.getForConsignment}), before the quote's `ExpiryDate`, and
   * returns its summary with its labels in `format`. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for an unknown format, an empty quote or a
   *   reference that is not `EC-…`.
   * @throws {@link AllocationError} when it was not allocated.
   * @throws {@link BadRequestError} for another consignment's quote, an expired one, or a consignment not
   *   `Unallocated` or `AllocationFailed`; {@link NotFoundError} for an unknown quote.
   * @throws {@link OutcomeUnknownError} when it may have been allocated but no answer came: settle it with
   *   {@link OrdersClient.reconcile}, then fetch the labels with {@link ConsignmentLabels.get}.
   *
   * @example
   * ```ts
   * const { Quotes } = await orders.quotes.getForConsignment(consignment);
   * const cheapest = cheapestQuote(Quotes);
   * if (cheapest) {
   *   const { label } = await orders.allocation.withLabels.allocateWithQuote(consignment, cheapest.QuoteReference, 'PDF');
   * }
   * ```
   */
  allocateWithQuote(
    consignmentReference: ConsignmentReference,
    quoteReference: string,
    format: ConsignmentLabelFormat,
    options?: RequestOptions,
  ): Promise<AllocatedWithLabels> {
    return this.#send(
      AllocationWithLabels.allocateWithQuote,
      consignmentReference,
      { quoteReference },
      format,
      options,
    );
  }
}
