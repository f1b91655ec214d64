import type { AuditEntry } from '../orders/audit';
import type { OrderEventRecord } from '../orders/events';
import {
  ApplicationFailure,
  condition,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setCurrentDetails,
  upsertSearchAttributes,
  uuid4,
} from '@temporalio/workflow';
import type { OrderActivities } from '../activities';
import { AppError, type ErrorCode } from '../errors';
import { eventData, type OrderEventName } from '../orders/events';
import { toOrder, type OrderSnapshot } from '../orders/order-snapshot';
import type { CheckoutSession } from '../orders/payment';
import type { AppliedReports } from '../orders/reports';
import { withEntries, type LedgerEntry } from '../orders/ledger';
import { initialStatus, isFinal, type OrderStatus } from '../orders/status';
import type { CarriedOrderState, OrderWorkflowInput, PreparedNotice } from './order.messages';
import { operatorTask } from './order-operator';
import {
  ClientRefKey,
  LivemodeKey,
  NeedsAttentionKey,
  NewspaperKey,
  NoticeTypeKey,
  OrderStatusKey,
  OrganisationIdKey,
  ReferenceKey,
} from './search-attributes';

/** Orders that began before it were not searchable by `Reference` and `ClientRef`. */
const SEARCH_BY_REFERENCE = 'search-by-reference';

/**
 * Cheap, retried-forever steps: database writes and document rendering. Each takes milliseconds, so a short
 * start-to-close timeout lets an attempt lost with a crashed worker be retried soon on another.
 */
const RETRIED_FOREVER = {
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute' },
} as const;

export const acts = proxyActivities<OrderActivities>(RETRIED_FOREVER);

/**
 * Projection, audit and event writes: milliseconds of SQL, run as local activities so a state change costs no
 * trip through the task queue (and does not wait behind proofs being rendered). Retried like `acts`.
 */
const writes = proxyLocalActivities<OrderActivities>(RETRIED_FOREVER);

/**
 * Workflows that began before it wrote with one activity per write (saveOrder, recordAudit, recordEvent); the
 * marker keeps their recorded histories replaying while every new step takes the one-transaction local path.
 */
const LOCAL_WRITES = 'local-projection-writes';

/** Where a workflow's writes go: local activities, or the task-queue activities of older histories. */
export const projectionWriter = () => (patched(LOCAL_WRITES) ? writes : acts);

/** A business refusal: the update fails with our error code as its type, and nothing changes. */
export function refuse(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ApplicationFailure {
  return ApplicationFailure.create({
    type: code,
    message,
    nonRetryable: true,
    details: details ? [details] : [],
  });
}

/** Runs a pure check of src/orders: its AppError refusal becomes the update's refusal, with the same code. */
export function asWorkflowRefusal<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof AppError) throw refuse(err.code, err.message, err.details);
    throw err;
  }
}

export interface Change {
  event?: OrderEventName;
  /** Charges and refunds: written with the change, their totals added to the order. */
  ledger?: Array<Pick<LedgerEntry, 'kind' | 'amountGbpPence' | 'providerRef' | 'reason'>>;
  audit?: { action: string; actor: string; reason?: string | null; details?: Record<string, unknown> };
}

/** Workflow time as an ISO timestamp (deterministic: Date is replay-safe inside a workflow). */
export const nowIso = () => new Date().toISOString();

/**
 * The state one order workflow owns, and the one way to change it: `commit` bumps the version, writes the
 * projection, records the event and the audit entry, and refreshes what operators see in the Temporal UI.
 */
