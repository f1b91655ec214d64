import { sql, type Kysely } from 'kysely';

/**
 * The whole schema. What each table holds is documented on its type in ../schema.ts. Statements are separated by
 * semicolons and sent as one text: without parameters pg sends it as a simple query, which may hold several.
 */
const SCHEMA = `
create table organisations (
  id text primary key,
  name text not null,
  payment_method text not null check (payment_method in
    ('stripe_checkout', 'invoice_with_terms', 'invoice_bank_transfer', 'stripe_invoice', 'purchase_order')),
  invoice_terms_days integer not null default 30 check (invoice_terms_days in (30, 60)),
  billing_email text,
  billing_email_verified_at timestamptz,
  billing_contact_name text,
  billing_address text,
  created_at timestamptz not null default now(),
  seq bigserial not null
);

create table api_keys (
  id text primary key,
  organisation_id text not null references organisations (id),
  mode text not null check (mode in ('live', 'test')),
  key_hash text not null unique,
  display text not null,
  scopes text[] not null,
  name text,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  last_used_at timestamptz,
  created_by text
);
create index api_keys_organisation_idx on api_keys (organisation_id);

create table orders (
  id text primary key,
  organisation_id text not null references organisations (id),
  livemode boolean not null,
  reference text not null unique,
  status text not null,
  type text not null,
  quoted_price_gbp_pence integer not null,
  notice_text text not null,
  payment_method text not null,
  payment_state text not null,
  checkout_url text,
  invoice_url text,
  client_ref text,
  proof_pdf_url text,
  certificate_url text,
  newspaper_name text,
  gazette_edition text,
  publication_date date,
  published_at timestamptz,
  urn text,
  po_reference text,
  needs_attention boolean not null default false,
  fields jsonb not null,
  pricing jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  version bigint not null,
  amount_paid_gbp_pence integer not null default 0,
  amount_refunded_gbp_pence integer not null default 0,
  publication_date_adjusted jsonb,
  body text,
  body_version smallint,
  newspaper_reference text,
  page_number integer,
  documents jsonb,
  nation text not null,
  gazette_publication_date date,
  newspapers jsonb not null,
  cancellation_reason text,
  delivery_failure jsonb
);
-- The list pages newest-first by (created_at, id) inside one organisation and mode, optionally filtered by
-- status, type or client reference: each filter has an index in the keyset's order, so a deep page costs the
-- same as the first.
create index orders_list_idx on orders (organisation_id, livemode, created_at desc, id desc);
create index orders_list_status_idx on orders (organisation_id, livemode, status, created_at desc, id desc);
create index orders_list_type_idx on orders (organisation_id, livemode, type, created_at desc, id desc);
create index orders_list_client_ref_idx on orders (organisation_id, livemode, client_ref, created_at desc, id desc)
  where client_ref is not null;
-- The sweep's rows to rewrite: the number is ORDER_BODY_VERSION (src/orders/order.ts), recreated when it moves.
create index orders_body_stale on orders (id) where body_version is distinct from 1;

create table order_events (
  id text primary key,
  order_id text not null references orders (id),
  organisation_id text not null references organisations (id),
  livemode boolean not null,
  event text not null,
  sequence integer not null,
  created_at timestamptz not null,
  data jsonb not null,
  constraint order_events_order_sequence_key unique (order_id, sequence)
);
create index order_events_organisation_idx on order_events (organisation_id, livemode, created_at);

create table order_audit_log (
  id text primary key,
  order_id text not null references orders (id),
  organisation_id text not null references organisations (id),
  action text not null,
  actor text not null,
  reason text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null
);
create index order_audit_log_order_idx on order_audit_log (order_id, created_at);

create table order_ledger (
  id text primary key,
  order_id text not null references orders (id),
  organisation_id text not null,
  kind text not null check (kind in ('charge', 'refund')),
  amount_gbp_pence integer not null check (amount_gbp_pence > 0),
  provider_ref text,
  reason text not null,
  created_at timestamptz not null
);
create index order_ledger_order on order_ledger (order_id, created_at);

create table order_proofs (
  order_id text primary key references orders (id),
  content bytea not null
);

create table issued_documents (
  id text primary key,
  order_id text not null references orders (id),
  organisation_id text not null references organisations (id),
  livemode boolean not null,
  kind text not null check (kind in ('certificate', 'vat_invoice', 'vat_credit_note')),
  issue_key text not null,
  number text unique,
  issued_at timestamptz not null,
  summary jsonb not null,
  content bytea,
  sha256 text,
  constraint issued_documents_order_issue_key unique (order_id, issue_key)
);

create table document_number_series (
  series text primary key,
  last_number integer not null
);

-- Not a foreign key: the reference is allocated before the order's first projection write.
create table order_references (
  order_id text primary key,
  seq bigserial not null unique
);

create table idempotency_keys (
  organisation_id text not null references organisations (id),
  mode text not null,
  key text not null,
  route text not null,
  request_hash text not null,
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  order_id text,
  locked_until timestamptz,
  primary key (organisation_id, mode, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);

create table integration_health (
  integration text primary key,
  available boolean not null,
  note text,
  updated_at timestamptz not null default now()
);

create table integration_keys (
  id text primary key,
  kind text not null check (kind in ('newspaper', 'gazette')),
  newspaper_name text,
  gazette_edition text check (gazette_edition in ('london', 'edinburgh', 'belfast')),
  key_hash text not null unique,
  display text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint integration_keys_target_check check (
    (kind = 'newspaper' and newspaper_name is not null and gazette_edition is null)
    or (kind = 'gazette' and gazette_edition is not null and newspaper_name is null))
);

create table webhook_endpoints (
  id text primary key,
  organisation_id text not null references organisations (id),
  mode text not null check (mode in ('live', 'test')),
  url text not null,
  events text[] not null,
  secret text not null,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  disabled_at timestamptz
);
create index webhook_endpoints_organisation_idx on webhook_endpoints (organisation_id, mode)
  where deleted_at is null;

create table webhook_deliveries (
  id text primary key,
  event_id text not null references order_events (id),
  endpoint_id text not null references webhook_endpoints (id),
  organisation_id text not null references organisations (id),
  event text not null,
  status text not null check (status in ('pending', 'delivered', 'failed', 'dead', 'cancelled')),
  attempts integer not null default 0,
  replays integer not null default 0,
  last_attempt_at timestamptz,
  next_attempt_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint webhook_deliveries_event_endpoint_key unique (event_id, endpoint_id)
);
create index webhook_deliveries_organisation_idx on webhook_deliveries (organisation_id, status, updated_at);

create table webhook_attempts (
  id bigserial primary key,
  delivery_id text not null references webhook_deliveries (id),
  replay integer not null,
  attempt integer not null,
  started_at timestamptz not null,
  status_code integer,
  error text,
  latency_ms integer not null,
  response_excerpt text
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, started_at);

create table sent_emails (
  key text primary key,
  kind text not null,
  order_id text,
  organisation_id text,
  incident_id text,
  recipients text[] not null,
  subject text not null,
  status text not null check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  claimed_until timestamptz,
  message_id text,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sent_emails_order_idx on sent_emails (order_id);
create index sent_emails_incident_idx on sent_emails (incident_id);

create table incidents (
  id text primary key,
  title text not null,
  components text[] not null,
  status text not null check (status in ('open', 'resolved')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  resolved_at timestamptz,
  seq bigserial not null unique
);
create index incidents_created_idx on incidents (created_at);

create table incident_updates (
  id bigserial primary key,
  incident_id text not null references incidents (id),
  kind text not null check (kind in ('opened', 'update', 'resolved')),
  message text not null,
  created_at timestamptz not null default now()
);
create index incident_updates_incident_idx on incident_updates (incident_id, id);

create table members (
  id text primary key,
  organisation_id text not null references organisations (id),
  email text not null,
  role text not null check (role in ('admin', 'viewer')),
  invited_by text,
  created_at timestamptz not null default now(),
  removed_at timestamptz
);
create unique index members_organisation_email_idx on members (organisation_id, lower(email))
  where removed_at is null;
create index members_email_idx on members (lower(email)) where removed_at is null;

create table sign_in_links (
  token_hash text primary key,
  member_id text not null references members (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  requested boolean not null default false
);
create index sign_in_links_member_idx on sign_in_links (member_id);

create table sessions (
  token_hash text primary key,
  member_id text not null references members (id),
  csrf_token text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_member_idx on sessions (member_id);

create table billing_email_verifications (
  token_hash text primary key,
  organisation_id text not null references organisations (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index billing_email_verifications_organisation on billing_email_verifications (organisation_id);

create table settings_audit_log (
  id bigserial primary key,
  organisation_id text not null references organisations (id),
  actor text not null,
  action text not null,
  target text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index settings_audit_log_organisation_idx on settings_audit_log (organisation_id, id);

create table quota_usage (
  organisation_id text not null,
  mode text not null check (mode in ('live', 'test')),
  quota text not null,
  window_start timestamptz not null,
  window_end timestamptz not null,
  used integer not null check (used >= 0),
  primary key (organisation_id, mode, quota, window_start)
);
create index quota_usage_window_end on quota_usage (window_end);

-- rate-limiter-flexible's Postgres store. Unlogged: counters need not survive a crash, and skipping the WAL
-- keeps the per-request write cheap. The expiry index serves the periodic purge of ended windows.
create unlogged table rate_limits (key varchar(255) primary key, points integer not null default 0, expire bigint);
create index rate_limits_expire on rate_limits (expire);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(SCHEMA).execute(db);
}
