import {
  condition,
  log,
  proxyActivities,
  proxyLocalActivities,
  type ApplicationFailure,
} from '@temporalio/workflow';
import type { OrderActivities, OrderChange } from '../../activities';
import { withOrderData, type OrderEventName, type OrderEventRecord } from '../../orders/events';
import { withEntries } from '../../orders/ledger';
import { noticeOnOrder, type OrderNotice } from '../../orders/order-notice';
import type { CheckoutSession } from '../../orders/payment';
import type { ReportContents, ReportKind } from '../../orders/reports';
import { initialStatus, type OrderStatus } from '../../orders/status';
import type { CarriedOrderState, DeliveryState, OrderWorkflowInput, PaymentHandles } from '../order.messages';
import { RETRY_POLICIES } from '../retry-policies';
import { showToOperators } from './operator-view';
import { auditEntry, eventRecord, ledgerEntry, type AuditLine, type LedgerLine } from './records';
import type { Order } from '../../orders/order';

/** The order's writes: milliseconds of SQL, local activities so a change does not queue behind proofs. */
export const writes = proxyLocalActivities<OrderActivities>(RETRY_POLICIES.database);

/** The documents' and the payment set-up's activities, shared by the steps that call them. */
export const documents = proxyActivities<OrderActivities>(RETRY_POLICIES.documents);
export const setUp = proxyActivities<OrderActivities>(RETRY_POLICIES.paymentSetUp);

/** An event's announcement: scheduled with the commit and not waited for (no message waits for e-mails). */
const announcer = proxyActivities<OrderActivities>(RETRY_POLICIES.announcement);

export interface Change {
  event?: OrderEventName;
  /** Charges and refunds: written with the change, their totals added to the order. */
  ledger?: LedgerLine[];
  audit?: AuditLine;
  /** The placement's commit: the order's reference is allocated in its transaction (`commitPlacement`). */
  allocateReference?: boolean;
}

/** Workflow time as an ISO timestamp (deterministic: Date is replay-safe inside a workflow). */
export const nowIso = () => new Date().toISOString();

/** The state of a new order's first run, before its placement's first write. */
function newOrderState({ order: { notice, ...placed } }: OrderWorkflowInput): CarriedOrderState {
  const at = nowIso();
  return {
    order: {
      ...placed,
      reference: '',
      status: initialStatus(placed.paymentMethod),
      ...noticeOnOrder(notice),
      paymentState: 'pending',
      amountPaidGbpPence: 0,
      amountRefundedGbpPence: 0,
      checkoutUrl: null,
      invoiceUrl: null,
      proofPdfUrl: null,
      certificateUrl: null,
      newspaperReference: null,
      publishedAt: null,
      pageNumber: null,
      urn: null,
      poReference: null,
      cancellationReason: null,
      deliveryFailure: null,
      documents: null,
      needsAttention: false,
      createdAt: at,
      updatedAt: at,
      version: 0,
    },
    notice,
    statusSince: Date.now(),
    noticeRevision: 1,
    proofRevision: 0,
    delivery: 'pending',
    payment: {
      paymentRef: null,
      checkoutSession: null,
      checkoutRenewals: 0,
      handledPaymentRefs: [],
      replacedCheckoutSessionIds: [],
      refundAttempts: 0,
    },
    reports: {},
    eventSequence: 0,
  };
}

/**
 * The state one order workflow owns (handed whole to the next run): read-only from outside, each piece changed
 * by one method named after what happened (docs/orders.md, "Where the workflow's code lives"). What operators
 * see of it is operator-view.ts's; the ledger's entries are records.ts's, their totals added by `commit`.
 */
export class OrderProcess {
  private carried: CarriedOrderState;
  /** `placed`, or the refusal the placing update answers with; null while the placement is under way. */
  private _placement: 'placed' | ApplicationFailure | null;
  /** Bumped by every state change, so the main loop wakes up. */
  private _changes = 0;
  private busy = false;
  /** Announcements scheduled and not yet finished: the run waits for them before it closes. */
  private announcing = 0;

  constructor(readonly input: OrderWorkflowInput) {
    this._placement = input.carried ? 'placed' : null;
    this.carried = input.carried ?? newOrderState(input);
  }

  get state(): Readonly<CarriedOrderState> {
    return this.carried;
  }
  get order(): Order {
    return this.carried.order;
  }
  get status(): OrderStatus {
    return this.carried.order.status;
  }
  get placement(): 'placed' | ApplicationFailure | null {
    return this._placement;
  }
  get changes(): number {
    return this._changes;
  }
  /** The proof is out of date: made for an older revision of the notice (or not made yet). */
  get proofDue(): boolean {
    return this.carried.proofRevision !== this.carried.noticeRevision;
  }

  private update(change: Partial<CarriedOrderState>): void {
    this.carried = { ...this.carried, ...change };
  }

