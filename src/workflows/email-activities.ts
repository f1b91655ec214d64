import { proxyActivities } from '@temporalio/workflow';
import type { NotificationActivities } from '../activities/notifications';
import { DEFAULT_NOTIFICATION_RETRY, type NotificationRetry } from './notification.messages';
import { mailPolicy, RETRY_POLICIES } from './retry-policies';

/** The e-mail activities of an event's announcement, on the event's retry schedule (retry-policies.ts). */
export const mailActivities = (retry: NotificationRetry = DEFAULT_NOTIFICATION_RETRY) =>
  proxyActivities<NotificationActivities>(mailPolicy(retry));

export const mailBookkeeping = proxyActivities<NotificationActivities>(RETRY_POLICIES.bookkeeping);
