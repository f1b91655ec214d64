import type { WrittenAt, JsonObject } from './columns';

/** Who did what to an order and why: cancel reasons, amendments, integration reports, operator actions. */
export interface OrderAuditLogTable {
  /** Generated in the workflow, so a retried write is a no-op. */
  id: string;
  order_id: string;
  organisation_id: string;
  action: string;
  /** `api_key:key_…`, `integration:int_…`, `operator`, `stripe`, `sandbox` or `system`. */
  actor: string;
  reason: string | null;
  details: JsonObject;
  created_at: WrittenAt;
}
