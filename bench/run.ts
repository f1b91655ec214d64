import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApiKey } from '../src/db/api-keys.repository';
import { createOrganisation } from '../src/db/organisations.repository';
import { startBenchServices } from './lib/services';
import type { BenchContext } from './scenarios/context';
import { createOrderScenario } from './scenarios/create-order';
import { lifecycleScenario } from './scenarios/lifecycle';
import { listOrdersScenario } from './scenarios/list-orders';
import { quoteScenario } from './scenarios/quote';
import { printReport } from './report';

/**
 * npm run bench [-- --quick] [-- --only quote,create,list,lifecycle] [-- --list-orders N] [-- --orders N]
 * Every scenario runs after a warm-up, beside a baseline measured in the same run on the same machine.
 */
const SCENARIOS = {
  quote: quoteScenario,
  create: createOrderScenario,
  list: listOrdersScenario,
  lifecycle: lifecycleScenario,
} as const;

async function main() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      'list-orders': { type: 'string' },
      orders: { type: 'string' },
    },
  });
  const quick = values.quick ?? false;
  const only = (values.only?.split(',') ?? Object.keys(SCENARIOS)) as (keyof typeof SCENARIOS)[];
  const unknown = only.filter((name) => !(name in SCENARIOS));
  if (unknown.length)
    throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}`);

  const services = await startBenchServices();
  const results: Record<string, unknown>[] = [];
  try {
    const org = await createOrganisation(services.db, {
      name: 'Bench organisation',
      paymentMethod: 'invoice_with_terms',
      invoiceTermsDays: 30,
    });
    const { key } = await createApiKey(services.db, {
      organisationId: org.id,
      mode: 'live',
      scopes: ['orders:read', 'orders:write'],
    });
    const ctx: BenchContext = {
      services,
      apiKey: key,
      organisationId: org.id,
      quick,
      seconds: quick ? 3 : 10,
      warmupSeconds: quick ? 1 : 3,
      createCount: quick ? 100 : 500,
      listSeed: Number(values['list-orders'] ?? (quick ? 50_000 : 1_000_000)),
      lifecycleOrders: Number(values.orders ?? (quick ? 50 : 1000)),
    };
    for (const name of only) {
      process.stderr.write(`running ${name}…\n`);
      results.push(await SCENARIOS[name](ctx));
    }
  } finally {
    await services.stop();
  }
  const report = {
    at: new Date().toISOString(),
    quick,
    machine: {
      cpus: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    results,
  };
  printReport(report);
  const dir = path.join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${report.at.replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  process.stdout.write(`\nwritten to ${path.relative(process.cwd(), file)}\n`);
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
