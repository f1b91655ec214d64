import type { ColumnType, Generated } from 'kysely';

/** Allocates the human-readable order reference (`SN-000123`) once per order id. */
export interface OrderReferencesTable {
  order_id: string;
  seq: Generated<string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
