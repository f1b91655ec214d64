import { ActivityFailure, ApplicationFailure, patched, proxyActivities } from '@temporalio/workflow';
import type { OrderActivities } from '../activities';
import type { ErrorCode } from '../errors';
import {
  amendedNotice,
  checkAmendable,
  checkBookedDateKept,
  checkBookingKept,
  checkSizeGrowth,
  isUnchangedAmendment,
} from '../orders/amendment';
import { paymentEffect } from '../orders/payment';
import { checkPaidPriceKept, decidePayment, heldGbpPence, type StrayReason } from '../orders/ledger';
import {
  decideReport,
  REPORT_AUDIT_ACTION,
  reportContent,
  type ReportContents,
  type ReportKind,
} from '../orders/reports';
import {
  checkCancellable as checkOrderCancellable,
  doesNotFitMessage,
  nextStatus,
  type OrderTransition,
  type PaymentState,
} from '../orders/status';
import type {
  AmendRequest,
  BookingReport,
  CancelRequest,
  IntegrationAck,
  PaymentReceived,
  PublicationReport,
  PurchaseOrderInput,
  UrnReport,
} from './order.messages';
import { ukDate } from '../notices/dates';
import { isTestHelperPayment } from '../testmode/payments';
import { acts, asWorkflowRefusal, projectionWriter, refuse, type OrderProcess } from './order-process';
import { checkoutExpiry, keepCheckout, STABLE_CHECKOUT } from './order-checkout';

/** Payment set-up talks to Stripe: a few quick attempts, then the order placement fails cleanly. */
const payments = proxyActivities<OrderActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1s', maximumAttempts: 5 },
});

/** The order's first step: reference, payment set-up, then the first projection write and `order.created`. */
export async function placeOrder(p: OrderProcess): Promise<void> {
  try {
    p.order = { ...p.order, reference: await projectionWriter().allocateReference(p.order.id) };
    const stable = patched(STABLE_CHECKOUT);
    const payment = stable
      ? await payments.setUpPayment(p.order, { checkoutExpiresAt: checkoutExpiry(p) })
      : await payments.setUpPayment(p.order);
    const { paymentRef, checkoutSessionId, checkoutExpiresAt, ...visible } = payment;
    p.paymentRef = paymentRef;
    p.checkoutSessionId = checkoutSessionId ?? null;
    if (stable && checkoutSessionId) {
      visible.checkoutUrl = keepCheckout(p, { ...payment, checkoutSessionId, checkoutExpiresAt });
    }
    await p.commit(visible, { event: 'order.created', audit: { action: 'placed', actor: p.input.placedBy } });
    if (ownInvoice(p) && !patched(INVOICE_AFTER_PLACEMENT)) await generateInvoice(p, p.order);
    p.created = true;
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    p.createFailure = refuse(
      'service_unavailable',
      'The payment provider could not set up payment. Retry with backoff.',
    );
  }
}

/**
 * Orders that began before it typeset their invoice PDF before answering the 201; every run that records it
 * leaves that to the `order.created` announcement, which typesets and stores it right after (the download waits
 * for it briefly: docs/orders.md).
 */
const INVOICE_AFTER_PLACEMENT = 'invoice-after-placement';

/** "Today" for the notice engine: the UK calendar date at workflow time, as the API uses at creation. */
const today = () => ukDate(new Date());

/** Orders on account with our own invoice (PDF at GET /v1/orders/:id/invoice). */
const ownInvoice = (p: OrderProcess) =>
  p.order.paymentMethod === 'invoice_with_terms' || p.order.paymentMethod === 'invoice_bank_transfer';

const generateInvoice = (p: OrderProcess, order: OrderProcess['order']) =>
  acts.generateInvoice({ order, termsDays: p.input.order.invoiceTermsDays });

function checkTransition(p: OrderProcess, transition: OrderTransition, what: string): void {
  if (nextStatus(p.status, transition, { probate: p.probate }) === null) {
    throw refuse('invalid_state_transition', doesNotFitMessage(what, p.status), { status: p.status });
  }
}

