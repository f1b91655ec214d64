/** Prints the bench results as a plain table: each figure beside its same-run baseline and their ratio. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- report rows

export interface BenchReport {
  at: string;
  quick: boolean;
  totalSeconds: number;
  options: Record<string, unknown>;
  machine: Record<string, unknown>;
  results: Record<string, unknown>[];
}

const WIDTHS = [46, 20, 20, 24];
const row = (cells: unknown[]) =>
  cells
    .map((c, i) => String(c ?? '').padEnd(WIDTHS[i] ?? 12))
    .join('  ')
    .trimEnd();
const pair = (s: Json | undefined) => (s ? `${s.p50} / ${s.p99}` : '');

function quoteRows(r: Json): unknown[][] {
  const rows: unknown[][] = [];
  for (const run of r.stores) {
    const { saturation: s, fixedRate: f } = run;
    rows.push([
      `quote (${run.store} limiter) req/s at saturation`,
      s.api.requestsPerSecond,
      r.bareKoa.saturation.requestsPerSecond,
      `${s.ratio}×`,
    ]);
    if (s.cpuMicrosPerRequest != null) {
      rows.push([
        `quote (${run.store}) CPU µs per request`,
        s.cpuMicrosPerRequest,
        r.bareKoa.cpuMicrosPerRequest ?? '',
        s.cpuRatio == null ? '' : `${s.cpuRatio}×`,
      ]);
    }
    rows.push([
      `quote (${run.store}) p50 / p99 ms @ ${f.requestsPerSecond} req/s`,
      pair(f.api),
      pair(f.bareKoa),
      `p99 ${f.p99Ratio}×`,
    ]);
  }
  return rows;
}

function createRows(r: Json): unknown[][] {
  return [
    [
      `create orders/s (${r.count}, ${r.concurrency} in flight)`,
      r.api.ordersPerSecond,
      r.rawStart.startsPerSecond,
      `${r.ratio}×`,
    ],
    ['create p50 / p99 ms', pair(r.api), pair(r.rawStart), ''],
    ...(r.single ? [[`create p50 / p99 ms, 1 in flight (${r.single.count})`, pair(r.single), '', '']] : []),
    ...cpuRows(r.cpu?.ours, r.cpu?.baseline),
    [
      'create failed / unreadable after 201',
      `${r.api.failed} / ${r.api.unreadable}`,
      `${r.rawStart.failed} failed`,
      '',
    ],
  ];
}

function listRows(r: Json): unknown[][] {
  const rows: unknown[][] = [
    [`list: ${r.orders} orders seeded in`, `${r.seedSeconds} s`, 'raw SQL (pg)', ''],
  ];
  for (const c of r.cases) {
    rows.push([
      `list ${c.filter} first p50/p99 ms`,
      pair(c.firstPage.api),
      pair(c.firstPage.sql),
      `API/SQL p50 ${c.apiOverSqlP50?.first ?? '–'}× p99 ${c.apiOverSqlP99.first}×`,
    ]);
    rows.push([
      `list ${c.filter} deep@${c.depth} p50/p99`,
      pair(c.deepPage.api),
      pair(c.deepPage.sql),
      `API/SQL p50 ${c.apiOverSqlP50?.deep ?? '–'}× p99 ${c.apiOverSqlP99.deep}×`,
    ]);
    rows.push([`list ${c.filter} deep/first p99`, c.deepOverFirstP99, '', '']);
    if (c.redis) {
      rows.push([
        `  Redis limiter: first / deep p50/p99 ms`,
        `${pair(c.redis.firstPage.api)} / ${pair(c.redis.deepPage.api)}`,
        `${pair(c.redis.firstPage.sql)} / ${pair(c.redis.deepPage.sql)}`,
        `API/SQL p50 ${c.redis.apiOverSqlP50.first}× / ${c.redis.apiOverSqlP50.deep}×`,
      ]);
    }
  }
  return rows;
}

function webhookRows(r: Json): unknown[][] {
  return [
    [`webhook booking → received p50 / p99 ms`, pair(r), '', `${r.endpointMode} ${r.scheme}`],
    ['webhook booking report answered p50 / p99 ms', pair(r.bookingAck), '', ''],
    [
      'webhook failed / duplicated / bad signature',
      `${r.failed} / ${r.duplicated} / ${r.badSignatures}`,
      '',
      '',
    ],
  ];
}

function lifecycleRows(r: Json): unknown[][] {
  return [
    [`lifecycle ${r.accepted} of ${r.orders} orders, completed/s`, r.ordersPerSecond, '', `${r.seconds} s`],
    ['lifecycle per order p50 / p99 ms', pair(r.perOrder), '', ''],
    [
      'lifecycle lost / duplicated / missing events',
      `${r.lost} / ${r.duplicatedEvents} / ${r.missingEvents}`,
      '',
      '',
    ],
    ['worker / API peak RSS MiB', `${r.workerPeakRssMiB} / ${r.apiPeakRssMiB}`, '', ''],
    ...actionRows(r),
  ];
}

const ACTION_LABELS: Array<[string, string]> = [
  ['total', 'total'],
  ['workflowsStarted', 'workflows started'],
  ['workflowTasks', 'workflow tasks'],
  ['activities', 'activities'],
  ['timers', 'timers'],
  ['signals', 'signals'],
  ['updates', 'updates'],
  ['childWorkflows', 'child workflows'],
  ['localActivities', '(local activities, not in total)'],
];

/** Temporal actions per completed lifecycle, by kind, beside the figure before issue 19's cuts. */
function actionRows(r: Json): unknown[][] {
  const a = r.actions;
  if (!a) return [];
  const rows: unknown[][] = [
    [
      `lifecycle webhook endpoints: undelivered / duplicated`,
      `${r.undeliveredWebhooks} / ${r.duplicatedWebhooks}`,
      `${r.webhookEndpoints} endpoints`,
      '',
    ],
    [`Temporal actions per lifecycle (${a.sampled} sampled)`, 'now', 'before', ''],
  ];
  for (const [key, label] of ACTION_LABELS) {
    const now = a.perOrder[key];
    const before = a.before?.[key];
    const share = before ? `${Math.round((now / before) * 100) / 100}×` : '';
    rows.push([`  ${label}`, now, before ?? '–', share]);
  }
  rows.push(['  workflows per lifecycle', a.workflowsPerOrder, '', '']);
  return rows;
}

