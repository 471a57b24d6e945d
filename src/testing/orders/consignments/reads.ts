import { json } from '../../router.js';
import type { OrdersContext, OrdersStore, StoredConsignment } from '../state.js';
import { dayOf, epochDay, isObject, sameState } from '../util.js';
import { requireConsignment } from '../validate.js';
import { consignmentBody } from './consignment.js';
import { milestonesOf } from './milestones.js';
import { matching, summaryOf } from './search.js';

/**
 * The consignment reads beside Get Consignment: the consignment without its metadata (Get Consignment
 * Only), how many consignments are in a state (Get Count of Consignments by State), and the late ones
 * (Get Late Consignments).
 */

/** The consignment's, its packages' and its items' metadata, left out. */
function withoutMetadata(body: Record<string, unknown>): Record<string, unknown> {
  const packages = Array.isArray(body.Packages) ? body.Packages : [];
  return {
    ...body,
    MetaData: [],
    Packages: packages.map((pkg) => {
      if (!isObject(pkg)) return pkg;
      const { MetaData: _metaData, ...rest } = pkg;
      const items = Array.isArray(rest.Items) ? rest.Items : undefined;
      return items
        ? {
            ...rest,
            Items: items.map((item) => {
              if (!isObject(item)) return item;
              const { MetaData: _itemMetaData, ...fields } = item;
              return fields;
            }),
          }
        : rest;
    }),
  };
}

/** GET /consignments/getconsignmentonly/:consignmentReference: the consignment as Get Consignment answers it, without metadata. */
export function getConsignmentOnly(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  return json(withoutMetadata(consignmentBody(context.store, consignment)));
}

/** GET /consignments/count?state=…: how many consignments are in the state; every consignment without one. */
export function countConsignments(context: OrdersContext): Response {
  const state = context.query.get('state') ?? context.query.get('State');
  const consignments = [...context.store.orders.consignments.values()];
  const counted =
    state === null || state === ''
      ? consignments
      : consignments.filter((consignment) => sameState(consignment.State, state));
  return json(counted.length);
}

const FINISHED = ['Cancelling', 'Cancelled', 'Delivered', 'DeliveredDamaged', 'PartiallyDelivered'];

/**
 * Whether the consignment is late on the store's today: not delivered (nor cancelled), and the day it was
 * to be delivered by (its delivery window's end, else its requested delivery date) has passed, or the day
 * it was to ship has passed and it has not left the shipping location.
 */
export function isLate(store: OrdersStore, consignment: StoredConsignment): boolean {
  if (FINISHED.some((state) => sameState(state, consignment.State))) return false;
  const dates = milestonesOf(store, consignment);
  if (dates.delivered !== null) return false;
  // The clock as it stands: reading it must not move the times of what follows.
  const today = epochDay(store.currentTime().toISOString().slice(0, 10));
  const due = dayOf(consignment.LatestDeliveryDate) ?? dayOf(consignment.RequiredDeliveryDate);
  if (due !== undefined && epochDay(due) < today) return true;
  const ships = dayOf(consignment.ShippingDate);
  const left = dates.shipped !== null || dates.collected !== null;
  return ships !== undefined && epochDay(ships) < today && !left;
}

/**
 * GET /consignments/late?property=value…: the late consignments the search's properties match, oldest
 * first, as Search Consignments summarises them. `pageSize` and `startPage` page nothing, as the vendor's
 * own guide reports of these properties.
 */
export function getLateConsignments(context: OrdersContext): Response {
  const late = matching(context).filter((consignment) => isLate(context.store, consignment));
  const summaries = late.map((consignment) => ({ ...summaryOf(context, consignment), IsLate: true }));
  // As the service writes a list that holds nothing: unset, `null`.
  return json({
    TotalNumberOfLateConsignments: late.length,
    ConsignmentSummaries: summaries.length > 0 ? summaries : null,
  });
}
