import { sql, type Kysely } from 'kysely';

/**
 * The order ledger: one row per charge or refund, and the totals on the order. Orders paid before it get their
 * totals from their payment state (a paid order paid its price; a refunded one had it refunded).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table order_ledger (
      id text primary key,
      order_id text not null references orders (id),
      organisation_id text not null,
      kind text not null check (kind in ('charge', 'refund')),
      amount_gbp_pence integer not null check (amount_gbp_pence > 0),
      provider_ref text,
      reason text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index order_ledger_order on order_ledger (order_id, created_at)`.execute(db);
  await sql`
    alter table orders
      add column amount_paid_gbp_pence integer not null default 0,
      add column amount_refunded_gbp_pence integer not null default 0`.execute(db);
  await sql`
    update orders set
      amount_paid_gbp_pence = case when payment_state = 'paid' or payment_state like 'refund%'
        then quoted_price_gbp_pence else 0 end,
      amount_refunded_gbp_pence = case when payment_state = 'refunded' then quoted_price_gbp_pence else 0 end`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column amount_paid_gbp_pence, drop column amount_refunded_gbp_pence`.execute(
    db,
  );
  await sql`drop table order_ledger`.execute(db);
}
