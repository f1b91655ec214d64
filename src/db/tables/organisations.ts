import type { ColumnType, Generated } from 'kysely';

export const PAYMENT_METHODS = [
  'stripe_checkout',
  'invoice_with_terms',
  'invoice_bank_transfer',
  'stripe_invoice',
  'purchase_order',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface OrganisationsTable {
  id: string;
  name: string;
  payment_method: PaymentMethod;
  invoice_terms_days: number;
  billing_email: string | null;
  /** Who at the organisation deals with invoices (console, organisation page). */
  billing_contact_name: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  seq: Generated<number>;
}
