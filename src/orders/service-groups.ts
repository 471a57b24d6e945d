import * as z from 'zod/mini';
import { transportOf } from '../core/client-base.js';
import { defineRead } from '../core/define-read.js';
import { lazySchema } from '../core/lazy-schema.js';
import { listOrEmpty } from '../core/lists.js';
import type { RequestOptions } from '../core/options.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { text } from './wire-shapes.js';

// Service groups: the carrier services the organisation groups under a code in the vendor's web
// application, what Allocate Consignment With Service Group and Get Service Group Quotes take. Read only:
// groups are set up in that application, not through the SDK.

/**
 * A carrier service group (the vendor's `MpdCarrierServiceGroup`). The C# reference names that type as
 * the answer of every service-group read without defining it; the fields here are those of the type it
 * does define for a service group (`BasicCarrierServiceGroup`), and any other field the service sends is
 * kept as sent.
 */
export interface ServiceGroup {
  /** The group's code ("Service Group Code" in the web application): what allocation takes (`valuableGoods`). */
  Reference: string;
  /** The group's name. */
  Name?: string | null | undefined;
  /** What the group is for, in words. */
  Description?: string | null | undefined;
  /** The organisation the group belongs to (a GUID). */
  CustomerReference?: string | null | undefined;
}
export const ServiceGroupSchema = schemaOf<ServiceGroup>()(() =>
  z.looseObject({
    Reference: z.string(),
    Name: text,
    Description: text,
    CustomerReference: text,
  }),
);

/**
 * A service group's code as a path segment: letters, digits, `-`, `_` and `.`, starting with a letter or
 * digit, so that no code can change the path it is sent in.
 */
const notAGroupReference = { error: 'expected a service group reference' };
export const ServiceGroupReferenceSchema = lazySchema(() =>
  z.string(notAGroupReference).check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, notAGroupReference)),
);

// `null` when there is none, as the service writes an unset list: read as none.
const ServiceGroupListSchema = lazySchema(() => z.nullish(z.array(ServiceGroupSchema)));

/** The organisation's carrier service groups, read only. */
export class ServiceGroups extends Resource {
  /** @vendor Get Service Groups @internal */
  static readonly list = defineRead({
    name: 'getServiceGroups',
    path: 'servicegroups',
    response: ServiceGroupListSchema,
    result: listOrEmpty,
  });

  /**
   * Get Service Groups: the organisation's carrier service groups. An entry's `Reference` is what
   * {@link ConsignmentAllocator.allocateWithServiceGroup} takes. Repeatable.
   *
   * @example
   * ```ts
   * const groups = await orders.serviceGroups.list();
   * const economy = groups.find((group) => group.Name === 'Economy');
   * if (economy) await orders.allocation.allocateWithServiceGroup(consignment, economy.Reference);
   * ```
   */
  list(options?: RequestOptions): Promise<ServiceGroup[]> {
    return transportOf(this).send(ServiceGroups.list, {}, options);
  }

  /** @vendor Get Service Group @internal */
  static readonly get = defineRead({
    name: 'getServiceGroup',
    path: 'servicegroups/{serviceGroupReference}',
    params: { serviceGroupReference: ServiceGroupReferenceSchema },
    response: ServiceGroupSchema,
  });

  /**
   * Get Service Group: one carrier service group by its code. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a code that is not a path segment.
   * @throws {@link NotFoundError} for an unknown group.
   *
   * @example
   * ```ts
   * const group = await orders.serviceGroups.get('valuableGoods');
   * ```
   */
  get(serviceGroupReference: string, options?: RequestOptions): Promise<ServiceGroup> {
    return transportOf(this).send(ServiceGroups.get, { params: { serviceGroupReference } }, options);
  }

  /** @vendor Get Service Group Summaries @internal */
  static readonly listSummaries = defineRead({
    name: 'getServiceGroupSummaries',
    path: 'servicegroups/summaries',
    response: ServiceGroupListSchema,
    result: listOrEmpty,
  });

  /**
   * Get Service Group Summaries: the organisation's carrier service groups in summary, in the same
   * shape as {@link ServiceGroups.list} (the reference gives both one type). Repeatable.
   *
   * @example
   * ```ts
   * const codes = (await orders.serviceGroups.listSummaries()).map((group) => group.Reference);
   * ```
   */
  listSummaries(options?: RequestOptions): Promise<ServiceGroup[]> {
    return transportOf(this).send(ServiceGroups.listSummaries, {}, options);
  }

  /** @vendor Get Service Group Summary @internal */
  static readonly getSummary = defineRead({
    name: 'getServiceGroupSummary',
    path: 'servicegroups/summary/{serviceGroupReference}',
    params: { serviceGroupReference: ServiceGroupReferenceSchema },
    response: ServiceGroupSchema,
  });

  /**
   * Get Service Group Summary: one carrier service group in summary, by its code. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a code that is not a path segment.
   * @throws {@link NotFoundError} for an unknown group.
   *
   * @example
   * ```ts
   * const { Name } = await orders.serviceGroups.getSummary('economy');
   * ```
   */
  getSummary(serviceGroupReference: string, options?: RequestOptions): Promise<ServiceGroup> {
    return transportOf(this).send(ServiceGroups.getSummary, { params: { serviceGroupReference } }, options);
  }

  /** @vendor Is Reference Available @internal */
  static readonly isReferenceAvailable = defineRead({
    name: 'isServiceGroupReferenceAvailable',
    path: 'servicegroups/{serviceGroupReference}/available',
    params: { serviceGroupReference: ServiceGroupReferenceSchema },
    response: lazySchema(() => z.boolean()),
  });

  /**
   * Is Reference Available: whether no service group of the organisation has this code yet (`true`:
   * the code is free; `false`: a group has it, and {@link ServiceGroups.get} reads it). Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a code that is not a path segment.
   *
   * @example
   * ```ts
   * if (!(await orders.serviceGroups.isReferenceAvailable('economy'))) {
   *   console.log('economy is a service group of the organisation');
   * }
   * ```
   */
  isReferenceAvailable(serviceGroupReference: string, options?: RequestOptions): Promise<boolean> {
    return transportOf(this).send(
      ServiceGroups.isReferenceAvailable,
      { params: { serviceGroupReference } },
      options,
    );
  }
}
