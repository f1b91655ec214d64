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

interface RoleFigures {
  /** Largest RSS of any one process of the role (MiB). */
  peakRssMiB: number;
  /** Median over the samples of each process's RSS (MiB). */
  medianRssMiB: number;
  /** CPU of one process, in cores, over each sampling interval: the median and the busiest interval. */
  medianCpuCores: number;
  peakCpuCores: number;
}

/**
 * Samples, once a second, the RSS and CPU (user + system, from /proc) of each process of each role (API,
 * worker), following restarts by asking for the current pids each time: the figures the Helm chart's resource
 * requests and limits are set from (docs/deploying.md).
 */
export function sampleResources(pidsByRole: () => Record<string, number[]>, everyMs = 1_000) {
  const rss: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  let last = new Map<number, { at: number; seconds: number }>();
  const tick = () => {
    const now = new Map<number, { at: number; seconds: number }>();
    for (const [role, pids] of Object.entries(pidsByRole())) {
      for (const pid of pids) {
        const proc = readProc(pid);
        const mem = rssMiB(pid);
        if (!proc || mem === null) continue;
        const at = performance.now();
        now.set(pid, { at, seconds: proc.seconds });
        (rss[role] ??= []).push(mem);
        const before = last.get(pid);
        if (before) (cpu[role] ??= []).push((proc.seconds - before.seconds) / ((at - before.at) / 1000));
      }
    }
    last = now;
  };
  const timer = setInterval(tick, everyMs);
  tick();
  return {
    stop(): Record<string, RoleFigures> {
      clearInterval(timer);
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      const out: Record<string, RoleFigures> = {};
      for (const role of Object.keys(rss)) {
        const c = cpu[role] ?? [];
        out[role] = {
          peakRssMiB: round(Math.max(...rss[role]!), 0),
          medianRssMiB: round(median(rss[role]!), 0),
          medianCpuCores: round(median(c), 2),
          peakCpuCores: round(Math.max(0, ...c), 2),
        };
      }
      return out;
    },
  };
}
