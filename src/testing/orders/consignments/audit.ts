import { json } from '../../router.js';
import type { JsonObject, OrdersContext, OrdersStore, StoredConsignment } from '../state.js';
import { hex32, isoWithOffset, sameState } from '../util.js';
import { requireConsignment } from '../validate.js';
import { failedAllocationOf } from './milestones.js';

/**
 * A consignment's audit messages (Get Audit Messages), as the mock's own history produces them: the
 * changes it records as they happen (allocation, manifest, deallocation, cancellation, labels printed,
 * and the edits of address, details and customer reference), and what the consignment itself keeps the
 * time of (its creation, its last failed allocation or manifest, the carrier's tracking events).
 */

/** What one audit message says; the id and the consignment are added when it is recorded. */
export interface AuditEntry {
  Category: 'ConsignmentLifecycle' | 'Tracking' | 'Labels';
  Severity: 'Low' | 'Medium' | 'High';
  Message: string;
  Details?: string | null;
  /** When it happened: the clock as last read, when left out (recording never steps the clock). */
  Timestamp?: string;
}

/** A GUID the same for the same input: a message read twice keeps its `Id`. */
function guidOf(input: string): string {
  const hex = hex32(input);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function message(reference: string, entry: AuditEntry, timestamp: string, key: string): JsonObject {
  return {
    Id: guidOf(`${reference}:${key}:${timestamp}`),
    Timestamp: isoWithOffset(new Date(timestamp)),
    ConsignmentReference: reference,
    Message: entry.Message,
    Severity: entry.Severity,
    Category: entry.Category,
    Username: 'System',
    AdditionalData: null,
    Details: entry.Details ?? null,
  };
}

/** Records an audit message for the consignment now (or at `entry.Timestamp`). */
export function recordAudit(store: OrdersStore, reference: string, entry: AuditEntry): void {
  const recorded = store.orders.auditMessages.get(reference) ?? [];
  const timestamp = entry.Timestamp ?? store.currentTime().toISOString();
  recorded.push(message(reference, entry, timestamp, `recorded-${recorded.length}`));
  store.orders.auditMessages.set(reference, recorded);
}

/** What a `changed` event means, from the state it left the consignment in. */
function changeOf(consignment: StoredConsignment): AuditEntry {
  if (sameState(consignment.State, 'Manifested'))
    return {
      Category: 'ConsignmentLifecycle',
      Severity: 'Low',
      Message: `Manifested with ${consignment.CarrierName ?? 'its carrier'}`,
    };
  if (sameState(consignment.State, 'Cancelled'))
    return { Category: 'ConsignmentLifecycle', Severity: 'Medium', Message: 'Cancelled' };
  if (sameState(consignment.State, 'Unallocated'))
    return { Category: 'ConsignmentLifecycle', Severity: 'Medium', Message: 'Deallocated' };
  return {
    Category: 'ConsignmentLifecycle',
    Severity: 'Low',
    Message: `State changed to ${consignment.State}`,
  };
}

/** Records the changes area A announces on the store, as they happen. */
export function auditConsignmentEvents(store: OrdersStore): void {
  store.on('allocated', (reference) => {
    const consignment = store.orders.getConsignment(reference);
    if (!consignment) return;
    recordAudit(store, reference, {
      Category: 'ConsignmentLifecycle',
      Severity: 'Low',
      Message: `Allocated to ${consignment.CarrierServiceName ?? consignment.CarrierServiceReference ?? 'a carrier service'}`,
      ...(consignment.AllocationDate ? { Timestamp: consignment.AllocationDate } : {}),
    });
  });
  store.on('changed', (reference) => {
    const consignment = store.orders.getConsignment(reference);
    if (consignment) recordAudit(store, reference, changeOf(consignment));
  });
  store.on('labelPrinted', (reference) => {
    if (store.orders.getConsignment(reference))
      recordAudit(store, reference, { Category: 'Labels', Severity: 'Low', Message: 'Labels printed' });
  });
}

/** Tracking codes that mean trouble for the delivery. */
const TROUBLE = ['DeliveryFailed', 'DeliveryFailedCardLeft', 'Delayed', 'Missing', 'Lost', 'Damaged'];

/** What the consignment keeps the time of: its creation, its last failures, the carrier's events. */
function derived(store: OrdersStore, consignment: StoredConsignment): JsonObject[] {
  const reference = consignment.Reference;
  const created: AuditEntry = {
    Category: 'ConsignmentLifecycle',
    Severity: 'Low',
    Message: consignment.OrderReference
      ? `Consignment created from order ${consignment.OrderReference}`
      : 'Consignment created',
  };
  const messages = [message(reference, created, consignment.DateCreated, 'created')];
  const failed = failedAllocationOf(consignment);
  if (typeof failed?.AttemptedAllocationDate === 'string') {
    const entry: AuditEntry = {
      Category: 'ConsignmentLifecycle',
      Severity: 'High',
      Message: 'Allocation failed',
      Details: typeof failed.Message === 'string' ? failed.Message : null,
    };
    messages.push(message(reference, entry, failed.AttemptedAllocationDate, 'allocation-failed'));
  }
  if (consignment.FailedManifestTimeStamp) {
    const entry: AuditEntry = {
      Category: 'ConsignmentLifecycle',
      Severity: 'High',
      Message: 'Manifest failed',
      Details: consignment.FailedManifestMessage ?? null,
    };
    messages.push(message(reference, entry, consignment.FailedManifestTimeStamp, 'manifest-failed'));
  }
  const events = store.orders.trackingEvents.get(reference) ?? [];
  events.forEach((event, index) => {
    // The mock's own allocation event: the lifecycle message recorded at allocation says it.
    if (event.Code === 'Allocated') return;
    const entry: AuditEntry = {
      Category: 'Tracking',
      Severity: TROUBLE.includes(event.Code) ? 'Medium' : 'Low',
      Message: event.Description,
      Details: event.Code,
    };
    messages.push(message(reference, entry, event.TimeStamp, `tracking-${index}`));
  });
  return messages;
}

/** GET /consignments/:consignmentReference/audit: every audit message of the consignment, oldest first. */
export function getConsignmentAuditMessages(context: OrdersContext): Response {
  const { store } = context;
  const consignment = requireConsignment(store, context.params.consignmentReference);
  const messages = [
    ...derived(store, consignment),
    ...(store.orders.auditMessages.get(consignment.Reference) ?? []),
  ];
  // Stable: messages of the same second keep the order they were recorded in.
  messages.sort((a, b) => Date.parse(a.Timestamp as string) - Date.parse(b.Timestamp as string));
  return json(messages);
}
