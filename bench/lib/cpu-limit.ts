import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

/** A container's CPU as Kubernetes sets it: the request (a weight) and the limit (a hard quota), in cores. */
export interface CpuAllowance {
  requestCores: number;
  limitCores: number;
}

const PERIOD_US = 100_000;

/** Kubernetes CPU quantities: `500m` or `0.5`. */
const cores = (quantity: string | number) =>
  typeof quantity === 'number'
    ? quantity
    : quantity.endsWith('m')
      ? Number(quantity.slice(0, -1)) / 1000
      : Number(quantity);

/** A worker component's CPU request and limit as the Helm chart's values give them. */
export function podCpu(component: string): CpuAllowance {
  const values = parse(readFileSync(path.join(__dirname, '../../deploy/helm/notices/values.yaml'), 'utf8'));
  const { requests, limits } = values[component].resources;
  return { requestCores: cores(requests.cpu), limitCores: cores(limits.cpu) };
}

/**
 * Puts a process (all its threads) in a cgroup of its own with the CPU weight and quota Kubernetes gives a
 * container with `allowance` (cgroup v1: cpu.shares = request × 1024, cpu.cfs_quota_us = limit × period; v2:
 * cpu.weight and cpu.max likewise), so the bench runs a process as its pod would. Answers how to remove the
 * cgroup, or null where cgroups cannot be written (not Linux, not root): the caller says so.
 */
export function confineCpu(pid: number, name: string, allowance: CpuAllowance): { remove(): void } | null {
  const quota = String(Math.round(allowance.limitCores * PERIOD_US));
  const shares = Math.max(2, Math.round(allowance.requestCores * 1024));
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers') ? '/sys/fs/cgroup' : null;
  const root = existsSync(path.join(v1, 'cpu.shares')) ? v1 : v2;
  if (!root) return null;
  const dir = path.join(root, name);
  const write = (file: string, value: string) => writeFileSync(path.join(dir, file), value);
  try {
    mkdirSync(dir, { recursive: true });
    if (root === v1) {
      write('cpu.shares', String(shares));
      write('cpu.cfs_period_us', String(PERIOD_US));
      write('cpu.cfs_quota_us', quota);
    } else {
      // Kubernetes maps shares (2–262144) onto cgroup v2's cpu.weight (1–10000).
      write('cpu.weight', String(Math.round(1 + ((shares - 2) * 9999) / 262142)));
      write('cpu.max', `${quota} ${PERIOD_US}`);
    }
    write('cgroup.procs', String(pid));
  } catch {
    return null;
  }
  return {
    remove: () => {
      try {
        rmdirSync(dir);
      } catch {
        // Still holds a process (it is being stopped): the next run reuses the folder.
      }
    },
  };
}

const CPUSET_V1 = '/sys/fs/cgroup/cpuset';

/**
 * Keeps processes (all their threads) to the upper half of the machine's CPUs, in a cgroup v1 cpuset of
 * their own, as if they ran on a node of their own: the rest of the machine keeps every CPU. Answers how to
 * put them back (on every CPU again), or null where that cannot be done (fewer than 2 CPUs, no cgroup v1
 * cpuset hierarchy, not root): the caller says so.
 */
export function pinToOwnCpus(pids: number[], name: string): { cpus: string; release(): void } | null {
  const count = os.cpus().length;
  if (count < 2 || !existsSync(path.join(CPUSET_V1, 'cpuset.cpus'))) return null;
  const first = Math.ceil(count / 2);
  const cpus = first === count - 1 ? String(first) : `${first}-${count - 1}`;
  const dir = path.join(CPUSET_V1, name);
  const moveTo = (folder: string) => {
    for (const pid of pids) {
      try {
        writeFileSync(path.join(folder, 'cgroup.procs'), String(pid));
      } catch {
        // gone already
      }
    }
  };
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'cpuset.mems'), readFileSync(path.join(CPUSET_V1, 'cpuset.mems'), 'utf8'));
    writeFileSync(path.join(dir, 'cpuset.cpus'), cpus);
    moveTo(dir);
  } catch {
    return null;
  }
  return {
    cpus,
    release: () => {
      moveTo(CPUSET_V1);
      try {
        rmdirSync(dir);
      } catch {
        // a process is still being moved out: the next run reuses the folder
      }
    },
  };
}
