import type { Generated } from 'kysely';
import type { CreatedNow } from './columns';
import type { PaymentMethod } from '../../orders/status';

export interface OrganisationsTable {
  id: string;
  name: string;
  payment_method: PaymentMethod;
  invoice_terms_days: 30 | 60;
  billing_email: string | null;
  /** When the billing e-mail's owner opened its verification link; null while unverified (or none). */
  billing_email_verified_at: Date | null;
  /** Who at the organisation deals with invoices (console, organisation page). */
  billing_contact_name: string | null;
  /** The address VAT invoices and credit notes are made out to (lines separated by newlines). */
  billing_address: string | null;
  created_at: CreatedNow;
  seq: Generated<number>;
}

/** One-time links that verify a billing e-mail: only the SHA-256 of the token is kept. */
export interface BillingEmailVerificationsTable {
  token_hash: string;
  organisation_id: string;
  /** The address the link was sent to: it verifies that address only, not one set since. */
  email: string;
  created_at: CreatedNow;
  expires_at: Date;
  used_at: Date | null;
}
