import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { KeyMode, KeyScope } from '../auth/api-key';
import type { AuditEntry } from '../orders/audit';
import type { IssuedDocumentKind } from '../orders/documents';
import type { OrderEventRecord } from '../orders/events';
import type { LedgerEntry } from '../orders/ledger';
import type { Order } from '../orders/order';
import type { PaymentMethod } from '../orders/status';
import type { SnakeCased } from './columns';

/** `created_at … default now()`: set by the database on insert (a caller may give it); never updated. */
type CreatedNow = ColumnType<Date, Date | undefined, never>;

/** `updated_at … default now()`: set by the database on insert, by the repository on every update. */
type UpdatedNow = Generated<Date>;

/** A time the writer supplies (the workflow, for records it writes once); never updated. */
type WrittenAt = ColumnType<Date, Date | string, never>;

/** A JSON object (jsonb), written as its JSON text. */
type JsonObject = JSONColumnType<Record<string, unknown>>;

/** An API or integration key: its SHA-256 (hex) and a non-secret display form; the key itself is never stored. */
interface StoredKey {
  key_hash: string;
  /** E.g. `svc_live_AbC…xyz9`, so an admin can tell keys apart. */
  display: string;
  created_at: CreatedNow;
  revoked_at: Date | null;
}

/** A one-time link's or session's token: only its SHA-256 is kept. */
interface StoredToken {
  token_hash: string;
  created_at: CreatedNow;
  expires_at: Date;
}

