/**
 * What a group's membership changes share: how they address the group (by its `sg_`, or by its custom
 * reference and version), their ledger keys, and what a 304 to them means.
 */

import type { OperationName } from '../../core/operation-names.js';
import type { RequestOptions } from '../../core/options.js';
import {
  ShipmentGroupReferenceSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../../core/references.js';
import { type Call, defineOperation, type Operation, type Transport } from '../../core/transport.js';
import { checkInput } from '../../core/validation.js';
import { type ResourceResult, ResourceResultSchema } from '../wire-shapes.js';
import {
  CustomReferenceSchema,
  GroupVersionSchema,
  type ShipmentGroupSelector,
  ShipmentGroupSelectorSchema,
} from './schemas.js';

/** Why a lost membership change cannot be settled by a state, and what tells instead. */
export const MEMBERSHIP_UNSETTLED =
  'membership is no state a read compares: read the group (shipments.groups.get) and check its shipments before changing them again';

export const byReference = { groupReference: ShipmentGroupReferenceSchema };
export const byCustomReference = { customReference: CustomReferenceSchema, version: GroupVersionSchema };
export const memberByReference = { ...byReference, shipmentReference: ShipmentReferenceSchema };
export const memberByCustomReference = { ...byCustomReference, shipmentReference: ShipmentReferenceSchema };
export const customMemberReferences = (call: Call) => [
  String(call.params?.customReference),
  String(call.params?.shipmentReference),
];

/**
 * A membership change's ledger key: the group it changes, and the shipment it asks to add or remove, so
 * that changes of two shipments of one group never hold each other up.
 */
export const memberByReferenceKey = (call: Call) => ({
  references: [String(call.params?.groupReference)],
  asks: String(call.params?.shipmentReference),
});
export const memberByCustomReferenceKey = (call: Call) => ({
  references: [String(call.params?.customReference)],
  asks: `${String(call.params?.version)}/${String(call.params?.shipmentReference)}`,
});

/** What a 304 to a membership change says: nothing changed; the group as the call addressed it. */
export function membershipUnchanged(call: Call): ResourceResult {
  const { groupReference, customReference, shipmentReference } = call.params ?? {};
  return {
    reference: String(groupReference ?? customReference),
    ...(customReference === undefined ? {} : { custom_reference: String(customReference) }),
    message: `Shipment ${String(shipmentReference)} was already as asked: the group is unchanged`,
  };
}

// Not exported by the package: how the groups resource declares a membership change, not a type of the service.
/** A membership change's two addressings: by the group's reference, or by its custom reference. */
export interface MembershipOperations {
  byReference: Operation<ResourceResult>;
  byCustomReference: Operation<ResourceResult>;
}

/**
 * A membership change's two declarations, alike but for the path's group part, its params and its keys.
 * 304 (already a member, or not a member, in the data contracts) means the group is as asked.
 */
export function membershipOperations(name: OperationName, method: 'PUT' | 'DELETE'): MembershipOperations {
  const declare = (
    group: string,
    params: Operation['params'],
    ledgerKey: Operation['ledgerKey'],
    more = {},
  ) =>
    defineOperation<ResourceResult>({
      name,
      method,
      path: `shipment_groups/${group}/shipments/{shipmentReference}`,
      params,
      ledgerKey,
      response: ResourceResultSchema,
      retry: 'non-repeatable',
      outcome: { unsettled: MEMBERSHIP_UNSETTLED },
      alreadyDone: { statuses: [304], result: membershipUnchanged },
      ...more,
    });
  return {
    byReference: declare('{groupReference}', memberByReference, memberByReferenceKey),
    byCustomReference: declare(
      'custom_reference/{customReference}/{version}',
      memberByCustomReference,
      memberByCustomReferenceKey,
      { references: customMemberReferences },
    ),
  };
}

/**
 * Sends a membership change to the group as the selector addresses it. Async, so that a malformed
 * selector rejects the promise as a refused request does, rather than throwing at the call.
 */
export async function changeMembership(
  transport: Transport,
  pair: MembershipOperations,
  group: ShipmentGroupSelector,
  shipmentReference: ShipmentReference,
  options: RequestOptions | undefined,
): Promise<ResourceResult> {
  const selector = checkInput(ShipmentGroupSelectorSchema, group, 'shipment group selector');
  return 'reference' in selector
    ? transport.send(
        pair.byReference,
        { params: { groupReference: selector.reference, shipmentReference } },
        options,
      )
    : transport.send(
        pair.byCustomReference,
        {
          params: { customReference: selector.customReference, version: selector.version, shipmentReference },
        },
        options,
      );
}
