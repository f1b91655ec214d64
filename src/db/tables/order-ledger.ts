import type { ColumnType } from 'kysely';

/** Every charge and refund of an order (src/orders/ledger.ts): written by the order workflow, never updated. */
export interface OrderLedgerTable {
  id: string;
  order_id: string;
  organisation_id: string;
  kind: 'charge' | 'refund';
  amount_gbp_pence: number;
  provider_ref: string | null;
  reason: string;
  created_at: ColumnType<Date, Date, never>;
}
