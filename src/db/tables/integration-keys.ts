import type { CreatedNow } from './columns';

export type IntegrationKind = 'newspaper' | 'gazette';

/** Keys newspapers and the Gazette use to report bookings, publications and URNs. Hashed like API keys. */
export interface IntegrationKeysTable {
  id: string;
  kind: IntegrationKind;
  /** The newspaper whose orders this key may report on (kind newspaper). */
  newspaper_name: string | null;
  /** The Gazette edition whose orders this key may report on (kind gazette). */
  gazette_edition: string | null;
  key_hash: string;
  display: string;
  created_at: CreatedNow;
  revoked_at: Date | null;
}