function hostileRows(r: Json): unknown[][] {
  const { loopDelay: l, probe: p } = r;
  return [
    [
      `hostile: ${r.requests} requests in ${r.seconds} s, 5xx`,
      r.fiveHundreds.length,
      '',
      JSON.stringify(r.statuses),
    ],
    [
      'hostile API stall ms: max / p99 of 250 ms',
      `${l.hostile.api.maxMs} / ${l.hostile.api.p99IntervalMs}`,
      `${l.idle.api.maxMs} / ${l.idle.api.p99IntervalMs}`,
      '',
    ],
    [
      'hostile worker stall ms: max / p99 of 250 ms',
      `${l.hostile.worker.maxMs} / ${l.hostile.worker.p99IntervalMs}`,
      `${l.idle.worker.maxMs} / ${l.idle.worker.p99IntervalMs}`,
      '',
    ],
    [
      'hostile worker threads (workflows, PDFs) ms: max / p99',
      l.hostile.workerThreads
        ? `${l.hostile.workerThreads.maxMs} / ${l.hostile.workerThreads.p99IntervalMs}`
        : 'n/a',
      l.idle.workerThreads ? `${l.idle.workerThreads.maxMs} / ${l.idle.workerThreads.p99IntervalMs}` : 'n/a',
      'information: a busy thread, not a stalled loop',
    ],
    ['hostile health probe p50 / p99 ms', pair(p.hostile), pair(p.idle), `p99 ${p.p99Ratio}×`],
    ...cpuRows(r.cpu?.hostile, r.cpu?.idle),
  ];
}

/** The machine's CPU by process in a scenario's measured window, beside its baseline's window (information). */
function cpuRows(ours: Json, baseline: Json): unknown[][] {
  if (!ours) return [];
  const share = (split: Json, role: string) => (split ? `${split.percentOfMachine[role] ?? 0} %` : 'n/a');
  const roles = [
    ...new Set([...Object.keys(ours.percentOfMachine), ...Object.keys(baseline?.percentOfMachine ?? {})]),
  ];
  return roles.map((role) => [
    `  CPU, % of ${ours.cores} cores: ${role}`,
    share(ours, role),
    share(baseline, role),
    '',
  ]);
}

function workerStartRows(r: Json): unknown[][] {
  const runs = (how: string) => r[how] && `${pair(r[how].ms)} (CPU ${pair(r[how].cpuSeconds)} s)`;
  return [
    [
      `worker start → first poll p50 / p99 ms, compiled (${r.runs})`,
      runs('compiled'),
      pair(r.bundlingMs),
      'baseline: bundling',
    ],
    [`worker start → first poll p50 / p99 ms, tsx (${r.runs})`, runs('sources'), '', ''],
    ['npm run build (tsc and both bundles) s', r.buildSeconds, '', ''],
  ];
}

const ROWS: Record<string, (r: Json) => unknown[][]> = {
  'worker-start': workerStartRows,
  hostile: hostileRows,
  quote: quoteRows,
  'create order': createRows,
  'list orders': listRows,
  'webhook latency': webhookRows,
  lifecycle: lifecycleRows,
};

export function formatReport(report: BenchReport): string {
  const out: string[] = [
    `bench ${report.at}${report.quick ? ' (quick)' : ''}, ${report.totalSeconds} s`,
    `machine: ${JSON.stringify(report.machine)}`,
    '',
    row(['measure', 'ours', 'baseline', 'ratio']),
    row(['-'.repeat(WIDTHS[0]!), '-'.repeat(WIDTHS[1]!), '-'.repeat(WIDTHS[2]!), '-'.repeat(WIDTHS[3]!)]),
  ];
  const targets: Json[] = [];
  for (const r of report.results as Json[]) {
    if (r.error || r.skipped) {
      out.push(row([`${r.name}: ${r.error ? 'FAILED' : 'skipped'}`, r.error ?? r.skipped]));
      continue;
    }
    for (const cells of ROWS[r.name]?.(r) ?? []) out.push(row(cells));
    targets.push(...(r.targets ?? []));
  }
  if (targets.length) {
    out.push('', 'targets (reported, not asserted):');
    for (const t of targets) out.push(`  ${t.met ? 'met   ' : 'MISSED'}  ${t.target}: ${t.actual}`);
  }
  return out.join('\n') + '\n';
}

export function printReport(report: BenchReport) {
  process.stdout.write(formatReport(report));
}