/** The tables' types, as the migration in ./migrations creates them. */
export interface Database {
  organisations: {
    id: string;
    name: string;
    payment_method: PaymentMethod;
    invoice_terms_days: 30 | 60;
    billing_email: string | null;
    /** When the billing e-mail's owner opened its verification link; null while unverified (or none). */
    billing_email_verified_at: Date | null;
    billing_contact_name: string | null;
    /** The address VAT invoices and credit notes are made out to (lines separated by newlines). */
    billing_address: string | null;
    created_at: CreatedNow;
    seq: Generated<number>;
  };
  billing_email_verifications: StoredToken & {
    organisation_id: string;
    /** The address the link was sent to: it verifies that address only, not one set since. */
    email: string;
    used_at: Date | null;
  };
  api_keys: StoredKey & {
    id: string;
    organisation_id: string;
    mode: KeyMode;
    scopes: KeyScope[];
    name: string | null;
    last_used_at: Date | null;
    /** `member:mem_… (email)`, `operator (CLI)`, or null when the creator did not say. */
    created_by: string | null;
  };
  /** The orders projection (written by workflow activities only): one snake_case column per field of Order. */
  orders: SnakeCased<Omit<Order, keyof Stored> & Stored>;
  /** Every order event in its webhook envelope form, written once by the workflow (its `id` too). */
  order_events: SnakeCased<Omit<OrderEventRecord, 'createdAt' | 'data'>> & {
    created_at: WrittenAt;
    /** The envelope's `data`: event fields plus `object`, the serialized order at the time. */
    data: JsonObject;
  };
  order_audit_log: SnakeCased<Omit<AuditEntry, 'details' | 'createdAt'>> & {
    details: JsonObject;
    created_at: WrittenAt;
  };
  order_ledger: SnakeCased<Omit<LedgerEntry, 'createdAt'>> & { created_at: WrittenAt };
  order_proofs: { order_id: string; content: Buffer };
  /** Documents we issue and stand behind: one per order and issue key. */
  issued_documents: {
    id: string;
    order_id: string;
    organisation_id: string;
    livemode: boolean;
    kind: IssuedDocumentKind;
    /** What makes it this document of the order (`certificate:newspaper`, `vat_invoice:1`…): issued once. */
    issue_key: string;
    /** VAT documents' number, from a gapless series; null for certificates. */
    number: string | null;
    issued_at: Date;
    summary: JSONColumnType<DocumentSummary>;
    /** The exact PDF issued, and its SHA-256 (hex): null between the reservation and the first stored render. */
    content: ColumnType<Buffer | null, Buffer | null | undefined, Buffer>;
    sha256: ColumnType<string | null, string | null | undefined, string>;
  };
  /** The last number drawn in each series (`live:vat_invoice`, `test:vat_credit_note`…). */
  document_number_series: { series: string; last_number: number };
  order_references: { order_id: string; seq: Generated<string> };
  /** `Idempotency-Key` header of POST requests (./idempotency-keys.repository.ts). */
  idempotency_keys: {
    organisation_id: string;
    mode: string;
    key: string;
    /** `POST /api/v1/orders`, `POST /api/v1/orders/ord_…/cancel`, … */
    route: string;
    request_hash: string;
    response_status: number | null;
    response_body: JsonObject | null;
    created_at: Generated<Date>;
    /** `POST /api/v1/orders`: the order this key places, recorded before its workflow starts. */
    order_id: string | null;
    /** While a request runs with the key: a second request before then is 409 in progress. */
    locked_until: Date | null;
  };
  /** Whether an external publication integration (the Gazette) is usable; set by operators (CLI) and tests. */
  integration_health: {
    integration: string;
    available: boolean;
    note: string | null;
    updated_at: Generated<Date>;
  };
  /** Keys newspapers and the Gazette use to report bookings, publications and URNs. */
  integration_keys: StoredKey & {
    id: string;
    kind: 'newspaper' | 'gazette';
    /** The newspaper whose orders this key may report on (kind newspaper). */
    newspaper_name: string | null;
    /** The Gazette edition whose orders this key may report on (kind gazette). */
    gazette_edition: string | null;
  };
  /** One row per e-mail, keyed by what it is about (docs/notifications.md): a retried send finds the row. */
  sent_emails: {
    key: string;
    /** `order.created`, `invoice`, `incident.opened` … */
    kind: string;
    order_id: string | null;
    organisation_id: string | null;
    incident_id: string | null;
    recipients: string[];
    subject: string;
    status: 'pending' | 'sent' | 'failed';
    attempts: Generated<number>;
    /** While an attempt is sending, other attempts keep off until this time. */
    claimed_until: Date | null;
    message_id: string | null;
    error: string | null;
    created_at: CreatedNow;
    updated_at: UpdatedNow;
  };
  /** An incident shown on the public status page, opened and resolved by operators (CLI). */
  incidents: {
    id: string;
    title: string;
    /** Status-page component names (`order_processing`, `gazette` …). */
    components: string[];
    status: 'open' | 'resolved';
    created_at: CreatedNow;
    updated_at: UpdatedNow;
    resolved_at: Date | null;
    seq: Generated<string>;
  };
  /** The incident's timeline: the opening message, updates and the resolution message. */
  incident_updates: {
    id: Generated<string>;
    incident_id: string;
    kind: 'opened' | 'update' | 'resolved';
    message: string;
    created_at: CreatedNow;
  };
  /** A destination registered in an organisation's settings; events go only to endpoints of their mode. */
  webhook_endpoints: {
    id: string;
    organisation_id: string;
    mode: KeyMode;
    url: string;
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
  };
  /** One event to one endpoint; replays reuse the row (`replays` counts them). */
  webhook_deliveries: {
    id: string;
    event_id: string;
    endpoint_id: string;
    organisation_id: string;
    event: string;
    status: DeliveryStatus;
    attempts: Generated<number>;
    replays: Generated<number>;
    last_attempt_at: Date | null;
    next_attempt_at: Date | null;
    last_error: string | null;
    created_at: CreatedNow;
    updated_at: UpdatedNow;
  };
  /** Every HTTP attempt, with a bounded excerpt of the answer. */
  webhook_attempts: {
    id: Generated<string>;
    delivery_id: string;
    /** 0 for the original delivery, n for the n-th replay. */
    replay: number;
    /** 1 … 5 within that delivery run. */
    attempt: number;
    started_at: WrittenAt;
    status_code: number | null;
    error: string | null;
    latency_ms: number;
    response_excerpt: string | null;
  };
  /** A person who signs in to an organisation's settings console. */
  members: {
    id: string;
    organisation_id: string;
    email: string;
    role: (typeof MEMBER_ROLES)[number];
    /** `member:mem_…` or `operator` (the CLI). */
    invited_by: string | null;
    created_at: CreatedNow;
    removed_at: Date | null;
  };
  sign_in_links: StoredToken & {
    member_id: string;
    used_at: Date | null;
    /** Asked for on the sign-in page (the resend limit counts these), not an invitation or an operator's link. */
    requested: Generated<boolean>;
  };
  /** Console sessions; the CSRF token is tied to the session. */
  sessions: StoredToken & { member_id: string; csrf_token: string };
  /** Every settings change (console or CLI): who, what, when. */
  settings_audit_log: {
    id: Generated<string>;
    organisation_id: string;
    /** `member:mem_… (email)` or `operator (CLI)`. */
    actor: string;
    action: string;
    target: string | null;
    details: JsonObject;
    created_at: CreatedNow;
  };
  /** Uses of a quota by one organisation in one mode, in one window (src/quotas/quotas.ts). */
  quota_usage: {
    organisation_id: string;
    mode: KeyMode;
    quota: string;
    window_start: Date;
    window_end: Date;
    used: number;
  };
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;

/** How the projection stores the fields that are not plain columns of their model type, and the body. */
interface Stored {
  /** An `OrderStatus`; text to the query builder, so list filters given as text compare with it. */
  status: string;
  /** The totals of the order's `order_ledger` entries, written with them in one transaction. */
  amountPaidGbpPence: Generated<number>;
  amountRefundedGbpPence: Generated<number>;
  /** The validated order input fields, as the caller gave them after normalisation. */
  fields: JSONColumnType<Order['fields']>;
  pricing: JSONColumnType<Order['pricing']>;
  /** `{requested, reason, message}` when the requested publication date was moved (src/orders/order-notice.ts). */
  publicationDateAdjusted: JSONColumnType<Order['publicationDateAdjusted'], string | null, string | null>;
  /** Every paper the notice runs in (src/orders/order-notice.ts). */
  newspapers: JSONColumnType<Order['newspapers']>;
  /** `{reason, at}` while a failed artwork delivery awaits an operator. */
  deliveryFailure: JSONColumnType<Order['deliveryFailure'], string | null, string | null>;
  /** The documents issued for the order (src/orders/documents.ts), null until the first. */
  documents: JSONColumnType<Order['documents'], string | null, string | null>;
  /** Timestamps: the order carries them as ISO strings, the row as timestamptz. */
  createdAt: WrittenAt;
  updatedAt: ColumnType<Date, Date | string, Date | string>;
  publishedAt: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** Monotonic version from the workflow; a write with a lower or equal version is ignored. */
  version: ColumnType<string, number | bigint, number | bigint>;
  /** The order's public body as JSON text (`orderBodyJson`), and the ORDER_BODY_VERSION that wrote it. */
  body: string | null;
  bodyVersion: number | null;
}

/** What an issued document certifies or charges, as its verification page shows it. */
export interface DocumentSummary {
  title: string;
  /** Label and value pairs, in the order shown ("Newspaper", "Yorkshire Evening Post"). */
  facts: Array<[string, string]>;
}

/** `pending`: unanswered; `failed`: retry scheduled; `dead`: every attempt failed; `cancelled`: endpoint deleted. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dead' | 'cancelled';

/** `admin` may change every setting; `viewer` reads only. */
export const MEMBER_ROLES = ['admin', 'viewer'] as const;
