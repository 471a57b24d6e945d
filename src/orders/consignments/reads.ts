import * as z from 'zod/mini';
import { defineRead } from '../../core/define-read.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { listOrEmpty, withLists } from '../../core/lists.js';
import { type OpenEnum, openEnum } from '../../core/open-enum.js';
import { defineOperation } from '../../core/operation.js';
import type { ConsignmentReference } from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';
import { checkInput } from '../../core/validation.js';
import { type ConsignmentState, issuedReference, text } from '../wire-shapes.js';
import {
  ConsignmentSchema,
  ConsignmentStatusSchema,
  consignmentPath,
  OrderConsignmentsResponseSchema,
  OrderReferencesBodySchema,
  withConsignmentLists,
} from './consignment.js';
import {
  type ConsignmentFilter,
  ConsignmentFilterSchema,
  type ConsignmentSummary,
  ConsignmentSummarySchema,
  filterQuery,
  refuseUnsetFilter,
  withSummaryState,
} from './search.js';

// The consignment reads beside Get Consignment and Search Consignments: with or without its metadata,
// its state alone, its audit messages, the references a filter matches, the consignments of orders, how
// many consignments are in a state, and the late ones. Declared here, pointed at by the statics of
// `Consignments` (consignments.ts), whose methods send them.

const SEVERITIES = ['None', 'Low', 'Medium', 'High', 'Critical'] as const;
const CATEGORIES = ['None', 'Tracking', 'ConsignmentLifecycle', 'Labels'] as const;
/** How much an audit message matters, as the vendor's `AuditMessageSeverity` names it. */
export type AuditMessageSeverity = OpenEnum<'None' | 'Low' | 'Medium' | 'High' | 'Critical'>;
/** What an audit message is about: the carrier's tracking, the consignment's lifecycle, or its labels. */
export type AuditMessageCategory = OpenEnum<'None' | 'Tracking' | 'ConsignmentLifecycle' | 'Labels'>;

/** One line of a consignment's history (the vendor's `ConsignmentAuditMessage`). */
export interface ConsignmentAuditMessage {
  /** The message's own id, a GUID. */
  Id: string;
  /** When it was written: ISO 8601 with an offset. */
  Timestamp: string;
  /** The consignment it is about, `EC-…`. */
  ConsignmentReference?: ConsignmentReference | null | undefined;
  /** What happened. */
  Message?: string | null | undefined;
  /** How much it matters (`None` unless the service says more). */
  Severity?: AuditMessageSeverity | null | undefined;
  /** What it is about (`None` unless the service says more). */
  Category?: AuditMessageCategory | null | undefined;
  /** Who caused it: a user's name, or `System`. */
  Username?: string | null | undefined;
  /** Any data the service keeps with it. */
  AdditionalData?: string | null | undefined;
  /** More about what happened. */
  Details?: string | null | undefined;
}
export const ConsignmentAuditMessageSchema = schemaOf<ConsignmentAuditMessage>()(() =>
  z.looseObject({
    Id: z.string(),
    Timestamp: z.string(),
    ConsignmentReference: z.nullish(
      z.string() as unknown as z.ZodMiniType<ConsignmentReference, ConsignmentReference>,
    ),
    Message: text,
    Severity: z.nullish(openEnum(SEVERITIES)),
    Category: z.nullish(openEnum(CATEGORIES)),
    Username: text,
    AdditionalData: text,
    Details: text,
  }),
);

/**
 * Get Late Consignments' answer (the vendor's `LateConsignmentsResponse`): the consignments past the
 * delivery date they were promised and not delivered, as Search Consignments lists them.
 */
export interface LateConsignments {
  /** How many late consignments match the filter. */
  TotalNumberOfLateConsignments: number;
  /** The late consignments: empty when there is none (the service then writes `null`). */
  ConsignmentSummaries: ConsignmentSummary[];
}
const lateConsignments = <Summaries extends z.ZodMiniType>(summaries: Summaries) =>
  z.looseObject({ TotalNumberOfLateConsignments: z.number(), ConsignmentSummaries: summaries });
