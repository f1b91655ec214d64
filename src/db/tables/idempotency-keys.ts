import type { ColumnType } from 'kysely';
import type { JsonObject } from './columns';

/**
 * `Idempotency-Key` header of POST requests: the first request claims the key with its request hash; its
 * response is stored when it completes and replayed for a retry with the same key and body. Rows are
 * honoured for 24 hours (IDEMPOTENCY_RETENTION_MS), and for as long as the order they name exists.
 */
export interface IdempotencyKeysTable {
  organisation_id: string;
  mode: string;
  key: string;
  /** `POST /api/v1/orders`, `POST /api/v1/orders/ord_…/cancel`, … */
  route: string;
  request_hash: string;
  response_status: number | null;
  response_body: JsonObject | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
  /** `POST /api/v1/orders`: the order this key places, recorded before its workflow starts. */
  order_id: string | null;
  /** While a request runs with the key: a second request before then is 409 in progress. */
  locked_until: Date | null;
}
