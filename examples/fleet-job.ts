/**
 * The job both fleet examples run (fleet-pg-boss.ts, fleet-bullmq.ts): ship one consignment, that is
 * allocate it, wait for the allocation, manifest it, wait for the manifest. A queue delivers a job at least
 * once, so the job runs again after a crash: with a `ledger` on the client, a step an earlier run already
 * sent is settled by reading the service, never sent twice.
 */
import {
  type ConsignmentReference,
  OperationAlreadyDoneError,
  type OrdersClient,
  type WaitResult,
} from 'consignkit';
import { sampleOrder } from './sample-order.js';

/** A job's data: the consignment to ship. */
export interface ShipJob {
  consignment: ConsignmentReference;
}

/**
 * Sends one non-repeatable step. An earlier run of the same job may have sent it and died before
 * recording its outcome: the ledger then reads the service, and when the step is done it sends nothing and
 * throws {@link OperationAlreadyDoneError}, which here means "already done, go on".
 */
async function step(send: () => Promise<unknown>): Promise<'sent' | 'already done'> {
  try {
    await send();
    return 'sent';
  } catch (error) {
    if (error instanceof OperationAlreadyDoneError) return 'already done';
    throw error;
  }
}

function settled(what: string, result: WaitResult<string, string> | undefined) {
  // Still queued at the deadline: the job fails and the queue runs it again later. The next run's step
  // finds the queued work done (the ledger reads it) and waits again; nothing is sent twice.
  if (result?.status !== 'done') {
    throw new Error(
      `${result?.reference}: ${what} ${result?.status ?? 'unknown'} (${result?.state ?? 'not read'})`,
    );
  }
}

/** The job: safe to run any number of times, in any number of workers. */
export async function shipConsignment(orders: OrdersClient, consignment: ConsignmentReference) {
  const allocation = await step(() => orders.allocation.allocate([consignment]));
  const [allocated] = await orders.allocation.wait([consignment], { deadline: 30_000 });
  settled('allocation', allocated);
  const manifest = await step(() => orders.manifests.manifest([consignment]));
  const [manifested] = await orders.manifests.wait([consignment], { deadline: 30_000 });
  settled('manifest', manifested);
  return { consignment, allocation, manifest, state: manifested?.state };
}

/**
 * Consignments to ship: orders created and packed on the mock. Each order carries a customer reference of
 * its own, which a creation needs under a ledger (it is how a lost creation is found again).
 */
export async function packedConsignments(orders: OrdersClient, count: number, prefix: string) {
  const consignments: ConsignmentReference[] = [];
  for (let index = 0; index < count; index++) {
    const order = await orders.create(sampleOrder(`${prefix}-${index + 1}`));
    const [consignment] = await orders.pack(order, {
      OrderReference: order,
      Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
    });
    if (consignment) consignments.push(consignment);
  }
  return consignments;
}
