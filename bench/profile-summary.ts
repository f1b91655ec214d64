/**
 * Self time of a V8 CPU profile (`--cpu-prof`, as BENCH_CPU_PROF writes them), summed by function or by file
 * (node_modules collapsed to their package), so a profile can be read without DevTools:
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile | folder> [--by function|file|package] [--top 30]
 *     [--skip 5]
 *
 * `--skip S` leaves out the first S seconds of each profile (start-up: module loading, compilation). A folder sums every profile in it. Idle, program and garbage-collector time are listed as V8 names them
 * (`(idle)`, `(program)`, `(garbage collector)`); the percentages are of the busy time (all but idle).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

type By = 'function' | 'file' | 'package';

function shortFile(url: string): string {
  if (!url) return '(native)';
  const file = url.replace(/^file:\/\//, '');
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) return `~${file.slice(nm + '/node_modules/'.length)}`;
  const src = file.search(/\/(src|bench|test)\//);
  return src >= 0 ? file.slice(src + 1) : file;
}

function packageOf(url: string): string {
  const file = shortFile(url);
  if (!file.startsWith('~'))
    return file.startsWith('node:') ? 'node:' : file.split('/').slice(0, 2).join('/');
  const parts = file.slice(1).split('/');
  return `~${parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
}

function keyOf(node: ProfileNode, by: By): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (!url && functionName.startsWith('(')) return functionName;
  if (by === 'package') return packageOf(url);
  if (by === 'file') return shortFile(url);
  return `${functionName || '(anonymous)'} ${shortFile(url)}:${lineNumber + 1}`;
}

/** Microseconds of self time per key: each sample's delta charged to the node it landed in. */
export function selfTime(profile: Profile, by: By, skipUs = 0): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node || at < skipUs) return;
    const key = keyOf(node, by);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return totals;
}

function profilesIn(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(target, f));
}

function main(argv: string[]) {
  const target = argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  if (!target) throw new Error('usage: profile-summary <file.cpuprofile | folder> [--by …] [--top N]');
  const by = (argv[argv.indexOf('--by') + 1] as By | undefined) ?? 'function';
  const option = (name: string) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : undefined);
  const top = option('--top') ?? 30;
  const skipUs = (option('--skip') ?? 0) * 1e6;
  const totals = new Map<string, number>();
  for (const file of profilesIn(target)) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    for (const [k, us] of selfTime(profile, argv.includes('--by') ? by : 'function', skipUs)) {
      totals.set(k, (totals.get(k) ?? 0) + us);
    }
  }
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  const busy = all - (totals.get('(idle)') ?? 0);
  process.stdout.write(
    `total ${(all / 1e6).toFixed(2)} s, busy ${(busy / 1e6).toFixed(2)} s (${((busy / all) * 100).toFixed(1)} %)\n`,
  );
  const rows = [...totals.entries()].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]);
  for (const [key, us] of rows.slice(0, top)) {
    process.stdout.write(
      `${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1e3).toFixed(0).padStart(7)} ms  ${key}\n`,
    );
  }
}

if (require.main === module) main(process.argv.slice(2));
