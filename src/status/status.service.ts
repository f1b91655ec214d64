import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { cachedFor, databaseCheck, withTimeout } from '../health';
import {
  countRecentRefundFailures,
  countStalledWebhookDeliveries,
  countUnresolvedDeliveryFailures,
  listIncidents,
} from '../db/incidents.repository';
import { getIntegrationAvailability } from '../db/integration-health.repository';
import {
  deriveComponents,
  DELIVERY_THRESHOLDS,
  overallSummary,
  WEBHOOK_STALL_MINUTES,
  type Signals,
} from './components';

export interface StatusDeps {
  config: Config;
  db: Db;
  temporal: Client;
  /** The order workers' task queue, whose pollers show that orders are being processed. */
  taskQueue: string;
  /** Where the pollers are read: a probe connection, each call with its deadline (else `temporal`'s). */
  probeService?: Client['workflowService'];
  /** How long one snapshot is served before signals are read again (default 5 s). */
  cacheMs?: number;
}

export const HISTORY_DAYS = 90;
const PROBE_TIMEOUT_MS = 1500;
/** Pollers are listed for a while after a worker stops; one seen this recently is a live worker. */
const LIVE_POLLER_MS = 2 * 60_000;
// temporal.api.enums.v1.TaskQueueType
const WORKFLOW_QUEUE = 1;
const ACTIVITY_QUEUE = 2;

/** Null when the signal cannot be read: the component then shows as degraded, "cannot be read". */
const orNull = <T>(work: Promise<T>): Promise<T | null> =>
  withTimeout(work, PROBE_TIMEOUT_MS).catch(() => null);

async function databaseSignal(db: Db): Promise<Signals['database']> {
  const started = Date.now();
  const reachable = (await orNull(databaseCheck(db)().then(() => true))) ?? false;
  return { reachable, latencyMs: reachable ? Date.now() - started : null };
}

async function temporalSignal(deps: StatusDeps): Promise<Signals['temporal']> {
  const { config, taskQueue } = deps;
  const service = deps.probeService ?? deps.temporal.workflowService;
  const pollers = async (taskQueueType: number) => {
    const res = await service.describeTaskQueue({
      namespace: config.temporalNamespace,
      taskQueue: { name: taskQueue },
      taskQueueType,
    });
    const cutoff = Date.now() - LIVE_POLLER_MS;
    return (res.pollers ?? []).filter((p) => {
      const seconds = Number(p.lastAccessTime?.seconds ?? 0);
      return seconds === 0 || seconds * 1000 >= cutoff;
    }).length;
  };
  try {
    const [workflowPollers, activityPollers] = await withTimeout(
      Promise.all([pollers(WORKFLOW_QUEUE), pollers(ACTIVITY_QUEUE)]),
      PROBE_TIMEOUT_MS + 500,
    );
    return { reachable: true, workflowPollers, activityPollers };
  } catch {
    return { reachable: false, workflowPollers: 0, activityPollers: 0 };
  }
}

async function readSignals(deps: StatusDeps): Promise<Signals> {
  const { db, config } = deps;
  const day = new Date(Date.now() - DELIVERY_THRESHOLDS.windowHours * 3_600_000);
  const overdue = new Date(Date.now() - WEBHOOK_STALL_MINUTES * 60_000);
  const [database, temporal, refundFailures, gazette, failedDeliveries, stalledWebhooks] = await Promise.all([
    databaseSignal(db),
    temporalSignal(deps),
    orNull(countRecentRefundFailures(db, day)),
    orNull(getIntegrationAvailability(db, 'gazette')),
    orNull(countUnresolvedDeliveryFailures(db, day)),
    orNull(countStalledWebhookDeliveries(db, overdue)),
  ]);
  return {
    database,
    temporal,
    payments: { provider: config.stripe.secretKey ? 'stripe' : 'sandbox', recentFailures: refundFailures },
    gazette: gazette ?? { available: null, note: null },
    failedDeliveries,
    stalledWebhooks,
  };
}

export type StatusSnapshot = Awaited<ReturnType<typeof buildSnapshot>>;

export async function buildSnapshot(deps: StatusDeps) {
  const since = new Date(Date.now() - HISTORY_DAYS * 86_400_000);
  const [signals, incidents] = await Promise.all([
    readSignals(deps),
    orNull(listIncidents(deps.db, { since })).then((i) => i ?? []),
  ]);
  const components = deriveComponents(signals, incidents);
  return {
    ...overallSummary(components),
    updatedAt: new Date().toISOString(),
    components,
    incidents: {
      open: incidents.filter((i) => i.status === 'open'),
      /** Resolved incidents of the last HISTORY_DAYS, newest first. */
      history: incidents.filter((i) => i.status === 'resolved'),
    },
  };
}

/** Serves one snapshot for `cacheMs`, and reads signals once however many visitors ask meanwhile. */
export function createStatusService(deps: StatusDeps) {
  return { snapshot: cachedFor(deps.cacheMs ?? 5000, () => buildSnapshot(deps)) };
}
