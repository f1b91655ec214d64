import type { Config } from '../config';
import type { Db } from '../db/database';
import { recordAuditEntry, type AuditEntry } from '../db/order-audit-log.repository';
import { recordOrderEvent, type OrderEventRecord } from '../db/order-events.repository';
import { allocateOrderReference } from '../db/order-references.repository';
import { upsertOrderProjection } from '../db/orders.repository';
import type { Logger } from '../logger';
import { toOrder, type OrderSnapshot } from '../orders/order-snapshot';
import { deliveryActivities, recordOnlyDelivery, type ArtworkDelivery } from './delivery';
import { documentActivities } from './documents';
import { noticeActivities } from './notices';
import { paymentActivities } from './payments/activities';
import { createPaymentProvider, type PaymentProvider } from './payments';

export interface ActivityDeps {
  config: Config;
  db: Db;
  log: Logger;
  /** Defaults to Stripe or the sandbox by configuration. */
  payments?: PaymentProvider;
  /** Defaults to record-only delivery. */
  delivery?: ArtworkDelivery;
}

/** Every activity of the order workflow, bound to its dependencies. Each one is safe to retry. */
export function createActivities(deps: ActivityDeps) {
  const { config, db } = deps;
  const payments = deps.payments ?? createPaymentProvider(config);
  const delivery = deps.delivery ?? recordOnlyDelivery(deps.log);
  return {
    allocateReference: (orderId: string) => allocateOrderReference(db, orderId),
    /** Writes the projection; a write carrying an old version is ignored. */
    async saveOrder(order: OrderSnapshot): Promise<void> {
      await upsertOrderProjection(db, toOrder(order));
    },
    recordEvent: (event: OrderEventRecord) => recordOrderEvent(db, event),
    recordAudit: (entry: AuditEntry) => recordAuditEntry(db, entry),
    ...paymentActivities({ config, payments }),
    ...documentActivities({ config, db }),
    ...deliveryActivities({ delivery }),
    ...noticeActivities(),
  };
}

export type OrderActivities = ReturnType<typeof createActivities>;
