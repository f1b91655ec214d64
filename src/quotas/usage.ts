import type { KeyMode } from '../auth/api-key';
import { lockUntilCommit, type Db } from '../db/database';
import {
  countHeld,
  quotaWindowUsage,
  releaseQuotaWindow,
  useQuotaWindow,
} from '../db/quota-usage.repository';
import {
  mayHoldAnother,
  QuotaExceeded,
  QUOTA_NAMES,
  QUOTAS,
  windowOf,
  windowQuotaExceeded,
  type QuotaLimits,
  type QuotaName,
} from './quotas';

/** The one place quotas are enforced, whichever adapter (API, console, CLI, worker) asked. */
type HeldQuota = 'webhook_endpoints' | 'api_keys';

/** Inside the creating transaction: a lock makes count and insert one step (one, not two, at the limit). */
export async function checkHeldQuota(
  trx: Db,
  limits: QuotaLimits,
  quota: HeldQuota,
  organisationId: string,
  mode: KeyMode,
): Promise<void> {
  await lockUntilCommit(trx, `quota:${quota}:${organisationId}:${mode}`);
  const used = await countHeld(trx, quota, organisationId, mode);
  if (!mayHoldAnother(used, limits[quota])) throw new QuotaExceeded(quota, mode, limits[quota]);
}

/** A use of a quota on a window, counted: `release` gives it back when what it was for did not happen. */
export type QuotaUse = { release(): Promise<void> };

/** Counts `amount` uses of each quota (all or none), or refuses naming the first quota that would be passed. */
export async function useWindowQuotas(
  db: Db,
  limits: QuotaLimits,
  quotas: readonly QuotaName[],
  organisationId: string,
  mode: KeyMode,
  { amount = 1, now = new Date() }: { amount?: number; now?: Date } = {},
): Promise<QuotaUse> {
  const counted: QuotaUse[] = [];
  const release = async () => {
    for (const use of counted) await use.release();
  };
  for (const quota of quotas) {
    const { start, end } = windowOf(quota, now);
    const key = { organisationId, mode, quota, windowStart: start };
    const used = await useQuotaWindow(db, { ...key, windowEnd: end, amount, limit: limits[quota] });
    if (used === null) {
      await release();
      throw windowQuotaExceeded(quota, mode, limits[quota], now, amount);
    }
    counted.push({ release: () => releaseQuotaWindow(db, { ...key, amount }) });
  }
  return { release };
}

/** One quota as the console shows it: how much of it the organisation uses now. */
export interface QuotaStanding {
  quota: QuotaName;
  mode: KeyMode;
  what: string;
  used: number;
  limit: number;
  /** The current window's end (quotas on a window); null for what is held. */
  resetsAt: Date | null;
}

/** Every quota that applies to each mode, with the organisation's current use. */
export async function quotaStandings(
  db: Db,
  limits: QuotaLimits,
  organisationId: string,
  now = new Date(),
): Promise<QuotaStanding[]> {
  const standings: QuotaStanding[] = [];
  for (const mode of ['live', 'test'] as const) {
    for (const quota of QUOTA_NAMES) {
      const q = QUOTAS[quota];
      if (!q.modes.includes(mode)) continue;
      const window = q.kind === 'window' ? windowOf(quota, now) : null;
      const used = window
        ? await quotaWindowUsage(db, { organisationId, mode, quota, windowStart: window.start })
        : await countHeld(db, quota as HeldQuota, organisationId, mode);
      const limit = limits[quota];
      standings.push({ quota, mode, what: q.what, used, limit, resetsAt: window?.end ?? null });
    }
  }
  return standings;
}
