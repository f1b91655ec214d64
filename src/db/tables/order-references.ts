import type { Generated } from 'kysely';
import type { CreatedNow } from './columns';

/** Allocates the human-readable order reference (`SN-000123`) once per order id. */
export interface OrderReferencesTable {
  order_id: string;
  seq: Generated<string>;
  created_at: CreatedNow;
}
