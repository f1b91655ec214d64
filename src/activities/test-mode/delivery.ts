import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { SCENARIO_MARKERS, testScenarioOf } from '../../testmode/scenarios';
import { startSimulatedNewspaper } from '../../temporal/orders';
import type { ArtworkDelivery } from '../delivery';

export const SIMULATED_DELIVERY_FAILURE = 'simulated_delivery_failure';

/** Test orders' delivery by scenario: fails for good, is recorded only, or goes to the simulated newspaper. */
export function testModeDelivery(deps: { config: Config; log: Logger; temporal?: Client }): ArtworkDelivery {
  const { config, log, temporal } = deps;
  return {
    async deliver(order) {
      switch (testScenarioOf(order)) {
        case 'delivery_failed':
          throw ApplicationFailure.nonRetryable(
            `Simulated artwork delivery failure (test order with clientRef ${SCENARIO_MARKERS.delivery_failed}…).`,
            SIMULATED_DELIVERY_FAILURE,
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
