import { proxyActivities } from '@temporalio/workflow';
import type { NotificationActivities } from '../activities/notifications';
import { DEFAULT_NOTIFICATION_RETRY, type NotificationRetry } from './notification.messages';

/**
 * The e-mail activities of an event's announcement (and of the notification workflow before announcements),
 * retried on the event's schedule: transient SMTP failures for about a day unless a test shortens it.
 */
export function mailActivities(
  retry: NotificationRetry = DEFAULT_NOTIFICATION_RETRY,
  nonRetryableErrorTypes?: string[],
) {
  return proxyActivities<NotificationActivities>({
    startToCloseTimeout: '2 minutes',
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maximumIntervalMs,
      backoffCoefficient: 2,
      maximumAttempts: retry.maximumAttempts,
      ...(nonRetryableErrorTypes && { nonRetryableErrorTypes }),
    },
  });
}

/** Database bookkeeping of e-mails (settling one as failed): cheap, retried until it succeeds. */
export const mailBookkeeping = proxyActivities<NotificationActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1s', maximumInterval: '1 minute' },
});
