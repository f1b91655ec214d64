import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Order } from '../orders/order';
import { startSimulatedNewspaper } from '../temporal/orders';
import { SCENARIO_MARKERS, testScenarioOf } from '../testmode/scenarios';
import type { ActivityDeps } from './index';

/** How the artwork reaches the newspaper. Throwing means "not delivered"; the workflow retries. */
export interface ArtworkDelivery {
  deliver(order: Order): Promise<void>;
}

/**
 * Live orders go to `delivery`, else are recorded only: until newspapers publish an intake API, they pick the
 * proof up by its URL. Test orders go by scenario: fail for good, record only, simulated newspaper.
 */
export function deliveryActivities(deps: Pick<ActivityDeps, 'config' | 'log' | 'temporal' | 'delivery'>) {
  const { config, log, temporal } = deps;
  return {
    async deliverArtwork(order: Order): Promise<void> {
      if (order.livemode) {
        if (deps.delivery) return deps.delivery.deliver(order);
        log.info({ orderId: order.id, newspaper: order.newspaperName }, 'artwork delivered (record only)');
        return;
      }
      switch (testScenarioOf(order)) {
        case 'delivery_failed':
          throw ApplicationFailure.nonRetryable(
            `Simulated artwork delivery failure (test order with clientRef ${SCENARIO_MARKERS.delivery_failed}…).`,
            'simulated_delivery_failure',
          );
        case 'manual':
          log.info({ orderId: order.id }, 'test order: artwork delivery recorded only (test:manual)');
          return;
      }
      if (!temporal) {
        log.warn(
          { orderId: order.id },
          'test order: no Temporal client, the simulated newspaper cannot start',
        );
        return;
      }
      const schedule = {
        bookingMs: config.testMode.bookingDelayMs,
        publicationMs: config.testMode.publicationDelayMs,
        urnMs: config.testMode.urnDelayMs,
      };
      await startSimulatedNewspaper(temporal, order, schedule, Context.current().info.taskQueue);
      log.info({ orderId: order.id }, 'test order: artwork handed to the simulated newspaper');
    },
  };
}
