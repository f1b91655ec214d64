import { Context } from '@temporalio/activity';
import { findOrderById } from '../../db/orders.repository';
import { AppError } from '../../errors';
import { testScenarioOf } from '../../testmode/scenarios';
import { sendSimulatedReport } from '../../temporal/orders';
import { actorOf, simulatedStepFor, type SimulatedStep } from '../../testmode/simulation';
import type { ActivityDeps } from '../index';

/** The report waits for the order's workflow, which may need this very worker: it must not wait for itself. */
function activityCancellation(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined; // outside an activity
  }
}

export function simulatorActivities(deps: Pick<ActivityDeps, 'db' | 'log' | 'temporal'>) {
  const { db, log, temporal } = deps;
  const simulated = async (orderId: string) => {
    const order = await findOrderById(db, orderId);
    // Only test orders that follow the default scenario (an amendment may have changed the clientRef).
    return order && testScenarioOf(order) === 'simulate' ? order : null;
  };
  return {
    async planSimulatedStep(orderId: string): Promise<SimulatedStep | null> {
      const order = await simulated(orderId);
      return order ? simulatedStepFor(order) : null;
    },

    /** Sends `step` if it still fits the order; otherwise, or when refused, the simulation stops (`next` null). */
    async performSimulatedStep(input: {
      orderId: string;
      step: SimulatedStep;
    }): Promise<{ performed: boolean; next: SimulatedStep | null }> {
      const stop = { performed: false, next: null };
      const order = await simulated(input.orderId);
      if (!order || simulatedStepFor(order) !== input.step || !temporal) return stop;
      try {
        // Keyed by the order's version: a retried activity gets the first answer instead of reporting twice.
        const updateId = `simulator:${input.step}:v${order.version}`;
        const report = () =>
          sendSimulatedReport(temporal, order, input.step, { actor: actorOf(input.step), updateId });
        const cancellation = activityCancellation();
        const ack = await (cancellation ? temporal.withAbortSignal(cancellation, report) : report());
        return { performed: ack.changed, next: simulatedStepFor(ack.order) };
      } catch (err) {
        // The workflow's refusal ends the simulation; an unavailable engine is retried.
        if (!(err instanceof AppError) || err.code === 'service_unavailable') throw err;
        log.info({ orderId: order.id, step: input.step, reason: err.message }, 'simulated report refused');
        return stop;
      }
    },
  };
}

export type SimulatorActivities = ReturnType<typeof simulatorActivities>;
