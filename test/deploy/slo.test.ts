import { readFileSync } from 'node:fs';
import path from 'node:path';
import { registry } from '../../src/observability/metrics';
import { REPO_ROOT, runTool } from '../support/deploy-tools';

/**
 * The SLO as code (deploy/prometheus/rules): Prometheus's own promtool checks the rules and runs their unit
 * tests (slo.test.yml: a healthy service fires nothing; a 2 % error rate pages within minutes and stops paging
 * once it ends; slow webhooks and booking reports page), and the rules read only series the service exposes.
 */
const RULES = 'deploy/prometheus/rules/slo.rules.yml';

describe('the SLO rules', () => {
  it('pass promtool check rules', () => {
    const run = runTool('promtool', ['check', 'rules', RULES]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/SUCCESS: \d+ rules found/);
    expect(run.status).toBe(0);
  });

  it('pass their unit tests (promtool test rules)', () => {
    const run = runTool('promtool', ['test', 'rules', 'deploy/prometheus/rules/slo.test.yml']);
    expect(run.stdout + run.stderr).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });

  it('read only series the service exposes, and record every SLI over every alert window', async () => {
    const rules = readFileSync(path.join(REPO_ROOT, RULES), 'utf8');
    const ours = new Set((await registry.getMetricsAsJSON()).map((m) => m.name));
    const read = new Set(
      [...rules.matchAll(/\b(notices_[a-z_]+?)(?:_bucket|_count|_sum)?\{/g)].map((m) => m[1]!),
    );
    expect([...read].sort()).toEqual([
      'notices_http_request_duration_seconds',
      'notices_webhook_first_attempt_seconds',
    ]);
    for (const name of read) expect(ours).toContain(name);
    for (const sli of ['orders_api', 'webhooks', 'booking_signal']) {
      for (const window of ['5m', '30m', '1h', '2h', '6h', '1d', '3d']) {
        expect(rules).toContain(`record: notices_slo:${sli}_errors:ratio_rate${window}\n`);
      }
    }
  });
});