export class OrderProcess {
  order: OrderSnapshot;
  notice: PreparedNotice;
  created = false;
  createFailure: ApplicationFailure | null = null;
  /** Workflow time the current status was entered. */
  statusSince = Date.now();
  /** Bumped by every amendment; the proof is current when it was made for this revision. */
  noticeRevision = 1;
  proofRevision = 0;
  delivered = false;
  deliveryFailed = false;
  /** The provider's payment reference (PaymentIntent), needed for a refund; kept out of the projection. */
  paymentRef: string | null = null;
  /** The unpaid Checkout Session of a card order, expired when an amendment replaces it or on cancel. */
  checkoutSessionId: string | null = null;
  /** Payments already settled (paid the order, or refunded as stray): a repeat of one is ignored. */
  handledPaymentRefs: string[] = [];
  /** Checkout Sessions amendments replaced: a payment of one is refunded. */
  replacedCheckoutSessionIds: string[] = [];
  /** Refunds an operator asked to retry (`retryRefund`), each under its own idempotency key. */
  refundAttempts = 0;
  /** That session's URL and expiry, so a new one is handed out once it has expired (`stable-checkout-url`). */
  checkoutSession: CheckoutSession | null = null;
  checkoutRenewals = 0;
  /** An operator asked for the artwork to be delivered again after a failure. */
  redelivering = false;
  /** The integration reports the order applied, to acknowledge an identical repeat without a change. */
  reports: AppliedReports = {};
  /** Bumped by every state change, so the main loop wakes up. */
  changes = 0;
  private sequence = 0;
  private busy = false;

  constructor(readonly input: OrderWorkflowInput) {
    const o = input.order;
    if (input.carried) {
      const { eventSequence, ...state } = input.carried;
      Object.assign(this, state, {
        created: true,
        refundAttempts: state.refundAttempts ?? 0,
        handledPaymentRefs: state.handledPaymentRefs ?? [],
        replacedCheckoutSessionIds: state.replacedCheckoutSessionIds ?? [],
      });
      this.sequence = eventSequence;
      this.notice = state.notice;
      this.order = state.order;
      return;
    }
    this.notice = o.notice;
    const at = nowIso();
    this.order = {
      id: o.id,
      organisationId: o.organisationId,
      livemode: o.livemode,
      reference: '',
      status: initialStatus(o.paymentMethod),
      type: o.type,
      quotedPriceGbpPence: o.notice.pricing.totalGbpPence,
      noticeText: o.notice.noticeText,
      paymentMethod: o.paymentMethod,
      paymentState: 'pending',
      amountPaidGbpPence: 0,
      amountRefundedGbpPence: 0,
      checkoutUrl: null,
      invoiceUrl: null,
      clientRef: o.clientRef,
      proofPdfUrl: null,
      certificateUrl: null,
      newspaperName: o.notice.newspaperName,
      gazetteEdition: o.notice.gazetteEdition,
      publicationDate: o.notice.publicationDate,
      publicationDateAdjusted: o.notice.publicationDateAdjusted ?? null,
      publishedAt: null,
      urn: null,
      poReference: null,
      needsAttention: false,
      fields: o.notice.fields,
      pricing: { ...o.notice.pricing },
      createdAt: at,
      updatedAt: at,
      version: 0,
    };
  }

  /** Everything the next run needs to carry on where this one stops (continue-as-new). */
  carry(): CarriedOrderState {
    return {
      order: this.order,
      notice: this.notice,
      statusSince: this.statusSince,
      noticeRevision: this.noticeRevision,
      proofRevision: this.proofRevision,
      delivered: this.delivered,
      deliveryFailed: this.deliveryFailed,
      paymentRef: this.paymentRef,
      checkoutSessionId: this.checkoutSessionId,
      checkoutSession: this.checkoutSession,
      checkoutRenewals: this.checkoutRenewals,
      redelivering: this.redelivering,
      refundAttempts: this.refundAttempts,
      handledPaymentRefs: this.handledPaymentRefs,
      replacedCheckoutSessionIds: this.replacedCheckoutSessionIds,
      reports: this.reports,
      eventSequence: this.sequence,
    };
  }

  get status(): OrderStatus {
    return this.order.status;
  }

