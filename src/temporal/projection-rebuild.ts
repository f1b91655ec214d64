import type { Client } from '@temporalio/client';
import { ORDER_BODY_VERSION, orderBodyJson, type Order } from '../orders/order';
import { toOrder } from '../orders/order-snapshot';
import { upsertOrderProjection } from '../db/orders.repository';
import type { Db } from '../db/database';
import { orderStateQuery } from '../workflows/order.messages';

/** What a rebuild did: workflows scanned, rows written (or that would be, on a dry run), rows already current, failures. */
export interface RebuildSummary {
  scanned: number;
  written: number;
  unchanged: number;
  failed: number;
  dryRun: boolean;
  /** The first failures (order id and message), at most MAX_REPORTED_FAILURES. */
  failures: Array<{ orderId: string; error: string }>;
}

export interface RebuildOptions {
  /** Only this organisation's orders. */
  organisationId?: string;
  /** Read and compare, write nothing. */
  dryRun?: boolean;
  /** Workflows queried at once (1–64). */
  concurrency?: number;
}

export const DEFAULT_REBUILD_CONCURRENCY = 8;
export const MAX_REBUILD_CONCURRENCY = 64;
const MAX_REPORTED_FAILURES = 20;
const ORGANISATION_ID = /^org_[A-Za-z0-9]{1,64}$/;
const ORDER_WORKFLOW_ID = /^order:(ord_[A-Za-z0-9]+)$/;

/** The visibility query listing every order workflow (open and closed), of one organisation when given. */
export function orderWorkflowsQuery(organisationId?: string): string {
  if (organisationId !== undefined && !ORGANISATION_ID.test(organisationId)) {
    throw new RangeError(`not an organisation id: ${JSON.stringify(organisationId)}`);
  }
  const base = `WorkflowType = 'orderWorkflow'`;
  return organisationId ? `${base} AND OrganisationId = '${organisationId}'` : base;
}

/**
 * Rebuilds the orders projection and its stored bodies from the order workflows, which own every order's
 * state: each order workflow Temporal's visibility lists (a continued-as-new order once, its latest run) is asked
 * for its order (`orderState`; a closed run answers it too, replayed on a worker) and the projection row written
 * through the same version-guarded upsert as the workflow's own writes, so a row already current is left alone
 * and running it twice, or beside the live service, is harmless. A row at the workflow's version whose stored
 * body is missing or of an older body version gets its body rewritten. Needs a worker polling the order task
 * queue (closed workflows are queried by replay).
 */
export async function rebuildOrderProjection(
  db: Db,
  temporal: Client,
  opts: RebuildOptions = {},
): Promise<RebuildSummary> {
  const concurrency = Math.min(
    MAX_REBUILD_CONCURRENCY,
    Math.max(1, Math.floor(opts.concurrency ?? DEFAULT_REBUILD_CONCURRENCY)),
  );
  const summary: RebuildSummary = {
    scanned: 0,
    written: 0,
    unchanged: 0,
    failed: 0,
    dryRun: opts.dryRun === true,
    failures: [],
  };
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
      const outcome = await restoreRow(db, toOrder(snapshot), summary.dryRun);
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
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return summary;
}

/** Writes one order's row (or, on a dry run, says whether it would): 'written' or 'unchanged'. */
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
  // The body from the workflow's order, as its own writes make it (serializing the row instead would give
  // its JSON columns in jsonb's key order: the same JSON, other text).
  const result = await db
    .updateTable('orders')
    .set({ body: orderBodyJson(order), body_version: ORDER_BODY_VERSION })
    .where('id', '=', order.id)
    .where('version', '=', String(order.version))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return 'unchanged';
  return 'written';
}
