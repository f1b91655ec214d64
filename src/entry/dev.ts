import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { createDatabase, migrateToLatest } from '../db/database';
import { consoleLog as log, stopChild } from '../dev/log';
import { serviceCluster, startEmbeddedPostgres } from '../dev/embedded-postgres';
import { findTemporalCli } from '../dev/temporal-cli';
import { startTemporalDevServer } from '../dev/temporal-dev-server';
import { SEARCH_ATTRIBUTES } from '../workflows/search-attributes';
import { demoSignInLink, ensureDemoOrganisation } from './demo';
import { SIGN_IN_LINK_MINUTES } from '../settings/services/members.service';

/**
 * `npm start`: the complete service on one machine, with an embedded PostgreSQL and a Temporal dev server unless
 * DATABASE_URL and TEMPORAL_ADDRESS are set; the worker and the API run as child processes, as in production.
 */
async function main() {
  // Development settings for itself and its children, unless NODE_ENV says otherwise.
  process.env.NODE_ENV ??= 'development';
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => log.error(`stop failed: ${String(err)}`));
  };
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    log.info('stopping…');
    void stopAll().then(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const { databaseUrl, temporalAddress, temporalUiUrl } = await startDependencies(config, stops);
    // embedded-postgres installs its own SIGINT/SIGTERM hooks that stop the cluster and exit at once; ours
    // stops the API and worker first, then Temporal, then PostgreSQL, so only ours may stay.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal))
        if (listener !== onSignal) process.off(signal, listener);
    }
    const { db } = createDatabase(databaseUrl, 2);
    const applied = await migrateToLatest(db);
    if (applied.length) log.info(`applied migrations: ${applied.join(', ')}`);
    const demo = await ensureDemoOrganisation(db);
    const signInLink = await demoSignInLink(db, config);
    await db.destroy();

    const env = { ...process.env, DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporalAddress };
    for (const child of [spawnEntry('worker', env), spawnEntry('api', env)]) {
      stops.push(() => stopChild(child, config.shutdownDeadlineMs + 5000));
      child.once('exit', (code, signal) => {
        if (stopping) return;
        log.error(`a child process exited (${code ?? signal}); stopping everything`);
        onSignal();
      });
    }
    await waitForApi(config);
    const url = config.publicBaseUrl;
    const { host, apiPort, workerPort } = config.metrics;
    const demoLines = demo
      ? `Created a demo organisation with this API key (shown once, store it now):\n  ${demo.key}\n\n` +
        `Try it:\n  curl -H "Authorization: Bearer ${demo.key}" ${url}/api/v1/orders`
      : 'Create an API key with: npx notices key create --org <orgId> --scopes orders:read,orders:write';
    const signInLines = signInLink
      ? `\n\nSettings console: sign in as the demo admin with this one-time link (${SIGN_IN_LINK_MINUTES} minutes):\n` +
        `  ${signInLink.url}\nExpired or used? Print a fresh one (while the service runs, or after):\n` +
        `  ${signInLink.freshLinkCommand}`
      : '';
    process.stdout.write(`
Statutory Notice Placement API is running.
  API base URL : ${url}/api/v1
  API reference: ${url}/docs (OpenAPI: ${url}/api/v1/openapi.json)
  Health       : ${url}/api/health
  Temporal UI  : ${temporalUiUrl ?? '(external Temporal: see your Temporal UI)'}
  Data folder  : ${config.dataDir}
  Metrics      : http://${host}:${apiPort}/metrics (API), :${workerPort}/metrics (worker)

${demoLines}${signInLines}

Press Ctrl-C to stop.
`);
  } catch (err) {
    log.error(err instanceof Error ? err.message : String(err));
    await stopAll();
    process.exit(1);
  }
}

/** An entry point as a child process, from the sources through tsx or compiled, as this process runs. */
function spawnEntry(name: 'api' | 'worker', env: NodeJS.ProcessEnv) {
  const compiled = __filename.endsWith('.js');
  const file = path.join(__dirname, `${name}.${compiled ? 'js' : 'ts'}`);
  const args = compiled ? [file] : ['--import', 'tsx', file];
  // The IPC channel is how a child notices that we are gone (even after a SIGKILL) and stops itself.
  return spawn(process.execPath, args, { env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
}

async function startDependencies(config: Config, stops: (() => Promise<void>)[]) {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const pg = await startEmbeddedPostgres({ ...serviceCluster(config), log });
    stops.push(() => pg.stop());
    databaseUrl = pg.databaseUrl;
  }
  let temporalAddress = config.temporalAddress;
  let temporalUiUrl = config.temporalUiUrl ?? null;
  if (!temporalAddress) {
    const temporal = await startTemporalDevServer({
      dbFilename: path.join(config.dataDir, 'temporal.db'),
      port: config.temporalDevPort,
      namespace: config.temporalNamespace,
      ui: true,
      searchAttributes: SEARCH_ATTRIBUTES,
      log,
      cli: await findTemporalCli({ install: true, log }),
    });
    stops.push(() => temporal.stop());
    temporalAddress = temporal.address;
    temporalUiUrl = temporal.uiUrl;
  }
  return { databaseUrl, temporalAddress, temporalUiUrl };
}

async function waitForApi(config: Config) {
  const url = `http://127.0.0.1:${config.port}/api/health`;
  for (let i = 0; i < 150; i++) {
    if ((await fetch(url).catch(() => null))?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the API did not become healthy at ${url}`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
});
