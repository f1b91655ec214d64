import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { OrderActivities } from '../../activities';
import { doesNotFitMessage, isFinal } from '../../orders/status';
import type { OperatorNote } from '../order.messages';
import { artworkDeliveryPolicy } from '../retry-policies';
import { documents, nowIso, type OrderProcess } from './process';
import { noted } from './records';
import { stateRefusal } from './refusals';

/** The statuses in which the artwork is (or is due to be) with the newspaper. */
const withNewspaper = (p: OrderProcess) => p.status === 'awaiting_booking' || p.status === 'booked';

/** The next thing the order does by itself (proof out of date, artwork due at the newspaper), if any. */
export function nextStep(p: OrderProcess): (() => Promise<void>) | null {
  if (isFinal(p.status)) return null;
  if (p.proofDue) return () => makeProof(p);
  if (withNewspaper(p) && (p.state.delivery === 'pending' || p.state.delivery === 'retrying'))
    return () => deliverArtwork(p);
  return null;
}

async function makeProof(p: OrderProcess): Promise<void> {
  const revision = p.state.noticeRevision;
  const proofPdfUrl = await documents.generateProof({ order: p.order, columns: p.state.notice.columns });
  p.proofMade(revision);
  await p.commit({ proofPdfUrl }, { event: 'order.proof_ready' });
}

/** Delivery retries on its own schedule; when it gives up, an operator decides (retryDelivery / markDelivered). */
async function deliverArtwork(p: OrderProcess): Promise<void> {
  const delivery = proxyActivities<OrderActivities>(artworkDeliveryPolicy(p.input.timings));
  try {
    await delivery.deliverArtwork(p.order);
    // The operator's retry worked: the order no longer needs them (a wait too long flags it again).
    const recovered = p.state.delivery === 'retrying' && p.order.needsAttention;
    const hadFailure = p.order.deliveryFailure !== null;
    p.deliveryIs('delivered');
    await p.audit({
      action: 'artwork_delivered',
      actor: 'system',
      details: { newspaper: p.order.newspaperName },
    });
    if (recovered || hadFailure) {
      await p.commit(
        { needsAttention: recovered ? false : p.order.needsAttention, deliveryFailure: null },
        recovered
          ? { audit: { action: 'attention_cleared', actor: 'system', reason: 'Artwork delivered on retry.' } }
          : {},
      );
    }
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await recordDeliveryFailure(p, err.cause?.message ?? err.message);
  }
}

/** The failure's reason as the order shows it: the transport's message, bounded. */
const REASON_MAX = 300;

async function recordDeliveryFailure(p: OrderProcess, message: string, actor = 'system'): Promise<void> {
  p.deliveryIs('failed');
  const reason = message.length > REASON_MAX ? `${message.slice(0, REASON_MAX - 1)}…` : message;
  await p.commit(
    { needsAttention: true, deliveryFailure: { reason, at: nowIso() } },
    {
      event: 'order.delivery_failed',
      audit: { action: 'delivery_failed', actor, details: { message } },
    },
  );
}

export async function retryDelivery(p: OrderProcess, n: OperatorNote): Promise<void> {
  if (p.state.delivery !== 'failed') return;
  p.deliveryIs('retrying');
  await p.audit(noted('delivery_retry_requested', n));
}

export async function markDelivered(p: OrderProcess, n: OperatorNote): Promise<void> {
  if (p.state.delivery === 'delivered') return;
  p.deliveryIs('delivered');
  await p.commit({ needsAttention: false, deliveryFailure: null }, { audit: noted('marked_delivered', n) });
}

export function checkSimulatedDeliveryFailure(p: OrderProcess): void {
  if (p.order.livemode) throw stateRefusal(p, 'Delivery failures can be simulated on test orders only.');
  if (!withNewspaper(p)) throw stateRefusal(p, doesNotFitMessage('A delivery failure', p.status));
  if (p.state.delivery === 'failed') throw stateRefusal(p, 'The artwork delivery has already failed.');
}

export async function simulateDeliveryFailure(p: OrderProcess, n: OperatorNote): Promise<void> {
  checkSimulatedDeliveryFailure(p);
  await recordDeliveryFailure(p, n.note ?? 'Simulated artwork delivery failure (test helper).', n.actor);
}
