import { json } from '../router.js';
import { ErrorCode, fail } from './errors.js';
import type { OrdersContext, ServiceGroup } from './state.js';

/**
 * The organisation's service groups, read only: the groups the store holds (`economy`, `valuableGoods`,
 * `international` are seeded; `store.orders.addServiceGroup` adds more), the same groups Allocate
 * Consignment With Service Group and Get Service Group Quotes use.
 */

/**
 * A group as the service answers it (`MpdCarrierServiceGroup`): its code, name and description. Its
 * services are not part of the answer: the reference does not name the field that would hold them.
 */
const answerOf = (group: ServiceGroup) => ({
  Reference: group.Reference,
  Name: group.Name,
  Description: group.Description ?? null,
  CustomerReference: null,
});

/** The group named in the path; 404 `ServiceGroupNotFound` for an unknown code (codes match in any case). */
function groupOf(context: OrdersContext): ServiceGroup {
  const reference = context.params.serviceGroupReference ?? '';
  const group =
    context.store.orders.serviceGroups.get(reference) ??
    [...context.store.orders.serviceGroups.values()].find(
      (entry) => entry.Reference.toLowerCase() === reference.toLowerCase(),
    );
  if (!group) return fail(404, ErrorCode.ServiceGroupNotFound, `Service group ${reference} not found`);
  return group;
}

/** GET /servicegroups and GET /servicegroups/summaries: every group, in the order they were added. */
export function getServiceGroups(context: OrdersContext): Response {
  return json([...context.store.orders.serviceGroups.values()].map(answerOf));
}

/** GET /servicegroups/:serviceGroupReference and GET /servicegroups/summary/:serviceGroupReference. */
export function getServiceGroup(context: OrdersContext): Response {
  return json(answerOf(groupOf(context)));
}

/** GET /servicegroups/:serviceGroupReference/available: `true` when no group has the code yet. */
export function isServiceGroupReferenceAvailable(context: OrdersContext): Response {
  const reference = (context.params.serviceGroupReference ?? '').toLowerCase();
  const taken = [...context.store.orders.serviceGroups.keys()].some((key) => key.toLowerCase() === reference);
  return json(!taken);
}
