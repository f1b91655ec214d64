import { listLedgerEntries } from '../../src/db/order-records.repository';
import { upsertOrderProjection } from '../../src/db/orders.repository';
import type { Db } from '../../src/db/database';
import { newId } from '../../src/ids';
import type { Order } from '../../src/orders/order';
import { anOrder } from './order-fixture';

/** Writes an order straight into the projection, for read-side tests that need many orders quickly. */
export async function seedOrder(
  db: Db,
  organisationId: string,
  { createdAt, ...overrides }: Omit<Partial<Order>, 'createdAt'> & { createdAt: Date },
): Promise<Order> {
  const id = overrides.id ?? newId('ord');
  const order = anOrder({
    id,
    organisationId,
    reference: `SN-${id.slice(4, 12).toUpperCase()}`,
    createdAt: createdAt.toISOString(),
    ...overrides,
  });
  await upsertOrderProjection(db, order);
  return order;
}

/** An order's ledger: its rows in order, and what they charged and refunded in all (pence). */
export async function ledgerOf(db: Db, orderId: string) {
  const entries = await listLedgerEntries(db, orderId);
  const sum = (kind: 'charge' | 'refund') =>
    entries.filter((e) => e.kind === kind).reduce((n, e) => n + e.amountGbpPence, 0);
  return { entries, charged: sum('charge'), refunded: sum('refund') };
}
