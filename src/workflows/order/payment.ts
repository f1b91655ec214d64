import { strayRefundPurpose } from '../../orders/payment-keys';
import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { OrderActivities } from '../../activities';
import { checkPayable, invoicedByUs, paymentEffect } from '../../orders/payment';
import { decidePayment, heldGbpPence, type StrayReason } from '../../orders/ledger';
import { bookedDates, noticeOnOrder } from '../../orders/order-notice';
import { checkTransition } from '../../orders/status';
import { isTestHelperPayment } from '../../testmode/payments';
import type { PaymentReceived, PurchaseOrderInput } from '../order.messages';
import { RETRY_POLICIES } from '../retry-policies';
import { checkoutExpiry, keepCheckout } from './checkout';
import { setUp, type OrderProcess } from './process';
import { ledgerLine } from './records';
import { asWorkflowRefusal, stateRefusal } from './refusals';
import { creditDocuments, invoiceDocuments, issueMissingInvoice } from './vat';
import type { Order } from '../../orders/order';

const stop = proxyActivities<OrderActivities>(RETRY_POLICIES.paymentStop);
const refunds = proxyActivities<OrderActivities>(RETRY_POLICIES.refund);

export function checkPurchaseOrder(p: OrderProcess, r: PurchaseOrderInput): 'repeat' | 'apply' {
  if (p.order.poReference === r.poReference) return 'repeat';
  asWorkflowRefusal(() => checkTransition(p.order, 'po_received', 'A PO reference'));
  return 'apply';
}

export async function submitPurchaseOrder(p: OrderProcess, r: PurchaseOrderInput): Promise<void> {
  if (checkPurchaseOrder(p, r) === 'repeat') return;
  await p.commit(
    { status: 'awaiting_booking', poReference: r.poReference, paymentState: 'on_account' },
    { audit: { action: 'po_received', actor: r.actor, details: { poReference: r.poReference } } },
  );
}

/** The test helper's payment: test orders only, and only one that pays something (a refusal leaves no history). */
export function checkTestPayment(p: OrderProcess): void {
  if (p.order.livemode)
    throw stateRefusal(p, 'Payments can be recorded by a test helper on test orders only.');
  asWorkflowRefusal(() => checkPayable(p.order));
}

/** A payment confirmation, settled by the ledger's rules (src/orders/ledger.ts). */
export async function recordPayment(p: OrderProcess, m: PaymentReceived): Promise<void> {
  const checkoutSessionId = p.state.payment.checkoutSession?.id ?? null;
  const decision = decidePayment({ ...p.order, ...p.state.payment, checkoutSessionId }, m);
  const details = { paymentRef: m.paymentRef, providerEventId: m.providerEventId };
  if (decision.action === 'ignore') {
    return p.audit({ action: 'payment_ignored', actor: m.actor, details: { ...details, status: p.status } });
  }
  if (m.paymentRef) p.paymentHandled(m.paymentRef);
  if (decision.action === 'refund') return refundStrayPayment(p, m, decision);
  const { amountGbpPence, amountMismatch } = decision;
  const checkoutPaid = paymentEffect(p.order) === 'checkout_paid';
  const paid = { paymentState: 'paid' as const, ...(amountMismatch && { needsAttention: true }) };
  const action = checkoutPaid ? 'payment_received' : 'invoice_paid';
  // A payment of our own invoice (test helper, sandbox) is what a cancel refunds; a Stripe invoice's paymentRef
  // is the invoice itself and stays.
  if (checkoutPaid || invoicedByUs(p.order.paymentMethod)) p.paymentRefIs(m.paymentRef);
  await p.commit(checkoutPaid ? { status: 'awaiting_booking', ...paid } : paid, {
    event: 'order.paid',
    audit: { action, actor: m.actor, details: { ...details, amountGbpPence } },
    ledger: [ledgerLine('charge', amountGbpPence, m.paymentRef, 'payment')],
  });
  if (amountMismatch) {
    await p.audit({
      action: 'payment_amount_mismatch',
      actor: m.actor,
      details: { ...details, amountGbpPence, quotedPriceGbpPence: p.order.quotedPriceGbpPence },
    });
  }
  await issueMissingInvoice(p);
}

/** An unexpected payment, refunded in full; one no provider can refund, or a failed refund, flags the order. */
async function refundStrayPayment(
  p: OrderProcess,
  m: PaymentReceived,
  { reason, amountGbpPence }: { reason: StrayReason; amountGbpPence: number },
): Promise<void> {
  const { paymentRef } = m;
  const refundable =
    paymentRef && (p.order.paymentMethod === 'stripe_checkout' || isTestHelperPayment(paymentRef));
  const refundId = refundable ? await refundStray({ orderId: p.order.id, paymentRef, amountGbpPence }) : null;
  const action = !refundable ? 'stray_payment' : refundId ? 'stray_payment_refunded' : 'stray_refund_failed';
  const details = { reason, paymentRef, providerEventId: m.providerEventId, amountGbpPence };
  await p.commit(refundId ? {} : { needsAttention: true }, {
    ledger: [
      ledgerLine('charge', amountGbpPence, paymentRef, reason),
      ...(refundId ? [ledgerLine('refund', amountGbpPence, refundId, reason)] : []),
    ],
    audit: { action, actor: m.actor, details: { ...details, ...(refundId && { refundId }) } },
  });
}

