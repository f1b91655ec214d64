import type { AuditEntry } from '../orders/audit';
import { withOrderData } from '../orders/events';
import { recordAuditEntry, recordOrderChange, type OrderChangeRecord } from '../db/order-records.repository';
import { allocateOrderReference } from '../db/order-references.repository';
import { createMailer, type Mailer } from '../mail/mailer';
import { deliveryActivities, type ArtworkDelivery } from './delivery';
import { documentActivities } from './documents';
import { vatDocumentActivities } from './vat-documents';
import { noticeActivities } from './notices';
import { orderEventAnnouncer } from './announcements';
import { notificationActivities } from './notifications';
import { paymentActivities } from './payments/activities';
import { closedOrderPaymentActivities } from './payments/closed-order';
import { signInActivities } from './sign-in';
import { webhookActivities, type WebhookDeps } from './webhooks';
import { createPaymentProviders } from './payments';
import { simulatorActivities } from './test-mode/simulator';

export interface ActivityDeps extends WebhookDeps {
  /** Live orders' transport; defaults to record-only delivery. */
  delivery?: ArtworkDelivery;
  mailer?: Mailer;
}

/** Every activity, bound to its dependencies. Each one is safe to retry. */
export function createActivities(deps: ActivityDeps) {
  const { config, db } = deps;
  const payments = createPaymentProviders(config, deps.log);
  const mailer = deps.mailer ?? createMailer(config);
  return {
    allocateReference: (orderId: string) => allocateOrderReference(db, orderId),
    recordAudit: (entry: AuditEntry) => recordAuditEntry(db, entry),
    /** One change (projection, audit, event, ledger) in one transaction; run as a local activity. */
    commitOrderChange: (change: OrderChange) => recordOrderChange(db, change),
    /**
     * The first write, with the order's reference allocated in its transaction (and put in its event's data).
     * A retry gets the same reference; the versioned write and the event's id make it a no-op.
     */
    async commitPlacement(change: OrderChange): Promise<string> {
      return db.transaction().execute(async (tx) => {
        const reference = await allocateOrderReference(tx, change.order.id);
        const order = { ...change.order, reference };
        const event = change.event && withOrderData(change.event, order);
        await recordOrderChange(tx, { ...change, order, event });
        return reference;
      });
    },
    announceOrderEvent: orderEventAnnouncer({ ...deps, mailer }),
    ...paymentActivities({ config, db, payments }),
    ...closedOrderPaymentActivities({ db, log: deps.log }),
    ...documentActivities({ config, db }),
    ...vatDocumentActivities({ config, db }),
    ...deliveryActivities(deps),
    ...simulatorActivities(deps),
    ...noticeActivities(),
    ...notificationActivities({ config, db, mailer }),
    ...webhookActivities(deps),
    ...signInActivities({ config, db, mailer }),
  };
}

/** The record's name for the workflows, which may not import from src/db. */
export type OrderChange = OrderChangeRecord;

export type OrderActivities = ReturnType<typeof createActivities>;
