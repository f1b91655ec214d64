import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { startTracing } from '../observability/tracing';
import { onShutdown, runMain } from '../shutdown';

runMain('API failed to start', async () => {
  const config = loadConfig();
  const log = createLogger(config.logLevel, 'api', config.logFormat, { asyncWrites: true });
  // Before the server's modules load, so tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) can patch them.
  const tracing = startTracing('notices-api');
  const { startApiServer } = await import('../service/server');
  const api = await startApiServer(config, log);
  log.info({ url: api.url, tracing: tracing !== null }, 'API listening');
  onShutdown(log, config.shutdownDeadlineMs, async (deadline) => {
    await api.stop(deadline);
    await deadline.within(log, 'flush traces', async () => tracing?.shutdown());
  });
});