/** A report is `repeat` when identical to one the order applied (src/orders/reports.ts), else it must fit. */
function checkReport<K extends ReportKind>(p: OrderProcess, kind: K, content: ReportContents[K]) {
  return asWorkflowRefusal(() =>
    decideReport(kind, { status: p.status, type: p.order.type, applied: p.reports }, content),
  );
}

const ack = (p: OrderProcess, changed: boolean): IntegrationAck => ({
  acknowledged: true,
  changed,
  order: p.order,
});

export const checkBooking = (p: OrderProcess, r: BookingReport) =>
  checkReport(p, 'booking', reportContent.booking(r));

export async function reportBooking(p: OrderProcess, r: BookingReport): Promise<IntegrationAck> {
  const content = reportContent.booking(r);
  if (checkBooking(p, r) === 'repeat') return ack(p, false);
  p.reports.booking = content;
  await p.commit(
    { status: 'booked', publicationDate: r.publicationDate },
    {
      event: 'order.booked',
      audit: { action: REPORT_AUDIT_ACTION.booking, actor: r.actor, details: { ...content } },
    },
  );
  return ack(p, true);
}

export const checkPublication = (p: OrderProcess, r: PublicationReport) =>
  checkReport(p, 'publication', reportContent.publication(r));

export async function reportPublication(p: OrderProcess, r: PublicationReport): Promise<IntegrationAck> {
  if (checkPublication(p, r) === 'repeat') return ack(p, false);
  const content = reportContent.publication(r);
  p.reports.publication = content;
  const published = {
    status: 'published' as const,
    publishedAt: content.publishedAt,
    certificateUrl: `${p.input.publicBaseUrl}/api/v1/orders/${p.order.id}/certificate`,
  };
  await acts.generateCertificate({ order: { ...p.order, ...published }, pageNumber: content.pageNumber });
  await p.commit(published, {
    event: 'order.published',
    audit: { action: REPORT_AUDIT_ACTION.publication, actor: r.actor, details: { ...content } },
  });
  return ack(p, true);
}

export const checkUrn = (p: OrderProcess, r: UrnReport) => checkReport(p, 'urn', reportContent.urn(r));

export async function reportUrn(p: OrderProcess, r: UrnReport): Promise<IntegrationAck> {
  if (checkUrn(p, r) === 'repeat') return ack(p, false);
  p.reports.urn = reportContent.urn(r);
  await acts.generateCertificate({ order: { ...p.order, urn: r.urn }, pageNumber: null });
  await p.commit(
    { status: 'urn_received', urn: r.urn },
    {
      event: 'order.urn_received',
      audit: { action: REPORT_AUDIT_ACTION.urn, actor: r.actor, details: { urn: r.urn } },
    },
  );
  return ack(p, true);
}

export function checkPurchaseOrder(p: OrderProcess, r: PurchaseOrderInput): 'repeat' | 'apply' {
  if (p.order.poReference === r.poReference) return 'repeat';
  checkTransition(p, 'po_received', 'A PO reference');
  return 'apply';
}

export async function submitPurchaseOrder(p: OrderProcess, r: PurchaseOrderInput): Promise<void> {
  if (checkPurchaseOrder(p, r) === 'repeat') return;
  await p.commit(
    { status: 'awaiting_booking', poReference: r.poReference, paymentState: 'on_account' },
    { audit: { action: 'po_received', actor: r.actor, details: { poReference: r.poReference } } },
  );
}

/**
 * Orders that began before it took any payment of an unpaid order (a replaced session's too), only audited a second
 * payment, let a paid order's price rise and refunded the quoted price on cancel; every run that records it keeps
 * the ledger (src/orders/ledger.ts) and settles each payment by it.
 */
const PAYMENT_LEDGER = 'payment-ledger';

