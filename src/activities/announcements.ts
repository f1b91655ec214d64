import type { OrderEventRecord } from '../orders/events';
import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { startAnnouncement } from '../temporal/orders';
import type { AnnouncementInput, FirstAttemptResult, FirstPass } from '../workflows/announcement.messages';
import { audiencesFor } from '../workflows/notification.messages';
import { orderMailSender } from './notifications';
import { prepareDeliveries, webhookAttempter } from './webhooks';

export interface AnnouncementDeps {
  config: Config;
  db: Db;
  log: Logger;
  mailer: Mailer;
  /** Starts announcements; without it no event is announced (tests that do not need them). */
  temporal?: Client;
}

/**
 * Called right after an event is recorded: its deliveries recorded (pending, one per subscribed endpoint) and one
 * announcement workflow started for the e-mails and all of them, or none when no one hears of the event. Safe
 * to repeat: deliveries are unique per event and endpoint, the workflow's id per event.
 */
export async function announceEvent(
  deps: AnnouncementDeps,
  event: OrderEventRecord,
  taskQueue: string,
): Promise<void> {
  if (!deps.temporal) return;
  const deliveries = await prepareDeliveries(deps, event);
  const audiences = audiencesFor(event);
  if (audiences.length === 0 && deliveries.length === 0) return;
  await startAnnouncement(deps.temporal, { event, audiences, deliveries }, taskQueue);
}

/** The announcement workflow's first pass. */
export function announcementActivities(deps: AnnouncementDeps) {
  const mail = orderMailSender(deps);
  const { attemptOnce } = webhookAttempter(deps);
  const firstAttempt = async (d: AnnouncementInput['deliveries'][number]): Promise<FirstAttemptResult> => {
    try {
      return await attemptOnce(d, 1);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      deps.log.warn(
        { deliveryId: d.deliveryId, err: error },
        'webhook first attempt held up by our own failure',
      );
      return { outcome: 'error', error };
    }
  };
  return {
    /** Every e-mail once and every endpoint's first attempt, side by side; each channel's failure is reported. */
    async announceFirstPass(input: AnnouncementInput): Promise<FirstPass> {
      const [emails, webhooks] = await Promise.all([
        mail.sendEmailsOnce(input.event, input.audiences),
        Promise.all(input.deliveries.map(firstAttempt)),
      ]);
      return { emails, webhooks };
    },
  };
}

export type AnnouncementActivities = ReturnType<typeof announcementActivities>;
