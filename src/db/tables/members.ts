import type { ColumnType, Generated } from 'kysely';
import type { CreatedNow, JsonObject } from './columns';

export const MEMBER_ROLES = ['admin', 'viewer'] as const;
/** `admin` may change every setting; `viewer` reads only. */
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A person who signs in to an organisation's settings console. */
export interface MembersTable {
  id: string;
  organisation_id: string;
  email: string;
  role: MemberRole;
  /** `member:mem_…` or `operator` (the CLI). */
  invited_by: string | null;
  created_at: CreatedNow;
  removed_at: Date | null;
}

/** E-mailed one-time sign-in links: only the SHA-256 of the token is kept. */
export interface SignInLinksTable {
  token_hash: string;
  member_id: string;
  created_at: CreatedNow;
  expires_at: Date;
  used_at: Date | null;
  /** Asked for on the sign-in page (the resend limit counts these), not an invitation or an operator's link. */
  requested: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Console sessions: only the SHA-256 of the cookie's token is kept; the CSRF token is tied to the session. */
export interface SessionsTable {
  token_hash: string;
  member_id: string;
  csrf_token: string;
  created_at: CreatedNow;
  expires_at: Date;
}

/** Every settings change (console or CLI): who, what, when. */
export interface SettingsAuditLogTable {
  id: Generated<string>;
  organisation_id: string;
  /** `member:mem_… (email)` or `operator (CLI)`. */
  actor: string;
  action: string;
  target: string | null;
  details: JsonObject;
  created_at: CreatedNow;
}
