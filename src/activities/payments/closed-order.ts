import { ApplicationFailure } from '@temporalio/common';
import { recordClosedOrderPayment, listLedgerEntries } from '../../db/order-records.repository';
import { findOrderById } from '../../db/orders.repository';
import { decideClosedOrderPayment } from '../../orders/ledger';
import { CLOSED_ORDER, type ClosedOrderPaymentInput } from '../../workflows/closed-order-payment.messages';
import type { ActivityDeps } from '../index';

export function closedOrderPaymentActivities(deps: Pick<ActivityDeps, 'db' | 'log'>) {
  const { db, log } = deps;
  return {
    /** The ledger's decision (src/orders/ledger.ts), and what of the order the workflow records it with. */
    async checkClosedOrderPayment(input: ClosedOrderPaymentInput) {
      const order = await findOrderById(db, input.orderId);
      if (!order) {
        throw ApplicationFailure.nonRetryable(
          `Order ${input.orderId} is not in the projection.`,
          'order_not_found',
        );
      }
      const ledger = await listLedgerEntries(db, order.id);
      const decision = decideClosedOrderPayment(order, ledger, input.paymentRef);
      const amountGbpPence = input.amountGbpPence ?? order.quotedPriceGbpPence;
      const { organisationId, paymentMethod, status } = order;
      if (decision === 'already_recorded') {
        const { paymentRef, providerEventId } = input;
        log.info(
          { orderId: order.id, reason: CLOSED_ORDER, paymentRef, providerEventId, amountGbpPence, status },
          'payment for a closed order already in its ledger: ignored',
        );
      }
      return { decision, amountGbpPence, organisationId, paymentMethod, status };
    },

    /** In one transaction, with ids from the workflow; a payment still owed is said where operators look. */
    async recordClosedOrderPayment(change: Parameters<typeof recordClosedOrderPayment>[1]) {
      await recordClosedOrderPayment(db, change);
      if (change.needsAttention) {
        const { orderId, details } = change.audit;
        log.error(
          { orderId, ...details },
          'payment for a closed order could not be refunded: return it by hand',
        );
      }
    },
  };
}
