import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Who used the machine's CPU during a window: the API, the worker, the Temporal dev server and PostgreSQL's
 * backends of the bench database, the bench itself (load generator and probe), and everything else. Read
 * from /proc (Linux); elsewhere `cpuSplit` answers null. Used to tell a service that is slow from a service
 * that waits for a core.
 */
export interface CpuRoles {
  api: number | undefined;
  worker: number | undefined;
  testModeWorker?: number | undefined;
  /** A load generator of the bench's in a process of its own. */
  sender?: number | undefined;
  /** PostgreSQL backends are matched by the database name in their process title. */
  database: string;
}

/** The roles of the bench's own services (their PostgreSQL backends by the bench database's name). */
export function serviceRoles(
  services: {
    api: { pid?: number };
    worker: { pid?: number };
    testModeWorker?: { pid?: number };
    databaseUrl: string;
  },
  sender?: number,
): CpuRoles {
  return {
    api: services.api.pid,
    worker: services.worker.pid,
    testModeWorker: services.testModeWorker?.pid,
    sender,
    database: new URL(services.databaseUrl).pathname.slice(1),
  };
}

type Snapshot = { at: number; byRole: Record<string, number>; machineBusy: number };

const TICKS = 100; // USER_HZ

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  seconds: number;
}

/** A process's parent, name and CPU seconds (user + system) so far, from /proc; null when it is gone. */
export function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // fields[0] is the state; utime and stime are fields 14 and 15 of stat (here 11 and 12).
    return { pid, ppid: Number(fields[1]), comm, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return null; // gone between readdir and read
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** Seconds of CPU the whole machine has been busy (every core, all but idle and iowait). */
function machineBusySeconds(): number {
  const [, ...jiffies] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = jiffies.map(Number);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - idle) / TICKS;
}

function descendantsOf(root: number, procs: Proc[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const out = new Set<number>();
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    for (const c of children.get(pid) ?? []) {
      if (out.has(c)) continue;
      out.add(c);
      queue.push(c);
    }
  }
  return out;
}

function roleOf(p: Proc, roles: CpuRoles, ours: Set<number>): string | null {
  if (p.pid === process.pid) return 'bench (probe)';
  if (p.pid === roles.sender) return 'load generator (niced)';
  if (p.pid === roles.api) return 'API';
  if (p.pid === roles.worker) return 'worker';
  if (p.pid === roles.testModeWorker) return 'test-mode worker (niced)';
  if (ours.has(p.pid) && p.comm === 'temporal') return 'Temporal server';
  if (p.comm === 'postgres' && cmdline(p.pid).includes(` ${roles.database} `))
    return 'PostgreSQL (bench database)';
  return null;
}

export function cpuSnapshot(roles: CpuRoles): Snapshot | null {
  if (os.platform() !== 'linux') return null;
  try {
    const procs = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map((d) => readProc(Number(d)))
      .filter((p): p is Proc => p !== null);
    const ours = descendantsOf(process.pid, procs);
    const byRole: Record<string, number> = {};
    for (const p of procs) {
      const role = roleOf(p, roles, ours);
      if (role) byRole[role] = (byRole[role] ?? 0) + p.seconds;
    }
    return { at: performance.now(), byRole, machineBusy: machineBusySeconds() };
  } catch {
    return null;
  }
}

/**
 * CPU used between two snapshots, per role, as a share of the machine's capacity (cores × seconds), with
 * "everything else" as what the machine was busy with beyond the named roles. PostgreSQL backends that
 * started inside the window are counted whole (they are short-lived connections; small).
 */
export function cpuSplit(from: Snapshot | null, to: Snapshot | null) {
  if (!from || !to) return null;
  const seconds = (to.at - from.at) / 1000;
  const capacity = seconds * os.cpus().length;
  const pct = (s: number) => Math.round((s / capacity) * 1000) / 10;
  const shares: Record<string, number> = {};
  let named = 0;
  for (const [role, end] of Object.entries(to.byRole)) {
    const used = Math.max(0, end - (from.byRole[role] ?? 0));
    named += used;
    shares[role] = pct(used);
  }
  shares['everything else'] = pct(Math.max(0, to.machineBusy - from.machineBusy - named));
  shares.idle = Math.max(0, Math.round((100 - Object.values(shares).reduce((a, b) => a + b, 0)) * 10) / 10);
  return { seconds: Math.round(seconds * 10) / 10, cores: os.cpus().length, percentOfMachine: shares };
}

/** The bench's own Temporal dev server processes (descendants of the bench named `temporal`). */
export function temporalServerPids(): number[] {
  const procs = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is Proc => p !== null);
  const ours = descendantsOf(process.pid, procs);
  return procs.filter((p) => ours.has(p.pid) && p.comm === 'temporal').map((p) => p.pid);
}