  private pay(change: Partial<PaymentHandles>): void {
    this.update({ payment: { ...this.carried.payment, ...change } });
  }

  /** The first outcome stands: a failure after the order is placed does not unplace it. */
  placementIs(outcome: 'placed' | ApplicationFailure): void {
    this._placement ??= outcome;
  }

  /** An amendment's notice: a new revision, whose proof is due; artwork already delivered goes again. */
  reviseNotice(notice: OrderNotice): void {
    const { delivery, noticeRevision } = this.carried;
    this.update({
      notice,
      noticeRevision: noticeRevision + 1,
      delivery: delivery === 'delivered' ? 'pending' : delivery,
    });
  }

  /** A later amendment may have made the proof out of date already. */
  proofMade(revision: number): void {
    this.update({ proofRevision: revision });
  }

  deliveryIs(delivery: DeliveryState): void {
    this.update({ delivery });
    this._changes += 1;
  }

  /** The provider's reference of the payment set up (placement, an amendment's new invoice) or received. */
  paymentRefIs(paymentRef: string | null): void {
    this.pay({ paymentRef });
  }

  /** A Checkout Session to hand out; an amendment's replaces one that may still be paid (and is then refunded). */
  checkoutOpened(session: CheckoutSession, replacing?: string): void {
    const replaced = this.carried.payment.replacedCheckoutSessionIds;
    this.pay({
      checkoutSession: session,
      ...(replacing && { replacedCheckoutSessionIds: [...replaced, replacing] }),
    });
  }

  /** A payment settled (it paid the order, or was refunded as stray): a repeat of it is ignored. */
  paymentHandled(paymentRef: string): void {
    this.pay({ handledPaymentRefs: [...this.carried.payment.handledPaymentRefs, paymentRef] });
  }

  /** Numbers the next Checkout Session renewal or operator's refund retry: each has an idempotency key of its own. */
  next(counter: 'checkoutRenewals' | 'refundAttempts'): number {
    this.pay({ [counter]: this.carried.payment[counter] + 1 });
    return this.carried.payment[counter];
  }

  /** Kept so an identical repeat is acknowledged without a change. */
  reportApplied<K extends ReportKind>(kind: K, content: ReportContents[K]): void {
    this.update({ reports: { ...this.carried.reports, [kind]: content } });
  }

  /** Runs one state change at a time: handlers may interleave at every await. */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    await condition(() => !this.busy);
    this.busy = true;
    try {
      return await fn();
    } finally {
      this.busy = false;
    }
  }

  async commit(update: Partial<Order>, change: Change = {}): Promise<void> {
    const at = nowIso();
    const before = this.carried.order;
    const statusChanged = update.status !== undefined && update.status !== before.status;
    const ledger = (change.ledger ?? [])
      .filter((e) => e.amountGbpPence > 0)
      .map((e) => ledgerEntry(before, e, at));
    const order = {
      ...before,
      ...(statusChanged && { needsAttention: this.carried.delivery === 'failed' }),
      ...update,
      ...(ledger.length > 0 && withEntries(before, ledger)),
      version: before.version + 1,
      updatedAt: at,
    };
    const eventSequence = this.carried.eventSequence + (change.event ? 1 : 0);
    this.update({ order, eventSequence, ...(statusChanged && { statusSince: Date.now() }) });
    let event = change.event ? eventRecord(order, change.event, eventSequence, at) : null;
    const record = {
      order,
      audit: change.audit ? auditEntry(order, change.audit, at) : null,
      event,
      ...(ledger.length > 0 && { ledger }),
    };
    if (change.allocateReference) event = await this.commitPlacement(record);
    else await writes.commitOrderChange(record);
    if (event) this.announce(event);
    showToOperators(this);
    this._changes += 1;
  }

  /** The reference the placement's commit allocated, set on the order and on its event as recorded. */
  private async commitPlacement(record: OrderChange): Promise<OrderEventRecord | null> {
    const reference = await writes.commitPlacement(record);
    this.update({ order: { ...this.carried.order, reference } });
    return record.event && withOrderData(record.event, this.carried.order);
  }

  get announced(): boolean {
    return this.announcing === 0;
  }

  /**
   * Schedules the event's announcement without waiting for it. The command goes out with the workflow task that
   * recorded the commit (and answers the message), so the announcement is as durable as the commit: a worker
   * lost after the commit repeats the task, commit included (idempotent), and schedules it then.
   */
  private announce(event: OrderEventRecord): void {
    this.announcing += 1;
    void announcer
      .announceOrderEvent(event)
      .catch((err: unknown) => {
        // Retried until it succeeds: only the run's cancellation ends it early.
        log.warn('announcement not started', { eventId: event.id, error: String(err) });
      })
      .finally(() => {
        this.announcing -= 1;
      });
  }

  async audit(entry: AuditLine): Promise<void> {
    await writes.recordAudit(auditEntry(this.carried.order, entry, nowIso()));
  }
}