/** A payment confirmation, settled by the ledger's rules (src/orders/ledger.ts). */
export async function recordPayment(p: OrderProcess, m: PaymentReceived): Promise<void> {
  if (!patched(PAYMENT_LEDGER)) return recordPaymentBeforeLedger(p, m);
  const decision = decidePayment(
    {
      ...p.order,
      paymentRef: p.paymentRef,
      checkoutSessionId: p.checkoutSessionId,
      handledPaymentRefs: p.handledPaymentRefs,
      replacedCheckoutSessionIds: p.replacedCheckoutSessionIds,
    },
    m,
  );
  const details = { paymentRef: m.paymentRef, providerEventId: m.providerEventId };
  if (decision.action === 'ignore') {
    return p.audit({ action: 'payment_ignored', actor: m.actor, details: { ...details, status: p.status } });
  }
  if (m.paymentRef) p.handledPaymentRefs.push(m.paymentRef);
  if (decision.action === 'refund') return refundStrayPayment(p, m, decision);
  const { amountGbpPence, amountMismatch } = decision;
  const charge = { kind: 'charge' as const, amountGbpPence, providerRef: m.paymentRef, reason: 'payment' };
  const flag = amountMismatch ? { needsAttention: true } : {};
  const audit = { action: 'payment_received', actor: m.actor, details: { ...details, amountGbpPence } };
  if (paymentEffect(p.order) === 'checkout_paid') {
    p.paymentRef = m.paymentRef;
    await p.commit(
      { status: 'awaiting_booking', paymentState: 'paid', ...flag },
      { audit, ledger: [charge] },
    );
  } else {
    if (ownInvoice(p)) p.paymentRef = m.paymentRef;
    await p.commit(
      { paymentState: 'paid', ...flag },
      { audit: { ...audit, action: 'invoice_paid' }, ledger: [charge] },
    );
  }
  if (amountMismatch) {
    await p.audit({
      action: 'payment_amount_mismatch',
      actor: m.actor,
      details: { ...details, amountGbpPence, quotedPriceGbpPence: p.order.quotedPriceGbpPence },
    });
  }
}

/**
 * A payment the order did not expect (a replaced Checkout Session, a second payment, a closed order): recorded
 * and refunded in full through the provider that took it, under a key of its own. A payment no provider can
 * refund, or a refund that fails, flags the order for an operator.
 */
async function refundStrayPayment(
  p: OrderProcess,
  m: PaymentReceived,
  d: { reason: StrayReason; amountGbpPence: number },
): Promise<void> {
  const { paymentRef } = m;
  const charge = {
    kind: 'charge' as const,
    amountGbpPence: d.amountGbpPence,
    providerRef: paymentRef,
    reason: d.reason,
  };
  const details = {
    reason: d.reason,
    paymentRef,
    providerEventId: m.providerEventId,
    amountGbpPence: d.amountGbpPence,
  };
  const refundable =
    paymentRef && (p.order.paymentMethod === 'stripe_checkout' || isTestHelperPayment(paymentRef));
  if (!refundable) {
    return p.commit(
      { needsAttention: true },
      { ledger: [charge], audit: { action: 'stray_payment', actor: m.actor, details } },
    );
  }
  try {
    const refundId = await acts.refundPayment({
      orderId: p.order.id,
      paymentRef,
      amountGbpPence: d.amountGbpPence,
      purpose: `stray:${paymentRef}`,
    });
    const refund = {
      kind: 'refund' as const,
      amountGbpPence: d.amountGbpPence,
      providerRef: refundId,
      reason: d.reason,
    };
    await p.commit(
      {},
      {
        ledger: [charge, refund],
        audit: { action: 'stray_payment_refunded', actor: m.actor, details: { ...details, refundId } },
      },
    );
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await p.commit(
      { needsAttention: true },
      { ledger: [charge], audit: { action: 'stray_refund_failed', actor: m.actor, details } },
    );
  }
}

/** Before the ledger: duplicates (the same or a replayed provider event) changed nothing. */
async function recordPaymentBeforeLedger(p: OrderProcess, m: PaymentReceived): Promise<void> {
  const details = { paymentRef: m.paymentRef, providerEventId: m.providerEventId };
  const effect = paymentEffect(p.order);
  if (effect === 'checkout_paid') {
    p.paymentRef = m.paymentRef;
    await p.commit(
      { status: 'awaiting_booking', paymentState: 'paid' },
      { audit: { action: 'payment_received', actor: m.actor, details } },
    );
  } else if (effect === 'invoice_paid') {
    // Our own invoice paid (test helper, sandbox): its reference lets a cancel refund it. A Stripe invoice's
    // paymentRef is the invoice itself and stays.
    if (ownInvoice(p)) p.paymentRef = m.paymentRef;
    await p.commit({ paymentState: 'paid' }, { audit: { action: 'invoice_paid', actor: m.actor, details } });
  } else {
    await p.audit({ action: 'payment_ignored', actor: m.actor, details: { ...details, status: p.status } });
  }
}

