import { startApiServer } from '../api/server';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { onShutdown } from './shutdown';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel, 'api', config.logFormat);
  const api = await startApiServer(config, log);
  log.info({ url: api.url }, 'API listening');
  onShutdown(log, () => api.stop());
}

main().catch((err) => {
  process.stderr.write(`API failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
