import {
  affectsOrderProcessing,
  COMPONENTS,
  deriveComponents,
  DELIVERY_THRESHOLDS,
  overallSummary,
  type Signals,
} from '../../../src/status/components';

const healthy: Signals = {
  database: { reachable: true, latencyMs: 3 },
  temporal: { reachable: true, workflowPollers: 1, activityPollers: 1 },
  payments: { provider: 'sandbox', recentFailures: 0 },
  gazette: { available: true, note: null },
  failedDeliveries: 0,
  stalledWebhooks: 0,
};

const stateOf = (signals: Signals, incidents: Parameters<typeof deriveComponents>[1] = []) =>
  Object.fromEntries(deriveComponents(signals, incidents).map((c) => [c.id, c.state]));

describe('status derivation', () => {
  test('names the payment provider and nothing about how it is configured', () => {
    const details = ['stripe', 'sandbox'].map(
      (provider) =>
        deriveComponents({ ...healthy, payments: { provider, recentFailures: 0 } } as Signals, []).find(
          (c) => c.id === 'payments',
        )!.detail,
    );
    expect(details).toEqual(['Payments through Stripe.', 'Payments through the sandbox payment provider.']);
  });

  test('healthy signals: every component operational', () => {
    const components = deriveComponents(healthy, []);
    expect(components.map((c) => c.id)).toEqual([...COMPONENTS]);
    expect(components.every((c) => c.state === 'operational')).toBe(true);
    expect(overallSummary(components)).toEqual({ status: 'operational', summary: 'All systems operational' });
  });

  test('order processing: no Temporal or no workers is an outage, half the pollers is degraded', () => {
    expect(
      stateOf({ ...healthy, temporal: { reachable: false, workflowPollers: 0, activityPollers: 0 } }),
    ).toMatchObject({
      order_processing: 'outage',
    });
    expect(
      stateOf({ ...healthy, temporal: { reachable: true, workflowPollers: 0, activityPollers: 0 } }),
    ).toMatchObject({
      order_processing: 'outage',
    });
    expect(
      stateOf({ ...healthy, temporal: { reachable: true, workflowPollers: 2, activityPollers: 0 } }),
    ).toMatchObject({
      order_processing: 'degraded',
    });
  });

  test('gazette follows the integration health that drives gazette_unavailable', () => {
    const down = deriveComponents({ ...healthy, gazette: { available: false, note: 'maintenance' } }, []);
    const gazette = down.find((c) => c.id === 'gazette')!;
    expect(gazette.state).toBe('outage');
    expect(gazette.detail).toContain('maintenance');
    expect(overallSummary(down).status).toBe('outage');
  });

  test('newspaper delivery: degraded from one unresolved failure, outage from the outage threshold', () => {
    expect(stateOf({ ...healthy, failedDeliveries: DELIVERY_THRESHOLDS.degradedAt })).toMatchObject({
      newspaper_delivery: 'degraded',
    });
    expect(stateOf({ ...healthy, failedDeliveries: DELIVERY_THRESHOLDS.outageAt - 1 })).toMatchObject({
      newspaper_delivery: 'degraded',
    });
    expect(stateOf({ ...healthy, failedDeliveries: DELIVERY_THRESHOLDS.outageAt })).toMatchObject({
      newspaper_delivery: 'outage',
    });
  });

  test('webhook delivery: degraded while any live delivery is overdue on our side, or when unreadable', () => {
    expect(stateOf({ ...healthy, stalledWebhooks: 1 }).webhooks).toBe('degraded');
    expect(stateOf({ ...healthy, stalledWebhooks: null }).webhooks).toBe('degraded');
    expect(stateOf({ ...healthy, stalledWebhooks: 0 }).webhooks).toBe('operational');
  });

  test('database down or slow; payments with failed refunds; unreadable signals are degraded', () => {
    expect(stateOf({ ...healthy, database: { reachable: false, latencyMs: null } }).database).toBe('outage');
    expect(stateOf({ ...healthy, database: { reachable: true, latencyMs: 5000 } }).database).toBe('degraded');
    expect(stateOf({ ...healthy, payments: { provider: 'stripe', recentFailures: 2 } }).payments).toBe(
      'degraded',
    );
    expect(stateOf({ ...healthy, failedDeliveries: null }).newspaper_delivery).toBe('degraded');
    expect(stateOf({ ...healthy, gazette: { available: null, note: null } }).gazette).toBe('degraded');
  });

  test('an open incident makes its components at least degraded; a resolved one does nothing', () => {
    const open = { id: 'inc_1', title: 'Slow', components: ['payments', 'api'], status: 'open' as const };
    const components = deriveComponents(healthy, [open]);
    expect(components.find((c) => c.id === 'payments')).toMatchObject({
      state: 'degraded',
      incidents: ['inc_1'],
    });
    expect(components.find((c) => c.id === 'database')).toMatchObject({
      state: 'operational',
      incidents: [],
    });
    expect(overallSummary(components).status).toBe('degraded');
    // An incident never improves a worse reading.
    const worse = deriveComponents({ ...healthy, gazette: { available: false, note: null } }, [
      { ...open, components: ['gazette'] },
    ]);
    expect(worse.find((c) => c.id === 'gazette')!.state).toBe('outage');
    expect(stateOf(healthy, [{ ...open, status: 'resolved' }]).payments).toBe('operational');
  });

  test('incidents on the API alone do not affect order processing', () => {
    expect(affectsOrderProcessing(['api'])).toBe(false);
    expect(affectsOrderProcessing(['api', 'gazette'])).toBe(true);
    expect(affectsOrderProcessing(['database'])).toBe(true);
  });
});