/**
 * The update validator's check of an amendment, against the workflow's own state: the status, the patch (shape,
 * fields, legal rules) and the size rule. A refusal here never enters the order's history.
 */
export function checkAmendment(p: OrderProcess, r: AmendRequest): void {
  asWorkflowRefusal(() => {
    checkAmendable(p.order);
    const amended = amendedNotice(p.order, r.patch, today());
    if (isUnchangedAmendment(p.order, amended)) return;
    checkBookingKept(p.order, amended);
    checkBookedDateKept(p.order, amended);
    checkPaidPriceKept(p.order, amended.pricing.totalGbpPence);
    checkSizeGrowth(p.order, { current: p.notice.size, amended }, r.acceptPriceChange);
  });
}

/**
 * Orders that began before it applied an amendment that changed nothing (event, proof, e-mail) and one that
 * moved a booked order to another newspaper; every run that records it does neither.
 */
const AMENDMENT_RESPECTS_BOOKING = 'amendment-respects-booking';

/** Orders that began before it let an amendment change a booked order's requested date (the booking stayed). */
const BOOKED_DATE_KEPT = 'booked-date-kept';

export async function amend(p: OrderProcess, r: AmendRequest): Promise<void> {
  asWorkflowRefusal(() => checkAmendable(p.order));
  const prepared = await asRefusal(() =>
    acts.prepareAmendment({ type: p.order.type, fields: p.order.fields, patch: r.patch, today: today() }),
  );
  if (patched(AMENDMENT_RESPECTS_BOOKING)) {
    if (isUnchangedAmendment(p.order, prepared)) return;
    asWorkflowRefusal(() => checkBookingKept(p.order, prepared));
  }
  if (p.status === 'booked' && patched(BOOKED_DATE_KEPT)) {
    asWorkflowRefusal(() => checkBookedDateKept(p.order, prepared));
  }
  const ledgerRules = p.order.paymentState === 'paid' && patched(PAYMENT_LEDGER);
  if (ledgerRules) asWorkflowRefusal(() => checkPaidPriceKept(p.order, prepared.pricing.totalGbpPence));
  asWorkflowRefusal(() =>
    checkSizeGrowth(p.order, { current: p.notice.size, amended: prepared }, r.acceptPriceChange),
  );
  const previousTotal = p.order.quotedPriceGbpPence;
  p.notice = prepared;
  p.noticeRevision += 1;
  p.delivered = false;
  const repriced = {
    ...p.order,
    quotedPriceGbpPence: prepared.pricing.totalGbpPence,
    version: p.order.version + 1,
  };
  const newPayment = previousTotal === prepared.pricing.totalGbpPence ? {} : await reprice(p, repriced);
  const difference = ledgerRules
    ? await refundDifference(p, prepared.pricing.totalGbpPence, repriced.version)
    : {};
  await p.commit(
    {
      fields: prepared.fields,
      noticeText: prepared.noticeText,
      quotedPriceGbpPence: prepared.pricing.totalGbpPence,
      pricing: { ...prepared.pricing },
      newspaperName: prepared.newspaperName,
      gazetteEdition: prepared.gazetteEdition,
      // A booked order keeps the newspaper's date (an amendment that would move it is refused above).
      ...(p.status === 'booked'
        ? {}
        : {
            publicationDate: prepared.publicationDate,
            publicationDateAdjusted: prepared.publicationDateAdjusted ?? null,
          }),
      ...newPayment,
      ...difference.update,
    },
    {
      event: 'order.amended',
      ledger: difference.ledger,
      audit: {
        action: 'amended',
        actor: r.actor,
        details: {
          patch: r.patch,
          previousTotal,
          newTotal: prepared.pricing.totalGbpPence,
          acceptPriceChange: r.acceptPriceChange,
        },
      },
    },
  );
}

/**
 * A paid order amended to a lower price gets the difference back through the provider that took the payment
 * (key `order:<id>:refund:amended-v<version>`). Money paid to us directly, or a refund that fails, flags the order.
 */
