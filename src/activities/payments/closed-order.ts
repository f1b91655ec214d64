import { paymentKeys, strayRefundPurpose } from '../../orders/payment-keys';
import { ApplicationFailure } from '@temporalio/common';
import { recordClosedOrderPayment } from '../../db/closed-order-payments.repository';
import type { Db } from '../../db/database';
import { listLedgerEntries } from '../../db/order-ledger.repository';
import { findOrderById } from '../../db/orders.repository';
import type { Logger } from '../../logger';
import {
  decideClosedOrderPayment,
  type ClosedOrderPaymentDecision,
  type LedgerEntry,
} from '../../orders/ledger';
import type {
  ClosedOrderPaymentInput,
  ClosedOrderPaymentOutcome,
} from '../../workflows/closed-order-payment.messages';
import { providerFor, type PaymentProviders } from './index';

const STRAY_REASON = 'order_closed';

export function closedOrderPaymentActivities(deps: { db: Db; log: Logger; payments: PaymentProviders }) {
  const { db, log } = deps;
  const orderOf = async (orderId: string) => {
    const order = await findOrderById(db, orderId);
    if (!order) {
      throw ApplicationFailure.nonRetryable(`Order ${orderId} is not in the projection.`, 'order_not_found');
    }
    return order;
  };
  return {
    async checkClosedOrderPayment(
      input: ClosedOrderPaymentInput,
    ): Promise<{ decision: ClosedOrderPaymentDecision; amountGbpPence: number }> {
      const order = await orderOf(input.orderId);
      const ledger = await listLedgerEntries(db, order.id);
      return {
        decision: decideClosedOrderPayment(order, ledger, input.paymentRef),
        amountGbpPence: input.amountGbpPence ?? order.quotedPriceGbpPence,
      };
    },

    /** Under the key the order's own workflow would use for a stray payment. */
    async refundClosedOrderPayment(input: ClosedOrderPaymentInput & { amountGbpPence: number }) {
      const order = await orderOf(input.orderId);
      const payments = providerFor(deps.payments, order.livemode);
      const paymentRef = input.paymentRef as string;
      const refund = { orderId: order.id, amountGbpPence: input.amountGbpPence };
      const { refundId } = await (order.paymentMethod === 'stripe_invoice'
        ? payments.refundInvoice({
            ...refund,
            invoiceId: paymentRef,
            idempotencyKey: paymentKeys.invoiceRefund(order.id, paymentRef, 'stray'),
          })
        : payments.refund({
            ...refund,
            paymentRef,
            idempotencyKey: paymentKeys.refund(order.id, strayRefundPurpose(paymentRef)),
          }));
      return refundId;
    },

    /** In one transaction, with ids from the workflow. */
    async recordClosedOrderPayment(r: {
      input: ClosedOrderPaymentInput;
      ids: { charge: string; refund: string; audit: string };
      amountGbpPence: number;
      outcome: ClosedOrderPaymentOutcome;
      refundId?: string;
    }): Promise<void> {
      const { input, ids, amountGbpPence, outcome } = r;
      const order = await orderOf(input.orderId);
      const details = {
        reason: STRAY_REASON,
        paymentRef: input.paymentRef,
        providerEventId: input.providerEventId,
        amountGbpPence,
        status: order.status,
      };
      if (outcome === 'ignored') {
        log.info(
          { orderId: order.id, ...details },
          'payment for a closed order already in its ledger: ignored',
        );
        return;
      }
      const at = new Date().toISOString();
      const entry = (id: string, kind: LedgerEntry['kind'], providerRef: string | null): LedgerEntry => ({
        id,
        orderId: order.id,
        organisationId: order.organisationId,
        kind,
        amountGbpPence,
        providerRef,
        reason: STRAY_REASON,
        createdAt: at,
      });
      const ledger = [entry(ids.charge, 'charge', input.paymentRef)];
      if (outcome === 'refunded') ledger.push(entry(ids.refund, 'refund', r.refundId ?? null));
      const action = {
        refunded: 'stray_payment_refunded',
        refund_failed: 'stray_refund_failed',
        flagged: 'stray_payment',
      }[outcome];
      const audit = {
        id: ids.audit,
        orderId: order.id,
        organisationId: order.organisationId,
        action,
        actor: input.actor,
        reason: null,
        details: { ...details, ...(r.refundId && { refundId: r.refundId }) },
        createdAt: at,
      };
      const needsAttention = outcome !== 'refunded';
      await recordClosedOrderPayment(db, { ledger, audit, needsAttention });
      if (needsAttention) {
        // No workflow to flag it in: say it where operators look.
        log.error(
          { orderId: order.id, ...details },
          'payment for a closed order could not be refunded: return it by hand',
        );
      }
    },
  };
}
