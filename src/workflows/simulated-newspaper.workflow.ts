import { ActivityFailure, log, proxyActivities, sleep } from '@temporalio/workflow';
import type { SimulatorActivities } from '../activities/test-mode/simulator';
import { delayOf, type SimulatedStep } from '../testmode/simulation';
import type { SimulatedNewspaperInput } from './simulated-newspaper.messages';

const acts = proxyActivities<SimulatorActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/** At most booking, publication and URN: a bound, whatever the order does meanwhile. */
const MAX_STEPS = 3;

/**
 * Test mode's simulated newspaper and Gazette for one test order (`simulate:<order id>`), started when its
 * artwork is delivered: after each configured delay it sends the report a real newspaper or the Gazette would,
 * and stops as soon as a report no longer fits the order.
 */
export async function simulatedNewspaperWorkflow(
  input: SimulatedNewspaperInput,
): Promise<{ reported: SimulatedStep[] }> {
  const reported: SimulatedStep[] = [];
  try {
    let step = await acts.planSimulatedStep(input.orderId);
    for (let n = 0; step && n < MAX_STEPS; n += 1) {
      await sleep(delayOf(step, input.schedule));
      const outcome = await acts.performSimulatedStep({ orderId: input.orderId, step });
      if (outcome.performed) reported.push(step);
      step = outcome.next;
    }
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    log.warn('simulated newspaper gave up', { orderId: input.orderId, message: err.message });
  }
  return { reported };
}
