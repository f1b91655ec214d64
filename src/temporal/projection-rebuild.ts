import type { Client } from '@temporalio/client';
import { ORDER_BODY_VERSION, type Order } from '../orders/order';
import { storeOrderBodies, upsertOrderProjection } from '../db/orders.repository';
import type { Db } from '../db/database';
import { orderStateQuery } from '../workflows/order.messages';

export const DEFAULT_REBUILD_CONCURRENCY = 8;
export const MAX_REBUILD_CONCURRENCY = 64;
const MAX_REPORTED_FAILURES = 20;
const ORDER_WORKFLOW_ID = /^order:(ord_[A-Za-z0-9]+)$/;

/** Nothing else may be spliced into the list query. */
export const isOrganisationId = (value: string) => /^org_[A-Za-z0-9]{1,64}$/.test(value);

export function orderWorkflowsQuery(organisationId?: string): string {
  if (organisationId !== undefined && !isOrganisationId(organisationId)) {
    throw new RangeError(`not an organisation id: ${JSON.stringify(organisationId)}`);
  }
  const base = `WorkflowType = 'orderWorkflow'`;
  return organisationId ? `${base} AND OrganisationId = '${organisationId}'` : base;
}

/**
 * Rebuilds the orders projection from the order workflows, which own every order's state: each is queried
 * (`orderState`; a closed run by replay on a worker, so one must poll) and its row written by the workflow's
 * own version-guarded upsert, so running it twice or beside the live service is harmless. A row at the
 * workflow's version with a stale or missing body gets its body rewritten.
 */
export async function rebuildOrderProjection(
  db: Db,
  temporal: Client,
  /** `concurrency`: workflows queried at once (1 to MAX_REBUILD_CONCURRENCY, as the CLI checks it). */
  opts: { organisationId?: string; dryRun?: boolean; concurrency: number },
) {
  // `written` counts the rows a dry run would write.
  const failures: Array<{ orderId: string; error: string }> = [];
  const summary = { scanned: 0, written: 0, unchanged: 0, failed: 0, dryRun: opts.dryRun === true, failures };
  const seen = new Set<string>();
  const inFlight = new Set<Promise<void>>();

  const fail = (orderId: string, err: unknown) => {
    summary.failed++;
    if (summary.failures.length < MAX_REPORTED_FAILURES) {
      summary.failures.push({ orderId, error: (err as Error)?.message ?? String(err) });
    }
  };

  const rebuildOne = async (workflowId: string, orderId: string) => {
    try {
      const snapshot = await temporal.workflow.getHandle(workflowId).query(orderStateQuery);
      const outcome = await restoreRow(db, snapshot, summary.dryRun);
      summary[outcome]++;
    } catch (err) {
      fail(orderId, err);
    }
  };

  for await (const execution of temporal.workflow.list({ query: orderWorkflowsQuery(opts.organisationId) })) {
    if (seen.has(execution.workflowId)) continue; // another run of the same order
    seen.add(execution.workflowId);
    summary.scanned++;
    const match = ORDER_WORKFLOW_ID.exec(execution.workflowId);
    if (!match) {
      fail(execution.workflowId, new Error('not an order workflow id'));
      continue;
    }
    const task = rebuildOne(execution.workflowId, match[1]).finally(() => inFlight.delete(task));
    inFlight.add(task);
    if (inFlight.size >= opts.concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return summary;
}

async function restoreRow(db: Db, order: Order, dryRun: boolean): Promise<'written' | 'unchanged'> {
  const current = await db
    .selectFrom('orders')
    .select(['version', 'body_version'])
    .where('id', '=', order.id)
    .executeTakeFirst();
  const behind = !current || Number(current.version) < order.version;
  const bodyStale =
    current !== undefined &&
    Number(current.version) === order.version &&
    current.body_version !== ORDER_BODY_VERSION;
  if (!behind && !bodyStale) return 'unchanged';
  if (dryRun) return 'written';
  if (behind) return (await upsertOrderProjection(db, order)) ? 'written' : 'unchanged';
  // From the workflow's order: the row's JSON columns come back in jsonb's key order (other text).
  return (await storeOrderBodies(db, [order])) === 0 ? 'unchanged' : 'written';
}
