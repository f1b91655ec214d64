import type { KeyMode, KeyScope } from '../../auth/api-key';
import type { CreatedNow } from './columns';

export interface ApiKeysTable {
  id: string;
  organisation_id: string;
  mode: KeyMode;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  /** Non-secret display form, e.g. `svc_live_AbC…xyz9`, so an admin can tell keys apart. */
  display: string;
  scopes: KeyScope[];
  name: string | null;
  created_at: CreatedNow;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** `member:mem_… (email)`, `operator (CLI)`, or null when the creator did not say. */
  created_by: string | null;
}
