import type { ColumnType, Generated } from 'kysely';
import type { CreatedNow } from './columns';
import type { PaymentMethod } from '../../orders/status';

export interface OrganisationsTable {
  id: string;
  name: string;
  payment_method: PaymentMethod;
  invoice_terms_days: number;
  billing_email: string | null;
  /** Who at the organisation deals with invoices (console, organisation page). */
  billing_contact_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address VAT invoices and credit notes are made out to (lines separated by newlines). */
  billing_address: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedNow;
  seq: Generated<number>;
}
