import { sql } from 'kysely';
import type { Client } from '@temporalio/client';
import type { Db } from '../../src/db/database';
import { deliveryWorkflowId } from '../../src/webhooks/delivery';
import { announcementWorkflowId } from '../../src/workflows/announcement.messages';
import { orderWorkflowId } from '../../src/workflows/order.messages';
import { simulatorWorkflowId } from '../../src/workflows/simulated-newspaper.messages';
import { addActions, countActions, type ActionCounts } from './actions';

/**
 * Every workflow an order may have caused: its own, its simulated newspaper (test mode), and per recorded
 * event its announcement and any webhook delivery an operator replayed (one per endpoint and replay).
 */
async function workflowIdsOf(db: Db, orderId: string): Promise<string[]> {
  const { rows: events } = await sql<{ id: string }>`
    select id from order_events where order_id = ${orderId}`.execute(db);
  const eventIds = events.map((e) => e.id);
  const { rows: deliveries } = eventIds.length
    ? await sql<{ event_id: string; endpoint_id: string; replays: number }>`
        select event_id, endpoint_id, replays from webhook_deliveries
        where event_id = any(${eventIds})`.execute(db)
    : { rows: [] };
  return [
    orderWorkflowId(orderId),
    simulatorWorkflowId(orderId),
    ...eventIds.map((id) => announcementWorkflowId(id)),
    ...deliveries.flatMap((d) =>
      Array.from({ length: d.replays + 1 }, (_, n) => deliveryWorkflowId(d.event_id, d.endpoint_id, n)),
    ),
  ];
}

/** The actions of one workflow's history (its latest run), or null when no such workflow exists. */
async function actionsOf(client: Client, workflowId: string): Promise<ActionCounts | null> {
  try {
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    return countActions(history.events ?? []);
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'WorkflowNotFoundError' || /not found/i.test(String(err))) return null;
    throw err;
  }
}

/**
 * Temporal actions per order, averaged over `orderIds`: the order's workflow and every workflow it started,
 * each counted from its history. Also how many workflows that took per order.
 */
export async function actionsPerOrder(
  services: { db: Db; temporal: Client },
  orderIds: readonly string[],
): Promise<{ sampled: number; perOrder: ActionCounts; workflowsPerOrder: number }> {
  const all: ActionCounts[] = [];
  for (const orderId of orderIds) {
    for (const id of await workflowIdsOf(services.db, orderId)) {
      const counts = await actionsOf(services.temporal, id);
      if (counts) all.push(counts);
    }
  }
  const n = Math.max(1, orderIds.length);
  return {
    sampled: orderIds.length,
    perOrder: addActions(all, n),
    workflowsPerOrder: Math.round((all.length / n) * 100) / 100,
  };
}
