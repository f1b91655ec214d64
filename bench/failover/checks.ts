import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import { orderStateQuery, orderWorkflowId } from '../../src/workflows/order.messages';
import type { Client } from '@temporalio/client';
import { sleep } from '../lib/progress';
import type { Placed } from './load';

interface Receiver {
  count(path: string, eventId: string): number;
}

export interface Outcome {
  ordersInDatabase: number;
  /** Placed (201) and not in the projection. */
  lost: string[];
  /** In the projection without an amendment or cancellation the API confirmed. */
  changesLost: string[];
  duplicated: number;
  /** Orders whose workflow did not answer its query, or whose projection's status is not the workflow's. */
  workflowsNotAnswering: string[];
  projectionBehind: string[];
  webhooks: { expected: number; received: number; undelivered: number; duplicated: number };
}

interface Row {
  id: string;
  status: string;
  description: string | null;
}

/** Why an order's row does not show what its client was told: missing, or a confirmed change not in it. */
function changeMissing(p: Placed, row: Row): boolean {
  if (p.cancelled && row.status !== 'cancelled') return true;
  return p.amendedDescription !== undefined && row.description !== p.amendedDescription;
}

async function eventDeliveries(db: Db, organisationId: string, receiver: Receiver, paths: string[]) {
  const { rows: events } = await sql<{ id: string }>`
    select id from order_events where organisation_id = ${organisationId} and livemode`.execute(db);
  let undelivered = 0;
  let duplicated = 0;
  let received = 0;
  for (const e of events) {
    for (const p of paths) {
      const n = receiver.count(p, e.id);
      received += n;
      if (n === 0) undelivered++;
      if (n > 1) duplicated++;
    }
  }
  return { expected: events.length * paths.length, received, undelivered, duplicated };
}

/**
 * After the load: waits (≤ `waitMs`) for the read side to catch up, with every placed order in the projection,
 * every confirmed amendment and cancellation in it, and every event delivered to both endpoints; then asks
 * each order's workflow for its state (a workflow that did not survive the Temporal restart does not answer)
 * and compares its status with the projection's.
 */
export async function checkOutcome(opts: {
  db: Db;
  temporal: Client;
  organisationId: string;
  placed: Placed[];
  receiver: Receiver;
  endpointPaths: string[];
  waitMs: number;
}): Promise<Outcome> {
  const { db, placed, organisationId } = opts;
  const ids = placed.map((p) => p.id);
  const deadline = Date.now() + opts.waitMs;
  let rows = new Map<string, Row>();
  for (;;) {
    const result = await sql<Row>`
      select id, status, fields->>'developmentDescription' as description
      from orders where id = any(${ids})`.execute(db);
    rows = new Map(result.rows.map((r) => [r.id, r]));
    const { undelivered } = await eventDeliveries(db, organisationId, opts.receiver, opts.endpointPaths);
    const behind = placed.some((p) => !rows.has(p.id) || changeMissing(p, rows.get(p.id)!));
    if ((!behind && undelivered === 0) || Date.now() > deadline) break;
    await sleep(1_000);
  }
  await sleep(1_000); // a late duplicate would arrive here
  const webhooks = await eventDeliveries(db, organisationId, opts.receiver, opts.endpointPaths);

  const workflowsNotAnswering: string[] = [];
  const projectionBehind: string[] = [];
  await Promise.all(
    placed.map(async (p) => {
      const state = await opts.temporal.workflow
        .getHandle(orderWorkflowId(p.id))
        .query(orderStateQuery)
        .catch(() => null);
      if (!state) workflowsNotAnswering.push(p.id);
      else if (rows.get(p.id)?.status !== state.status) projectionBehind.push(p.id);
    }),
  );
  const { rows: dupRows } = await sql<{ client_ref: string }>`
    select client_ref from orders where organisation_id = ${organisationId}
    group by client_ref having count(*) > 1`.execute(db);
  const { rows: countRows } = await sql<{ n: string }>`
    select count(*) as n from orders where organisation_id = ${organisationId}`.execute(db);
  return {
    ordersInDatabase: Number(countRows[0]?.n ?? 0),
    lost: ids.filter((id) => !rows.has(id)),
    changesLost: placed.filter((p) => rows.has(p.id) && changeMissing(p, rows.get(p.id)!)).map((p) => p.id),
    duplicated: dupRows.length,
    workflowsNotAnswering,
    projectionBehind,
    webhooks,
  };
}
