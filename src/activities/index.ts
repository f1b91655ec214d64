import type { AuditEntry } from '../orders/audit';
import { withOrderData, type OrderEventRecord } from '../orders/events';
import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { recordAuditEntry } from '../db/order-audit-log.repository';
import { recordOrderChange, writeOrderChange, type OrderChangeRecord } from '../db/order-changes.repository';
import { allocateOrderReference } from '../db/order-references.repository';
import type { Logger } from '../logger';
import { createMailer, type Mailer } from '../mail/mailer';
import { toOrder, type OrderSnapshot } from '../orders/order-snapshot';
import { deliveryActivities, recordOnlyDelivery, type ArtworkDelivery } from './delivery';
import { documentActivities } from './documents';
import { vatDocumentActivities } from './vat-documents';
import { noticeActivities } from './notices';
import { orderEventAnnouncer } from './announcements';
import { notificationActivities } from './notifications';
import { paymentActivities } from './payments/activities';
import { closedOrderPaymentActivities } from './payments/closed-order';
import { signInActivities } from './sign-in';
import { webhookActivities } from './webhooks';
import { createPaymentProviders, type PaymentProviders } from './payments';
import { testModeDelivery } from './test-mode/delivery';
import { simulatorActivities } from './test-mode/simulator';

export interface ActivityDeps {
  config: Config;
  db: Db;
  log: Logger;
  /** One per mode; defaults to Stripe or the sandbox by configuration (STRIPE_SECRET_KEY, STRIPE_TEST_SECRET_KEY). */
  payments?: PaymentProviders;
  /** Live orders' transport; defaults to record-only delivery. Test orders never use it (test-mode/delivery). */
  delivery?: ArtworkDelivery;
  /** Starts each event's announcement (e-mails, webhook deliveries); without it none are sent. */
  temporal?: Client;
  /** Defaults to SMTP (SMTP_URL) or the outbox folder. */
  mailer?: Mailer;
}

/** Every activity of the order workflow, bound to its dependencies. Each one is safe to retry. */
export function createActivities(deps: ActivityDeps) {
  const { config, db } = deps;
  const payments = deps.payments ?? createPaymentProviders(config, deps.log);
  const delivery = deps.delivery ?? recordOnlyDelivery(deps.log);
  const mailer = deps.mailer ?? createMailer(config);
  const announceHere = orderEventAnnouncer({ ...deps, mailer });
  return {
    allocateReference: (orderId: string) => allocateOrderReference(db, orderId),
    recordAudit: (entry: AuditEntry) => recordAuditEntry(db, entry),
    /**
     * One committed change (projection, audit entry, event, ledger entries) in one transaction. The order workflow
     * runs it as a local activity: a few milliseconds of SQL need no trip through the task queue.
     */
    async commitOrderChange(change: OrderChange): Promise<void> {
      await recordOrderChange(db, { ...change, order: toOrder(change.order) });
    },
    /**
     * The placement's commit: the order's reference allocated in the same transaction as its first write, and
     * put in its event's data (withOrderData, as the workflow rebuilds it). Answers the reference. Safe to retry:
     * the same order id gets the same reference; the versioned write and the event's id make a repeat a no-op.
     */
    async commitPlacement(change: OrderChange): Promise<string> {
      const { audit, ledger } = change;
      return db.transaction().execute(async (tx) => {
        const reference = await allocateOrderReference(tx, change.order.id);
        const order = toOrder({ ...change.order, reference });
        const event = change.event && withOrderData(change.event, order);
        await writeOrderChange(tx, { order, audit, event, ledger });
        return reference;
      });
    },
    /** A committed event's announcement (orderEventAnnouncer), scheduled in the commit's workflow task. */
    announceOrderEvent: (event: OrderEventRecord) => {
      const { taskQueue, attempt } = Context.current().info;
      return announceHere(event, taskQueue, attempt);
    },
    ...paymentActivities({ config, db, payments }),
    ...closedOrderPaymentActivities({ db, log: deps.log, payments }),
    ...documentActivities({ config, db }),
    ...vatDocumentActivities({ config, db }),
    ...deliveryActivities({ delivery, testDelivery: testModeDelivery(deps) }),
    ...simulatorActivities(deps),
    ...noticeActivities(),
    ...notificationActivities({ config, db, mailer }),
    ...webhookActivities(deps),
    ...signInActivities({ config, db, mailer }),
  };
}

/** A change as the workflow holds it: the repository's record, with the order still a workflow snapshot. */
export type OrderChange = Omit<OrderChangeRecord, 'order'> & { order: OrderSnapshot };

export type OrderActivities = ReturnType<typeof createActivities>;
