import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  log,
  patched,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { isFinal } from '../orders/status';
import {
  amendOrderSignal,
  amendOrderUpdate,
  cancelOrderSignal,
  cancelOrderUpdate,
  liveCheckoutQuery,
  markDeliveredSignal,
  orderStateQuery,
  paymentReceivedSignal,
  placeOrderUpdate,
  recordTestPaymentUpdate,
  reportBookingUpdate,
  reportPublicationUpdate,
  renewCheckoutUpdate,
  reportUrnUpdate,
  retryDeliverySignal,
  retryRefundSignal,
  refundIssuedSignal,
  clearAttentionSignal,
  simulateDeliveryFailureUpdate,
  submitPurchaseOrderUpdate,
  type OrderOutcome,
  type OrderWorkflowInput,
} from './order.messages';
import { nextDeadline, nextStep, onDeadline } from './order-lifecycle';
import { awaitsOperator, clearAttention, refundIssued, retryRefund } from './order-operator';
import { checkCheckoutRenewable, currentCheckout, renewCheckout } from './order-checkout';
import { OrderProcess } from './order-process';
import { checkSimulatedDeliveryFailure, checkTestPayment, simulateDeliveryFailure } from './order-test-mode';
import * as steps from './order-steps';

/**
 * One workflow per order, from placement to completion or cancellation. It owns the order's state: every
 * message is decided here against that state (src/orders/status.ts), and every change is written to the
 * projection and the event log by activities before the message is answered.
 */
export async function orderWorkflow(input: OrderWorkflowInput): Promise<OrderOutcome> {
  const p = new OrderProcess(input);
  registerHandlers(p);

  if (input.carried) {
    p.showToOperators(); // current details belong to a run: the new run shows them again
  } else {
    await p.exclusive(() => steps.placeOrder(p));
  }
  if (!p.created) {
    await condition(allHandlersFinished);
    return { status: p.status, version: p.order.version };
  }

  while (!isFinal(p.status) || awaitsOperator(p)) {
    const mayHandOver = patched(CONTINUE_AS_NEW);
    if (mayHandOver && continueAsNewDue(p) && !nextStep(p)) {
      // Every message being handled finishes in this run; the next run starts from the state they leave.
      await condition(allHandlersFinished);
      if (!nextStep(p) && (!isFinal(p.status) || awaitsOperator(p))) {
        await continueAsNew<typeof orderWorkflow>({ ...input, carried: p.carry() });
      }
      continue;
    }
    const step = nextStep(p);
    if (step) {
      await p.exclusive(async () => {
        // A message handled while the step waited for its turn may have made it moot (a cancelled order's
        // artwork must not go to the newspaper).
        const current = patched('step-rechecked-in-turn') ? nextStep(p) : step;
        if (current) await current();
      });
      continue;
    }
    const seen = p.changes;
    const wake = () => p.changes !== seen || (mayHandOver && continueAsNewDue(p));
    const deadline = nextDeadline(p);
    if (deadline) {
      const woken = await condition(wake, Math.max(1, deadline.at - Date.now()));
      if (!woken) await p.exclusive(() => onDeadline(p));
    } else {
      await condition(wake);
    }
  }
  await condition(allHandlersFinished);
  return { status: p.status, version: p.order.version };
}

/**
 * Orders that began before it never continued as new; the marker keeps their recorded histories replaying,
 * while every run that records it hands over to a fresh run once its history is long.
 */
const CONTINUE_AS_NEW = 'continue-as-new';

/**
 * A run's history is long enough to hand over: Temporal suggests it (well before its limits of 51,200 events
 * and 50 MB), or the order's own threshold (`timings.continueAsNewAfterEvents`, set by tests) is reached.
 */
function continueAsNewDue(p: OrderProcess): boolean {
  const info = workflowInfo();
  const threshold = p.input.timings.continueAsNewAfterEvents;
  return info.continueAsNewSuggested || (threshold !== undefined && info.historyLength >= threshold);
}

