import { Context } from '@temporalio/activity';
import type { OrderEventRecord } from '../orders/events';
import type { Mailer } from '../mail/mailer';
import { startAnnouncement } from '../temporal/orders';
import {
  firstPassFinished,
  type AnnouncementInput,
  type FirstAttemptResult,
} from '../workflows/announcement.messages';
import { audiencesFor } from '../workflows/notification.messages';
import { orderMailSender } from './notifications';
import { isBusy, prepareDeliveries, webhookAttempter, type WebhookDeps } from './webhooks';

/**
 * Records an event's deliveries, makes the first pass here (every e-mail once and every endpoint's first attempt,
 * side by side) and starts an announcement workflow only for what is left. A retried attempt may follow one still
 * sending: it leaves every channel to the workflow.
 */
export function orderEventAnnouncer(deps: WebhookDeps & { mailer: Mailer }) {
  const sendEmailsOnce = orderMailSender(deps);
  const { attemptOnce } = webhookAttempter(deps);
  const firstAttempt = async (d: AnnouncementInput['deliveries'][number]): Promise<FirstAttemptResult> => {
    try {
      return await attemptOnce(d, 1);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      // A full slot is the limits working, not a failure worth a warning.
      const level = isBusy(err) ? 'debug' : 'warn';
      deps.log[level](
        { deliveryId: d.deliveryId, err: error },
        'webhook first attempt held up by our own failure',
      );
      return { outcome: 'error', error };
    }
  };
  return async (event: OrderEventRecord): Promise<void> => {
    if (!deps.temporal) return;
    const { taskQueue, attempt } = Context.current().info;
    const deliveries = await prepareDeliveries(deps, event);
    const audiences = audiencesFor(event);
    if (audiences.length === 0 && deliveries.length === 0) return;
    const input = { event, audiences, deliveries };
    if (attempt > 1) return startAnnouncement(deps.temporal, { ...input, firstPass: null }, taskQueue);
    const [emails, webhooks] = await Promise.all([
      sendEmailsOnce(event, audiences),
      Promise.all(deliveries.map(firstAttempt)),
    ]);
    const firstPass = { emails, webhooks };
    if (!firstPassFinished(firstPass))
      await startAnnouncement(deps.temporal, { ...input, firstPass }, taskQueue);
  };
}