export const LateConsignmentsSchema = schemaOf<LateConsignments>()(() =>
  lateConsignments(z.array(ConsignmentSummarySchema)),
);
// As answered: the service writes `null` for none.
const LateConsignmentsAnswerSchema = lazySchema(() =>
  lateConsignments(z.nullish(z.array(ConsignmentSummarySchema))),
);

/** The declarations of the reads; `Consignments` points a static at each. */
export const consignmentReads = {
  /** @vendor Get Consignment With Metadata */
  getWithMetadata: defineRead({
    name: 'getConsignmentWithMetadata',
    path: 'consignments/getconsignmentwithmetadata/{consignmentReference}',
    params: consignmentPath,
    // The vendor's .NET SDK answers it as the `Consignment` Get Consignment answers.
    response: ConsignmentSchema,
  }),
  /** @vendor Get Consignment Status */
  getStatus: defineRead({
    name: 'getConsignmentStatus',
    path: 'consignments/{consignmentReference}/status',
    params: consignmentPath,
    response: ConsignmentStatusSchema,
  }),
  /** @vendor Get Consignments References */
  getReferences: defineRead({
    name: 'getConsignmentReferences',
    path: 'consignments/getConsignmentReferences',
    // `null` when there is none, as the service writes an unset list: read as none.
    response: lazySchema(() => z.nullish(z.array(issuedReference<ConsignmentReference>()))),
    result: listOrEmpty,
  }),
  /** @vendor Get Consignments For Orders */
  getForOrders: defineOperation({
    name: 'getConsignmentsForOrders',
    // A read sent as PUT.
    method: 'PUT',
    path: 'orders/consignments',
    body: OrderReferencesBodySchema,
    response: OrderConsignmentsResponseSchema,
    result: withConsignmentLists,
    retry: 'repeatable',
  }),
  /** @vendor Get Consignment Only */
  getWithoutMetadata: defineRead({
    name: 'getConsignmentOnly',
    path: 'consignments/getconsignmentonly/{consignmentReference}',
    params: consignmentPath,
    // The vendor's .NET SDK answers it as the `Consignment` Get Consignment answers.
    response: ConsignmentSchema,
  }),
  /** @vendor Get Audit Messages */
  getAuditMessages: defineRead({
    name: 'getConsignmentAuditMessages',
    path: 'consignments/{consignmentReference}/audit',
    params: consignmentPath,
    // `null` when there is none, as the service writes an unset list: read as none.
    response: lazySchema(() => z.nullish(z.array(ConsignmentAuditMessageSchema))),
    result: (messages) => messages ?? [],
  }),
  /** @vendor Get Count of Consignments by State */
  count: defineRead({
    name: 'countConsignments',
    path: 'consignments/count',
    response: lazySchema(() => z.int().check(z.minimum(0))),
  }),
  /** @vendor Get Late Consignments */
  getLate: defineRead({
    name: 'getLateConsignments',
    path: 'consignments/late',
    response: LateConsignmentsAnswerSchema,
    result: (answer): LateConsignments => {
      const late = withLists(answer, 'ConsignmentSummaries');
      return { ...late, ConsignmentSummaries: late.ConsignmentSummaries.map(withSummaryState) };
    },
  }),
};

const stateSchema = lazySchema(() =>
  z.string().check(z.refine((state) => state.trim() !== '', 'must not be blank')),
);

/** Get Count of Consignments by State's query: `state`, when one is given. */
export function countQuery(state: ConsignmentState | undefined): Record<string, string> {
  return state === undefined ? {} : { state: checkInput(stateSchema, state, 'state', ['state']) };
}

/** Get Late Consignments' query: the filter, checked, named as the data contracts name it. */
export function lateQuery(filter: ConsignmentFilter): Record<string, string> {
  refuseUnsetFilter(filter, 'consignments.getLate filter');
  return filterQuery(checkInput(ConsignmentFilterSchema, filter, 'consignments.getLate filter'));
}
