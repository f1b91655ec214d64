import type { Generated } from 'kysely';
import type { CreatedNow, UpdatedNow } from './columns';

export type SentEmailStatus = 'pending' | 'sent' | 'failed';

/**
 * One row per e-mail the service means to send, keyed by what it is about (`order:<id>:<event>:contact`,
 * `incident:<id>:opened:<org>` …), so a retried send finds the row and never sends a second copy.
 */
export interface SentEmailsTable {
  key: string;
  /** `order.created`, `invoice`, `incident.opened` … */
  kind: string;
  order_id: string | null;
  organisation_id: string | null;
  incident_id: string | null;
  recipients: string[];
  subject: string;
  status: SentEmailStatus;
  attempts: Generated<number>;
  /** While an attempt is sending, other attempts keep off until this time. */
  claimed_until: Date | null;
  message_id: string | null;
  error: string | null;
  created_at: CreatedNow;
  updated_at: UpdatedNow;
  sent_at: Date | null;
}
