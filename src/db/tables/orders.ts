import type { ColumnType, JSONColumnType } from 'kysely';
import type { PublicationDateAdjusted } from '../../orders/order-notice';

/** The orders projection: written only by workflow activities, read by the API. */
export interface OrdersTable {
  id: string;
  organisation_id: string;
  livemode: boolean;
  reference: string;
  status: string;
  type: string;
  quoted_price_gbp_pence: number;
  notice_text: string;
  payment_method: string;
  payment_state: string;
  checkout_url: string | null;
  invoice_url: string | null;
  client_ref: string | null;
  proof_pdf_url: string | null;
  certificate_url: string | null;
  newspaper_name: string | null;
  gazette_edition: string | null;
  publication_date: string | null;
  /** `{requested, reason, message}` when the requested publication date was moved (src/orders/order-notice.ts). */
  publication_date_adjusted: JSONColumnType<PublicationDateAdjusted | null, string | null, string | null>;
  published_at: Date | null;
  urn: string | null;
  po_reference: string | null;
  needs_attention: boolean;
  /** The totals of the order's `order_ledger` entries, written with them in one transaction. */
  amount_paid_gbp_pence: ColumnType<number, number | undefined, number>;
  amount_refunded_gbp_pence: ColumnType<number, number | undefined, number>;
  /** The validated order input fields, as the caller gave them after normalisation. */
  fields: JSONColumnType<Record<string, unknown>>;
  /** Pricing breakdown of the current quote. */
  pricing: JSONColumnType<Record<string, unknown>>;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
  /** Monotonic version from the workflow; a write with a lower or equal version is ignored. */
  version: ColumnType<string, number | bigint, number | bigint>;
}
