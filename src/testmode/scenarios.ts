/**
 * A test order whose `clientRef` starts with a marker (case ignored, after leading spaces) follows that scenario;
 * a live order's `clientRef` is never interpreted. Pure and workflow-safe.
 */
export const SCENARIO_MARKERS = { delivery_failed: 'test:delivery_failed', manual: 'test:manual' } as const;

/**
 * `delivery_failed`: artwork delivery fails at once; `manual`: delivery is recorded only, the order waits for
 * the test helpers; `simulate`: the simulated newspaper and Gazette move it on by themselves.
 */
type TestScenario = keyof typeof SCENARIO_MARKERS | 'simulate';

export function testScenarioOf(order: { livemode: boolean; clientRef: string | null }): TestScenario | null {
  if (order.livemode) return null;
  const ref = (order.clientRef ?? '').trimStart().toLowerCase();
  if (ref.startsWith(SCENARIO_MARKERS.delivery_failed)) return 'delivery_failed';
  if (ref.startsWith(SCENARIO_MARKERS.manual)) return 'manual';
  return 'simulate';
}
