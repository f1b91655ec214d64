import { ActivityFailure, patched, proxyActivities } from '@temporalio/workflow';
import type { OrderActivities } from '../activities';
import { isFinal } from '../orders/status';
import { acts, type OrderProcess } from './order-process';
import { cancel } from './order-steps';

/**
 * What the order does by itself between messages: typeset the proof, deliver the artwork, and act on
 * deadlines (flag for attention, expire an unpaid order, complete a finished one).
 */
export function nextStep(p: OrderProcess): (() => Promise<void>) | null {
  if (isFinal(p.status)) return null;
  if (p.proofRevision !== p.noticeRevision) return () => makeProof(p);
  const withNewspaper = p.status === 'awaiting_booking' || p.status === 'booked';
  if (withNewspaper && !p.delivered && !p.deliveryFailed) return () => deliverArtwork(p);
  return null;
}

async function makeProof(p: OrderProcess): Promise<void> {
  const revision = p.noticeRevision;
  const proofPdfUrl = await acts.generateProof({ order: p.order, columns: p.notice.columns });
  p.proofRevision = revision;
  await p.commit({ proofPdfUrl }, { event: 'order.proof_ready' });
}

/** Delivery retries on its own schedule; when it gives up, an operator decides (retryDelivery / markDelivered). */
async function deliverArtwork(p: OrderProcess): Promise<void> {
  const { deliveryAttempts, deliveryRetryInitialMs } = p.input.timings;
  const delivery = proxyActivities<OrderActivities>({
    startToCloseTimeout: '2 minutes',
    retry: {
      maximumAttempts: deliveryAttempts,
      initialInterval: deliveryRetryInitialMs,
      backoffCoefficient: 2,
    },
  });
  try {
    await delivery.deliverArtwork(p.order);
    p.delivered = true;
    p.touch();
    await p.audit({
      action: 'artwork_delivered',
      actor: 'system',
      details: { newspaper: p.order.newspaperName },
    });
    const recovered = p.redelivering && p.order.needsAttention;
    p.redelivering = false;
    // The operator's retry worked: the order no longer needs them (a wait too long flags it again).
    if (recovered && patched('clear-attention-after-redelivery')) {
      await p.commit(
        { needsAttention: false },
        { audit: { action: 'attention_cleared', actor: 'system', reason: 'Artwork delivered on retry.' } },
      );
    }
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await recordDeliveryFailure(p, err.cause?.message ?? err.message);
  }
}

/**
 * A failed artwork delivery: `order.delivery_failed`, NeedsAttention, and the order waits for an operator
 * (retryDelivery / markDelivered). The one way a failure is recorded, whether the delivery gave up or test
 * mode simulates it (`actor` then names the test helper).
 */
export async function recordDeliveryFailure(
  p: OrderProcess,
  message: string,
  actor = 'system',
): Promise<void> {
  p.deliveryFailed = true;
  await p.commit(
    { needsAttention: true },
    {
      event: 'order.delivery_failed',
      audit: { action: 'delivery_failed', actor, details: { message } },
    },
  );
}

export interface Deadline {
  at: number;
  action: 'attention' | 'expire' | 'complete';
}

export function nextDeadline(p: OrderProcess): Deadline | null {
  if (isFinal(p.status)) return null;
  const t = p.input.timings;
  const deadlines: Deadline[] = [];
  const attention = t.attentionAfterMs[p.status];
  if (attention !== undefined && !p.order.needsAttention)
    deadlines.push({ at: p.statusSince + attention, action: 'attention' });
  if (p.status === 'pending_payment')
    deadlines.push({ at: p.statusSince + t.paymentExpiryMs, action: 'expire' });
  if (p.status === 'urn_received' || (p.status === 'published' && !p.probate)) {
    deadlines.push({ at: p.statusSince + t.completeAfterMs, action: 'complete' });
  }
  return deadlines.reduce<Deadline | null>(
    (first, d) => (first === null || d.at < first.at ? d : first),
    null,
  );
}

/** Acts on the deadline that is due now, if it still is (a message may have moved the order on). */
export async function onDeadline(p: OrderProcess): Promise<void> {
  const due = nextDeadline(p);
  if (!due || due.at > Date.now()) return;
  switch (due.action) {
    case 'attention':
      return p.commit(
        { needsAttention: true },
        {
          audit: {
            action: 'needs_attention',
            actor: 'system',
            details: { status: p.status, since: new Date(p.statusSince).toISOString() },
          },
        },
      );
    case 'expire':
      return cancel(p, { actor: 'system', reason: 'Payment was not received in time.' });
    case 'complete':
      return p.commit({ status: 'completed' }, { audit: { action: 'completed', actor: 'system' } });
  }
}
