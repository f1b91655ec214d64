import { workflowInfo } from '@temporalio/workflow';
import { isFinal } from '../../orders/status';
import { cancel } from './cancellation';
import type { OrderProcess } from './process';

interface Deadline {
  at: number;
  action: 'attention' | 'expire' | 'complete';
}

export function nextDeadline(p: OrderProcess): Deadline | null {
  if (isFinal(p.status)) return null;
  const t = p.input.timings;
  const deadlines: Deadline[] = [];
  const attention = t.attentionAfterMs[p.status];
  if (attention !== undefined && !p.order.needsAttention)
    deadlines.push({ at: p.state.statusSince + attention, action: 'attention' });
  if (p.status === 'pending_payment')
    deadlines.push({ at: p.state.statusSince + t.paymentExpiryMs, action: 'expire' });
  if (p.status === 'urn_received' || (p.status === 'published' && p.order.type !== 'probate')) {
    deadlines.push({ at: p.state.statusSince + t.completeAfterMs, action: 'complete' });
  }
  return deadlines.sort((a, b) => a.at - b.at)[0] ?? null;
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
            details: { status: p.status, since: new Date(p.state.statusSince).toISOString() },
          },
        },
      );
    case 'expire':
      return cancel(p, { actor: 'system', reason: 'Payment was not received in time.' });
    case 'complete':
      return p.commit({ status: 'completed' }, { audit: { action: 'completed', actor: 'system' } });
  }
}

/** Temporal suggests it, or the tests' threshold is reached. */
export function continueAsNewDue(p: OrderProcess): boolean {
  const info = workflowInfo();
  const threshold = p.input.timings.continueAsNewAfterEvents;
  return info.continueAsNewSuggested || (threshold !== undefined && info.historyLength >= threshold);
}
