// Type tests (checked by `tsc`, never run): allocation results are typed by the references passed.
import type { AllocationSummary, ConsignmentReference, OrdersClient } from '../../src/index.js';

declare const orders: OrdersClient;
declare const one: ConsignmentReference;
declare const many: ConsignmentReference[];

export async function typed() {
  const [summary] = await orders.allocation.allocate([one]);
  // Defined under noUncheckedIndexedAccess: one reference passed, one summary back.
  const carrier: string | null | undefined = summary.CarrierName;
  const [first, second] = await orders.allocation.allocateWithCarrierService([one, one], 'RM-TRACKED48');
  const pair: [AllocationSummary, AllocationSummary] = [first, second];
  const list: AllocationSummary[] = await orders.allocation.allocate(many);
  return { carrier, pair, list };
}