  get probate(): boolean {
    return this.order.type === 'probate';
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

  touch(): void {
    this.changes += 1;
  }

  async commit(update: Partial<OrderSnapshot>, change: Change = {}): Promise<void> {
    const at = nowIso();
    const statusChanged = update.status !== undefined && update.status !== this.order.status;
    if (statusChanged) this.statusSince = Date.now();
    const ledger = (change.ledger ?? [])
      .filter((e) => e.amountGbpPence > 0)
      .map((e) => this.ledgerEntry(e, at));
    this.order = {
      ...this.order,
      ...(statusChanged && { needsAttention: this.deliveryFailed }),
      ...update,
      ...(ledger.length > 0 && withEntries(this.order, ledger)),
      version: this.order.version + 1,
      updatedAt: at,
    };
    const { order } = this;
    if (patched(LOCAL_WRITES)) {
      await writes.commitOrderChange({
        order,
        audit: change.audit ? this.auditEntry(change.audit, at) : null,
        event: change.event ? this.eventRecord(change.event, at) : null,
        ...(ledger.length > 0 && { ledger }),
      });
    } else {
      await acts.saveOrder(order);
      if (change.audit) await acts.recordAudit(this.auditEntry(change.audit, at));
      if (change.event) await acts.recordEvent(this.eventRecord(change.event, at));
    }
    this.showToOperators();
    this.touch();
  }

  /** Appends to the order's audit log without changing the order. */
  async audit(entry: NonNullable<Change['audit']>, at = nowIso()): Promise<void> {
    await projectionWriter().recordAudit(this.auditEntry(entry, at));
  }

  private ledgerEntry(e: NonNullable<Change['ledger']>[number], at: string): LedgerEntry {
    const { id: orderId, organisationId } = this.order;
    return { id: `led_${uuid4().replace(/-/g, '')}`, orderId, organisationId, ...e, createdAt: at };
  }

  private auditEntry(entry: NonNullable<Change['audit']>, at: string): AuditEntry {
    const { action, actor, reason = null, details = {} } = entry;
    return {
      id: `aud_${uuid4().replace(/-/g, '')}`,
      orderId: this.order.id,
      organisationId: this.order.organisationId,
      action,
      actor,
      reason,
      details,
      createdAt: at,
    };
  }

  /** The event's `evt_` id and sequence are drawn here, once: a replay draws the same. */
  private eventRecord(event: OrderEventName, at: string): OrderEventRecord {
    const { order } = this;
    this.sequence += 1;
    return {
      id: `evt_${uuid4().replace(/-/g, '')}`,
      orderId: order.id,
      organisationId: order.organisationId,
      livemode: order.livemode,
      event,
      sequence: this.sequence,
      createdAt: at,
      data: eventData(event, toOrder(order)),
    };
  }

  /** Search attributes and the workflow's current details, as operators see them in the Temporal UI. */
  showToOperators(): void {
    const o = this.order;
    upsertSearchAttributes([
      { key: OrderStatusKey, value: o.status },
      { key: NoticeTypeKey, value: o.type },
      { key: OrganisationIdKey, value: o.organisationId },
      { key: NewspaperKey, value: o.newspaperName },
      { key: NeedsAttentionKey, value: o.needsAttention },
      { key: LivemodeKey, value: o.livemode },
      ...(patched(SEARCH_BY_REFERENCE)
        ? [
            { key: ReferenceKey, value: o.reference },
            { key: ClientRefKey, value: o.clientRef },
          ]
        : []),
    ]);
    setCurrentDetails(
      [
        `**${o.reference}** · ${o.type} · **${o.status}**${o.needsAttention ? ' · ⚠ needs attention' : ''}`,
        `Payment: ${o.paymentMethod} (${o.paymentState}) · £${(o.quotedPriceGbpPence / 100).toFixed(2)}`,
        `Newspaper: ${o.newspaperName ?? '-'} · publication ${o.publicationDate ?? 'to be confirmed'}`,
        this.deliveryFailed && !isFinal(o.status)
          ? 'Artwork delivery failed: signal `retryDelivery` or `markDelivered`.'
          : '',
        operatorTask(this) ?? '',
        `Version ${o.version} · updated ${o.updatedAt}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
    );
  }
}
