import { json } from '../router.js';
import { detailLink } from './consignments/consignment.js';
import { ErrorCode, fail, invalid } from './errors.js';
import type { OrdersContext } from './state.js';
import { isConsignmentReference, sameState } from './util.js';
import { requireBodyObject } from './validate.js';

/**
 * Dispatch: a `Manifested` consignment becomes `Dispatched` (the states page's "Mark as Dispatched"), and
 * its tracking gains a `Dispatched` event. Each consignment has its own result; a call that names only
 * unknown consignments is a 404.
 */

/** PUT /consignments/Dispatch `{ ConsignmentReferences }`: 200 with `[{ Status, HttpStatusCode, Message }]`. */
export function dispatchConsignments(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const references = body.ConsignmentReferences;
  if (!Array.isArray(references) || references.length === 0) {
    invalid('ConsignmentReferences', 'must be a non-empty array of consignment references');
  }
  (references as unknown[]).forEach((reference, index) => {
    if (!isConsignmentReference(reference)) {
      fail(
        400,
        ErrorCode.InvalidReferenceFormat,
        `ConsignmentReferences[${index}] '${String(reference)}' is not a consignment reference`,
      );
    }
  });
  const unique = [...new Set(references as string[])];
  const { store } = context;
  if (unique.every((reference) => !store.orders.consignments.has(reference))) {
    fail(404, ErrorCode.ConsignmentNotFound, `Consignment(s) not found: ${unique.join(', ')}`);
  }
  const results = unique.map((reference) => {
    const consignment = store.orders.consignments.get(reference);
    // As the vendor's DispatchResponse: the consignment, the outcome, and a link to it.
    const named = { ConsignmentReferenceForAllLegsAssignedByMpd: reference };
    if (!consignment)
      return {
        ...named,
        Status: 'NotFound',
        HttpStatusCode: 404,
        Message: `Consignment ${reference} not found`,
      };
    if (!sameState(consignment.State, 'Manifested')) {
      return {
        ...named,
        Status: 'Failed',
        HttpStatusCode: 400,
        Message: `Consignment ${reference} is ${consignment.State}: only Manifested consignments can be dispatched`,
      };
    }
    consignment.State = 'Dispatched';
    store.orders.addTrackingEvent(reference, {
      Code: 'Dispatched',
      Description: 'Dispatched from the shipping location',
    });
    return {
      ...named,
      Status: 'Success',
      HttpStatusCode: 200,
      Message: `Consignment ${reference} dispatched`,
      ApiLinks: detailLink(context, reference),
    };
  });
  return json(results);
}