/**
 * A stray payment's refund in full, under the one key the order's workflow and the closed-order payment workflow
 * both use (a payment is never refunded twice); null when the refund fails.
 */
export async function refundStray(
  r: { orderId: string; paymentRef: string; amountGbpPence: number },
  invoice = false,
): Promise<string | null> {
  try {
    return await (invoice
      ? refunds.refundInvoicePayment({ ...r, invoiceId: r.paymentRef, purpose: 'stray' })
      : refunds.refundPayment({ ...r, purpose: strayRefundPurpose(r.paymentRef) }));
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    return null;
  }
}

/** The payment follows an amendment's changed total: a new checkout session, Stripe invoice or VAT invoice. */
export async function reprice(
  p: OrderProcess,
  repriced: Order,
): Promise<Partial<Pick<Order, 'checkoutUrl' | 'invoiceUrl' | 'documents'>>> {
  if (p.status === 'pending_payment') {
    const previous = p.state.payment.checkoutSession?.id;
    const checkout = await setUp.setUpPayment(repriced, { checkoutExpiresAt: checkoutExpiry(p) });
    const checkoutUrl = keepCheckout(p, checkout, previous);
    if (previous) await expireQuietly(p, previous);
    return { checkoutUrl };
  }
  if (p.order.paymentMethod === 'stripe_invoice' && p.order.paymentState === 'invoiced') {
    const previous = p.state.payment.paymentRef;
    const invoice = await setUp.setUpPayment(repriced);
    p.paymentRefIs(invoice.paymentRef);
    if (previous) await voidQuietly(p, previous, `amended_v${repriced.version}`);
    return { invoiceUrl: invoice.invoiceUrl };
  }
  if (invoicedByUs(p.order.paymentMethod) && p.order.paymentState !== 'paid') {
    // An unpaid VAT invoice is never altered: it is credited in full and a new one issued at the new price.
    const credited = await creditDocuments(p, {
      reason: 'reinvoiced',
      remaining: null,
      settlement: 'unpaid',
      key: `reinvoiced-v${repriced.version}`,
    });
    return {
      documents: await invoiceDocuments({
        ...repriced,
        documents: credited,
        ...noticeOnOrder(p.state.notice),
        ...(p.status === 'booked' && bookedDates(repriced)),
      }),
    };
  }
  return {};
}

/** Voids a Stripe invoice or expires a Checkout Session; a refusal (paid a moment ago, say) is audited. */
export const voidQuietly = (p: OrderProcess, invoiceId: string, reason: string) =>
  stopQuietly(p, stop.voidInvoice({ orderId: p.order.id, invoiceId, reason }), 'invoice_void_failed', {
    invoiceId,
  });

export const expireQuietly = (p: OrderProcess, sessionId: string) =>
  stopQuietly(p, stop.expireCheckout({ orderId: p.order.id, sessionId }), 'checkout_expire_failed', {
    sessionId,
  });

async function stopQuietly(
  p: OrderProcess,
  stopping: Promise<void>,
  action: string,
  details: Record<string, string>,
): Promise<boolean> {
  try {
    await stopping;
    return true;
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await p.audit({
      action,
      actor: 'system',
      details: { ...details, message: err.cause?.message ?? err.message },
    });
    return false;
  }
}

/**
 * How the order's payment goes back through the provider that took it, or null when it was paid to us directly.
 * `purpose` names a second attempt, so the provider does not answer it from the first attempt's key.
 */
export function providerRefund(
  p: OrderProcess,
  purpose?: string,
  amountGbpPence = heldGbpPence(p.order),
): (() => Promise<string>) | null {
  const { paymentMethod, id: orderId } = p.order;
  const { paymentRef } = p.state.payment;
  const keyed = purpose ? { purpose } : {};
  if (!paymentRef) return null;
  if (paymentMethod === 'stripe_invoice') {
    return () => refunds.refundInvoicePayment({ orderId, invoiceId: paymentRef, amountGbpPence, ...keyed });
  }
  // On account, paid through the test helper: no money moved, so the refund is recorded like a provider's.
  if (paymentMethod === 'stripe_checkout' || isTestHelperPayment(paymentRef)) {
    return () => refunds.refundPayment({ orderId, paymentRef, amountGbpPence, ...keyed });
  }
  return null;
}

/** What became of a payment the order held: refunded, due or failed (then flagged), voided, never charged. */
export type Settlement = Pick<Order, 'paymentState' | 'needsAttention'> & { refundId: string | null };

/** No provider refund (paid to us directly), or a failed one (its retries spent): the order is flagged. */
export async function refundOrFlag(refund: (() => Promise<string>) | null): Promise<Settlement> {
  if (!refund) return { paymentState: 'refund_due', refundId: null, needsAttention: true };
  try {
    return { paymentState: 'refunded', refundId: await refund(), needsAttention: false };
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    return { paymentState: 'refund_failed', refundId: null, needsAttention: true };
  }
}
