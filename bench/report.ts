/** Prints the bench results as plain tables: each figure beside its same-run baseline and their ratio. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- report rows

const pad = (v: unknown, n: number) => String(v).padEnd(n);
const row = (cells: unknown[], widths: number[]) => cells.map((c, i) => pad(c, widths[i] ?? 12)).join('  ');

export function printReport(report: { machine: Json; quick: boolean; results: Json[] }) {
  const out: string[] = [`machine: ${JSON.stringify(report.machine)}${report.quick ? '  (quick)' : ''}`, ''];
  const w = [34, 16, 16, 10];
  out.push(row(['measure', 'ours', 'baseline', 'ratio'], w));
  for (const r of report.results) {
    if (r.name === 'quote') {
      out.push(
        row(
          [
            'quote req/s (saturation)',
            r.saturation.api.requestsPerSecond,
            r.saturation.bareKoa.requestsPerSecond,
            r.saturation.ratio,
          ],
          w,
        ),
      );
      out.push(
        row(
          [
            `quote p50/p99 ms @${r.fixedRate.requestsPerSecond}/s`,
            `${r.fixedRate.api.p50}/${r.fixedRate.api.p99}`,
            `${r.fixedRate.bareKoa.p50}/${r.fixedRate.bareKoa.p99}`,
            '',
          ],
          w,
        ),
      );
    } else if (r.name === 'create order') {
      out.push(row(['create orders/s', r.api.ordersPerSecond, r.rawStart.startsPerSecond, r.ratio], w));
      out.push(
        row(['create p50/p99 ms', `${r.api.p50}/${r.api.p99}`, `${r.rawStart.p50}/${r.rawStart.p99}`, ''], w),
      );
      out.push(row(['created but not readable', r.api.unreadable, '', ''], w));
    } else if (r.name === 'list orders') {
      out.push(row([`list seeded (${r.orders} orders) in s`, r.seedSeconds, '', ''], w));
      for (const c of r.cases) {
        out.push(
          row(
            [
              `list ${c.filter} first p50/p99`,
              `${c.firstPage.api.p50}/${c.firstPage.api.p99}`,
              `${c.firstPage.sql.p50}/${c.firstPage.sql.p99}`,
              '',
            ],
            w,
          ),
        );
        out.push(
          row(
            [
              `list ${c.filter} deep@${c.depth} p50/p99`,
              `${c.deepPage.api.p50}/${c.deepPage.api.p99}`,
              `${c.deepPage.sql.p50}/${c.deepPage.sql.p99}`,
              `deep/first ${c.deepOverFirstP99}`,
            ],
            w,
          ),
        );
      }
    } else if (r.name === 'lifecycle') {
      out.push(row([`lifecycle ${r.orders} orders/s`, r.ordersPerSecond, '', ''], w));
      out.push(row(['lifecycle lost / duplicated events', `${r.lost} / ${r.duplicatedEvents}`, '', ''], w));
      out.push(row(['worker peak RSS MiB', r.workerPeakRssMiB, '', ''], w));
    } else if (r.name === 'webhook latency') {
      out.push(row(['webhook booked→received p50/p99 ms', `${r.p50}/${r.p99}`, '', ''], w));
    }
  }
  process.stdout.write(out.join('\n') + '\n');
}
