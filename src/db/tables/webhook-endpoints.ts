import type { CreatedNow } from './columns';

export type WebhookMode = 'live' | 'test';

/** A destination registered in an organisation's settings; events go only to endpoints of their mode. */
export interface WebhookEndpointsTable {
  id: string;
  organisation_id: string;
  mode: WebhookMode;
  url: string;
  /** Subscribed event names. */
  events: string[];
  /** The signing secret, AES-256-GCM encrypted (src/webhooks/secrets.ts): HMAC needs the secret itself. */
  secret: string;
  /** The secret before the last rotation, still signing until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  created_at: CreatedNow;
  deleted_at: Date | null;
  /** A disabled endpoint receives no new events until it is enabled again. */
  disabled_at: Date | null;
}