async function refundDifference(p: OrderProcess, newTotal: number, version: number) {
  const difference = heldGbpPence(p.order) - newTotal;
  if (difference <= 0) return {};
  const refund = providerRefund(p, `amended-v${version}`, difference);
  const details = { amountGbpPence: difference, version };
  try {
    if (!refund) throw new Error('paid outside any provider');
    const refundId = await refund();
    const entry = {
      kind: 'refund' as const,
      amountGbpPence: difference,
      providerRef: refundId,
      reason: 'amended_lower',
    };
    return { ledger: [entry] };
  } catch (err) {
    if (refund && !(err instanceof ActivityFailure)) throw err;
    await p.audit({ action: 'difference_refund_due', actor: 'system', details });
    return { update: { needsAttention: true } };
  }
}

/**
 * The payment follows a changed total: a new checkout session for an unpaid card order, a new Stripe invoice
 * (the old one voided) for an unpaid stripe_invoice order, our own invoice regenerated for orders on account.
 */
async function reprice(p: OrderProcess, repriced: OrderProcess['order']) {
  if (p.status === 'pending_payment') {
    const previous = p.checkoutSessionId;
    const stable = p.checkoutSession !== null && patched(STABLE_CHECKOUT);
    const checkout = stable
      ? await payments.setUpPayment(repriced, { checkoutExpiresAt: checkoutExpiry(p) })
      : await payments.setUpPayment(repriced);
    p.checkoutSessionId = checkout.checkoutSessionId ?? null;
    if (previous) p.replacedCheckoutSessionIds.push(previous);
    // The replaced session must not stay payable at the old price.
    if (previous && patched('expire-replaced-checkout')) await expireQuietly(p, previous);
    if (stable && checkout.checkoutSessionId) {
      return { checkoutUrl: keepCheckout(p, { ...checkout, checkoutSessionId: checkout.checkoutSessionId }) };
    }
    return { checkoutUrl: checkout.checkoutUrl };
  }
  if (p.order.paymentMethod === 'stripe_invoice' && p.order.paymentState === 'invoiced') {
    const previous = p.paymentRef;
    const invoice = await payments.setUpPayment(repriced);
    p.paymentRef = invoice.paymentRef;
    if (previous) await voidQuietly(p, previous, `amended_v${repriced.version}`);
    return { invoiceUrl: invoice.invoiceUrl };
  }
  if (ownInvoice(p)) {
    await generateInvoice(p, {
      ...repriced,
      pricing: { ...p.notice.pricing },
      noticeText: p.notice.noticeText,
    });
  }
  return {};
}

/** Voids a Stripe invoice; a refusal (already paid, say) is audited and flags the order for an operator. */
async function voidQuietly(p: OrderProcess, invoiceId: string, reason: string): Promise<boolean> {
  try {
    await payments.voidInvoice({ orderId: p.order.id, invoiceId, reason });
    return true;
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await p.audit({
      action: 'invoice_void_failed',
      actor: 'system',
      details: { invoiceId, message: err.cause?.message ?? err.message },
    });
    return false;
  }
}

/**
 * Expires a Checkout Session. A refusal (most likely: paid a moment ago) is audited and flags the order, since
 * a payment may now arrive for a session the order no longer expects.
 */
export async function expireQuietly(p: OrderProcess, sessionId: string): Promise<boolean> {
  try {
    await payments.expireCheckout({ orderId: p.order.id, sessionId });
    return true;
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await p.audit({
      action: 'checkout_expire_failed',
      actor: 'system',
      details: { sessionId, message: err.cause?.message ?? err.message },
    });
    return false;
  }
}

/** An activity's business refusal (validation_error …) becomes the update's refusal with the same code. */
async function asRefusal<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const cause = err instanceof ActivityFailure ? err.cause : undefined;
    if (cause instanceof ApplicationFailure && cause.nonRetryable && cause.type) {
      throw refuse(
        cause.type as ErrorCode,
        cause.message,
        (cause.details?.[0] as Record<string, unknown>) ?? undefined,
      );
    }
    throw err;
  }
}

export function checkCancellable(p: OrderProcess): void {
  asWorkflowRefusal(() => checkOrderCancellable(p.order));
}

