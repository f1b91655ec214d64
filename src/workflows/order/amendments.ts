import { proxyActivities } from '@temporalio/workflow';
import type { OrderActivities } from '../../activities';
import { todayInLondon } from '../../notices/dates';
import { amendedNotice, decideAmendment } from '../../orders/amendment';
import { checkAmendable } from '../../orders/status';
import { heldGbpPence } from '../../orders/ledger';
import type { Pricing } from '../../notices';
import { bookedDates, noticeOnOrder, type OrderNotice } from '../../orders/order-notice';
import type { AmendRequest } from '../order.messages';
import { RETRY_POLICIES } from '../retry-policies';
import { providerRefund, refundOrFlag, reprice } from './payment';
import type { OrderProcess } from './process';
import { ledgerLine } from './records';
import { asRefusal, asWorkflowRefusal, unchanged } from './refusals';
import { creditDocuments } from './vat';

const notices = proxyActivities<OrderActivities>(RETRY_POLICIES.amendment);

const decide = (p: OrderProcess, r: AmendRequest, amended: OrderNotice) =>
  decideAmendment(p.order, amended, p.state.notice.size, r.acceptPriceChange);

/** The update validator: the one decider of an amendment (a refusal leaves no history). */
export function checkAmendment(p: OrderProcess, r: AmendRequest): void {
  const decision = asWorkflowRefusal(() => {
    checkAmendable(p.order);
    return decide(p, r, amendedNotice(p.order, r.patch, todayInLondon()));
  });
  if (decision === 'unchanged' && r.refuseUnchanged) throw unchanged(p);
}

/** Applies an amendment: a lower price refunds a paid order the difference; the payment follows a new total. */
export async function amend(p: OrderProcess, r: AmendRequest): Promise<void> {
  asWorkflowRefusal(() => checkAmendable(p.order));
  const prepared = await asRefusal(() =>
    notices.prepareAmendment({
      type: p.order.type,
      fields: p.order.fields,
      patch: r.patch,
      today: todayInLondon(),
    }),
  );
  if (asWorkflowRefusal(() => decide(p, r, prepared)) === 'unchanged') return;
  const paid = p.order.paymentState === 'paid';
  const previousTotal = p.order.quotedPriceGbpPence;
  p.reviseNotice(prepared);
  const repriced = {
    ...p.order,
    quotedPriceGbpPence: prepared.pricing.totalGbpPence,
    version: p.order.version + 1,
  };
  const newPayment = previousTotal === prepared.pricing.totalGbpPence ? {} : await reprice(p, repriced);
  const difference = paid ? await refundDifference(p, prepared.pricing, repriced.version) : {};
  await p.commit(
    {
      ...noticeOnOrder(prepared),
      // A booked order keeps the newspaper's dates (an amendment that would move them is refused above).
      ...(p.status === 'booked' && bookedDates(p.order)),
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

/** The difference back, with a VAT credit note; paid to us directly, or a failed refund: the order is flagged. */
async function refundDifference(p: OrderProcess, newPricing: Pricing, version: number) {
  const difference = heldGbpPence(p.order) - newPricing.totalGbpPence;
  if (difference <= 0) return {};
  const key = `amended-v${version}`;
  const { paymentState, refundId } = await refundOrFlag(providerRefund(p, key, difference));
  const credit = { reason: 'amended_lower' as const, remaining: newPricing, key };
  if (paymentState === 'refunded') {
    const documents = await creditDocuments(p, {
      ...credit,
      refundedGbpPence: difference,
      settlement: 'refunded',
    });
    return { ledger: [ledgerLine('refund', difference, refundId, 'amended_lower')], update: { documents } };
  }
  const details = { amountGbpPence: difference, version };
  await p.audit({ action: 'difference_refund_due', actor: 'system', details });
  const documents = await creditDocuments(p, { ...credit, settlement: 'refund_pending' });
  return { update: { needsAttention: true, documents } };
}
