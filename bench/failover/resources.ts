import { readFileSync } from 'node:fs';
import { readProc } from '../lib/cpu-split';
import { round } from '../lib/stats';

/** Resident memory of a process in MiB (VmRSS), or null when it is gone. */
function rssMiB(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** A process's first seconds (start-up: tsx compiling, modules loading, the bundle) are kept apart. */
const WARM_UP_MS = 20_000;

interface RoleFigures {
  /** Largest RSS of any one process of the role (MiB), start-up included. */
  peakRssMiB: number;
  /** Median over the samples of each process's RSS once warm (MiB). */
  medianRssMiB: number;
  /** CPU of one process once warm, in cores, over each sampling interval: median, p95 and the busiest. */
  medianCpuCores: number;
  p95CpuCores: number;
  peakCpuCores: number;
  /** The busiest interval of a process in its first WARM_UP_MS. */
  startUpPeakCpuCores: number;
}

/**
 * Samples, once a second, the RSS and CPU (user + system, from /proc) of each process of each role (API,
 * worker), following restarts by asking for the current pids each time: the figures the Helm chart's resource
 * requests and limits are set from (docs/deploying.md).
 */
export function sampleResources(pidsByRole: () => Record<string, number[]>, everyMs = 1_000) {
  const rss: Record<string, number[]> = {};
  const warmRss: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  const startUpCpu: Record<string, number[]> = {};
  const firstSeen = new Map<number, number>();
  let last = new Map<number, { at: number; seconds: number }>();
  const tick = () => {
    const now = new Map<number, { at: number; seconds: number }>();
    for (const [role, pids] of Object.entries(pidsByRole())) {
      for (const pid of pids) {
        const proc = readProc(pid);
        const mem = rssMiB(pid);
        if (!proc || mem === null) continue;
        const at = performance.now();
        if (!firstSeen.has(pid)) firstSeen.set(pid, at);
        const warm = at - firstSeen.get(pid)! >= WARM_UP_MS;
        now.set(pid, { at, seconds: proc.seconds });
        (rss[role] ??= []).push(mem);
        if (warm) (warmRss[role] ??= []).push(mem);
        const before = last.get(pid);
        if (!before) continue;
        const cores = (proc.seconds - before.seconds) / ((at - before.at) / 1000);
        ((warm ? cpu : startUpCpu)[role] ??= []).push(cores);
      }
    }
    last = now;
  };
  const timer = setInterval(tick, everyMs);
  tick();
  return {
    stop(): Record<string, RoleFigures> {
      clearInterval(timer);
      const quantile = (xs: number[], q: number) =>
        [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
      const out: Record<string, RoleFigures> = {};
      for (const role of Object.keys(rss)) {
        const c = cpu[role] ?? [];
        out[role] = {
          peakRssMiB: round(Math.max(...rss[role]!), 0),
          medianRssMiB: round(quantile(warmRss[role] ?? [], 0.5), 0),
          medianCpuCores: round(quantile(c, 0.5), 2),
          p95CpuCores: round(quantile(c, 0.95), 2),
          peakCpuCores: round(Math.max(0, ...c), 2),
          startUpPeakCpuCores: round(Math.max(0, ...(startUpCpu[role] ?? [])), 2),
        };
      }
      return out;
    },
  };
}
