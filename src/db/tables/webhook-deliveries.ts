import type { Generated } from 'kysely';
import type { CreatedNow, UpdatedNow, WrittenAt } from './columns';

/**
 * `pending` (first attempt not yet answered), `failed` (last attempt failed, another is scheduled),
 * `delivered`, `dead` (every attempt failed: the dead-letter entry) or `cancelled` (endpoint deleted).
 */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dead' | 'cancelled';

/** One event to one endpoint; replays reuse the row (`replays` counts them). */
export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  organisation_id: string;
  event: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  replays: Generated<number>;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  last_error: string | null;
  created_at: CreatedNow;
  updated_at: UpdatedNow;
}

/** Every HTTP attempt, with a bounded excerpt of the answer. */
export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  /** 0 for the original delivery, n for the n-th replay. */
  replay: number;
  /** 1 … 5 within that delivery run. */
  attempt: number;
  started_at: WrittenAt;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
  response_excerpt: string | null;
}