/** Cancels the order: refunds a card payment, voids an unpaid invoice, records the reason. */
export async function cancel(p: OrderProcess, r: CancelRequest): Promise<void> {
  checkCancellable(p);
  const held = heldGbpPence(p.order);
  const { paymentState, refundId, needsAttention } = await settlePaymentOnCancel(p);
  const refunded = paymentState === 'refunded' && held > 0;
  await p.commit(
    { status: 'cancelled', paymentState, needsAttention },
    {
      event: 'order.cancelled',
      ledger: refunded
        ? [{ kind: 'refund', amountGbpPence: held, providerRef: refundId, reason: 'cancelled' }]
        : [],
      audit: { action: 'cancelled', actor: r.actor, reason: r.reason, details: { refundId, paymentState } },
    },
  );
}

interface CancelSettlement {
  paymentState: PaymentState;
  refundId: string | null;
  needsAttention: boolean;
}

/**
 * What cancelling does to the money. The order of the checks (and so of the `patched` markers) is part of the
 * recorded histories: reorder nothing here.
 */
async function settlePaymentOnCancel(p: OrderProcess): Promise<CancelSettlement> {
  const { paymentState, paymentMethod } = p.order;
  if (paymentState === 'paid') return refundOnCancel(p);
  if (paymentState === 'invoiced' && paymentMethod === 'stripe_invoice' && p.paymentRef) {
    const voided = await voidQuietly(p, p.paymentRef, 'cancelled');
    return { paymentState: voided ? 'voided' : 'void_failed', refundId: null, needsAttention: !voided };
  }
  if (paymentState === 'invoiced') return { paymentState: 'voided', refundId: null, needsAttention: false };
  const session = p.status === 'pending_payment' ? p.checkoutSessionId : null;
  let needsAttention = false;
  if (session && patched('expire-checkout-on-cancel')) needsAttention = !(await expireQuietly(p, session));
  return { paymentState: 'not_charged', refundId: null, needsAttention };
}

/** A paid order: Stripe payments are refunded through Stripe; money paid to us directly is returned by hand. */
async function refundOnCancel(p: OrderProcess): Promise<CancelSettlement> {
  const refund = providerRefund(p);
  return refund ? refundOrFlag(refund) : { paymentState: 'refund_due', refundId: null, needsAttention: true };
}

/**
 * How the order's payment goes back through the provider that took it, or null when it was paid to us directly
 * (returned by hand: `refund_due`). `purpose` names a second attempt (an operator's `retryRefund`), so the
 * provider does not answer it from the first attempt's idempotency key.
 */
export function providerRefund(
  p: OrderProcess,
  purpose?: string,
  amountGbpPence = heldGbpPence(p.order),
): (() => Promise<string>) | null {
  const { paymentMethod, id: orderId } = p.order;
  const paymentRef = p.paymentRef;
  const keyed = purpose ? { purpose } : {};
  if (paymentRef && paymentMethod === 'stripe_checkout') {
    return () => acts.refundPayment({ orderId, paymentRef, amountGbpPence, ...keyed });
  }
  if (paymentRef && paymentMethod === 'stripe_invoice' && patched('refund-paid-stripe-invoice')) {
    return () => payments.refundInvoicePayment({ orderId, invoiceId: paymentRef, amountGbpPence, ...keyed });
  }
  // On account, paid through the test helper: no money moved, so the refund is recorded like a provider's.
  if (paymentRef && isTestHelperPayment(paymentRef) && patched(REFUND_TEST_HELPER_ON_ACCOUNT)) {
    return () => acts.refundPayment({ orderId, paymentRef, amountGbpPence, ...keyed });
  }
  return null;
}

/** Orders that began before it kept a test helper's on-account payment as `refund_due` on cancel. */
const REFUND_TEST_HELPER_ON_ACCOUNT = 'refund-test-helper-on-account';

/** A refused or failed refund leaves the order cancelled but flagged for an operator. */
export async function refundOrFlag(refund: () => Promise<string>): Promise<CancelSettlement> {
  try {
    return { paymentState: 'refunded', refundId: await refund(), needsAttention: false };
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    return { paymentState: 'refund_failed', refundId: null, needsAttention: true };
  }
}