function registerHandlers(p: OrderProcess): void {
  const locked = <T>(fn: () => Promise<T>) => p.exclusive(fn);

  setHandler(placeOrderUpdate, async () => {
    await condition(() => p.created || p.createFailure !== null);
    if (p.createFailure) throw p.createFailure;
    return p.order;
  });
  setHandler(
    submitPurchaseOrderUpdate,
    (r) => locked(async () => (await steps.submitPurchaseOrder(p, r), p.order)),
    {
      validator: (r) => void steps.checkPurchaseOrder(p, r),
    },
  );
  setHandler(reportBookingUpdate, (r) => locked(() => steps.reportBooking(p, r)), {
    validator: (r) => void steps.checkBooking(p, r),
  });
  setHandler(reportPublicationUpdate, (r) => locked(() => steps.reportPublication(p, r)), {
    validator: (r) => void steps.checkPublication(p, r),
  });
  setHandler(reportUrnUpdate, (r) => locked(() => steps.reportUrn(p, r)), {
    validator: (r) => void steps.checkUrn(p, r),
  });
  setHandler(amendOrderUpdate, (r) => locked(async () => (await steps.amend(p, r), p.order)), {
    validator: (r) => steps.checkAmendment(p, r),
  });
  setHandler(cancelOrderUpdate, (r) => locked(async () => (await steps.cancel(p, r), p.order)), {
    validator: (_r) => steps.checkCancellable(p),
  });
  setHandler(
    simulateDeliveryFailureUpdate,
    (n) => locked(async () => (await simulateDeliveryFailure(p, n), p.order)),
    { validator: (_n) => checkSimulatedDeliveryFailure(p) },
  );
  setHandler(recordTestPaymentUpdate, (m) => locked(async () => (await steps.recordPayment(p, m), p.order)), {
    validator: (_m) => checkTestPayment(p),
  });

  setHandler(paymentReceivedSignal, (m) => locked(() => steps.recordPayment(p, m)));
  setHandler(amendOrderSignal, (r) => operatorAction(p, 'amend', () => steps.amend(p, r)));
  setHandler(cancelOrderSignal, (r) => operatorAction(p, 'cancel', () => steps.cancel(p, r)));
  setHandler(retryDeliverySignal, (n) =>
    locked(async () => {
      if (!p.deliveryFailed) return;
      p.deliveryFailed = false;
      p.redelivering = true;
      p.touch();
      await p.audit({ action: 'delivery_retry_requested', actor: n.actor, reason: n.note ?? null });
    }),
  );
  setHandler(markDeliveredSignal, (n) =>
    locked(async () => {
      if (p.delivered) return;
      p.delivered = true;
      p.deliveryFailed = false;
      await p.commit(
        { needsAttention: false },
        { audit: { action: 'marked_delivered', actor: n.actor, reason: n.note ?? null } },
      );
    }),
  );
  setHandler(refundIssuedSignal, (n) => locked(() => refundIssued(p, n)));
  setHandler(retryRefundSignal, (n) => locked(() => retryRefund(p, n)));
  setHandler(clearAttentionSignal, (n) => locked(() => clearAttention(p, n)));
  setHandler(orderStateQuery, () => p.order);
  setHandler(liveCheckoutQuery, () => currentCheckout(p));
  setHandler(renewCheckoutUpdate, (r) => locked(() => renewCheckout(p, r)), {
    validator: (_r) => checkCheckoutRenewable(p),
  });
}

/** Signals cannot answer: a refused operator action is logged and audited instead of failing the workflow. */
async function operatorAction(p: OrderProcess, name: string, run: () => Promise<void>): Promise<void> {
  await p.exclusive(async () => {
    try {
      await run();
    } catch (err) {
      if (!(err instanceof ApplicationFailure)) throw err;
      log.warn(`operator ${name} refused`, { type: err.type, message: err.message });
      await p.audit({
        action: `${name}_refused`,
        actor: 'operator',
        reason: err.message,
        details: { code: err.type },
      });
    }
  });
}
