import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  log,
  setHandler,
} from '@temporalio/workflow';
import type { Order } from '../orders/order';
import type { ReportKind } from '../orders/reports';
import * as m from './order.messages';
import { amend, checkAmendment } from './order/amendments';
import {
  checkSimulatedDeliveryFailure,
  markDelivered,
  nextStep,
  retryDelivery,
  simulateDeliveryFailure,
} from './order/artwork';
import {
  cancel,
  checkCancellable,
  clearAttention,
  refundIssued,
  retryRefund,
  runsOn,
} from './order/cancellation';
import { checkCheckoutRenewable, currentCheckout, renewCheckout } from './order/checkout';
import { checkReport, report } from './order/newspaper-reports';
import { checkPurchaseOrder, checkTestPayment, recordPayment, submitPurchaseOrder } from './order/payment';
import { placeOrder } from './order/placement';
import { refusalOf } from './order/refusals';
import { showToOperators } from './order/operator-view';
import { OrderProcess } from './order/process';
import { continueAsNewDue, nextDeadline, onDeadline } from './order/timers';

/**
 * One workflow per order, from placement to completion or cancellation. It owns the order's state: every
 * message is decided against it, and every change is written by activities before the message is answered.
 */
export async function orderWorkflow(input: m.OrderWorkflowInput): Promise<Pick<Order, 'status' | 'version'>> {
  const p = new OrderProcess(input);
  registerHandlers(p);

  if (input.carried) {
    showToOperators(p); // current details belong to a run: the new run shows them again
  } else {
    await p.exclusive(() => placeOrder(p));
  }

  while (p.placement === 'placed' && runsOn(p)) {
    if (continueAsNewDue(p) && !nextStep(p)) {
      // Every message being handled finishes in this run; the next run starts from the state they leave.
      await condition(() => settled(p));
      if (!nextStep(p) && runsOn(p)) {
        await continueAsNew<typeof orderWorkflow>({ ...input, carried: p.state });
      }
      continue;
    }
    if (nextStep(p)) {
      // Checked again in turn: a message handled while the step waited may have made it moot (a cancelled
      // order's artwork must not go to the newspaper).
      await p.exclusive(async () => {
        const current = nextStep(p);
        if (current) await current();
      });
      continue;
    }
    const seen = p.changes;
    const wake = () => p.changes !== seen || continueAsNewDue(p);
    const deadline = nextDeadline(p);
    if (deadline) {
      const woken = await condition(wake, Math.max(1, deadline.at - Date.now()));
      if (!woken) await p.exclusive(() => onDeadline(p));
    } else {
      await condition(wake);
    }
  }
  await condition(() => settled(p));
  return { status: p.status, version: p.order.version };
}

/**
 * Nothing of this run is still under way: every message handled and every announcement started (an activity
 * still pending when the run closed would be abandoned, and its event never announced).
 */
const settled = (p: OrderProcess) => allHandlersFinished() && p.announced;

function registerHandlers(p: OrderProcess): void {
  /** A handler run under the lock; `answered`: an update that answers with the order it leaves. */
  const locked =
    <A, R>(fn: (p: OrderProcess, a: A) => Promise<R>) =>
    (a: A) =>
      p.exclusive(() => fn(p, a));
  const answered = <A>(fn: (p: OrderProcess, a: A) => Promise<unknown>) =>
    locked(async (p, a: A) => (await fn(p, a), p.order));

  setHandler(m.placeOrderUpdate, async () => {
    await condition(() => p.placement !== null);
    if (p.placement instanceof ApplicationFailure) throw p.placement;
    return p.order;
  });

  setHandler(m.paymentReceivedSignal, locked(recordPayment));
  setHandler(m.recordTestPaymentUpdate, answered(recordPayment), { validator: (_m) => checkTestPayment(p) });
  setHandler(m.submitPurchaseOrderUpdate, answered(submitPurchaseOrder), {
    validator: (r) => void checkPurchaseOrder(p, r),
  });
  setHandler(m.liveCheckoutQuery, () => currentCheckout(p));
  setHandler(m.renewCheckoutUpdate, locked(renewCheckout), { validator: (_r) => checkCheckoutRenewable(p) });

  const onReport = <K extends ReportKind>(kind: K) =>
    setHandler(m.reportUpdates[kind] as m.ReportUpdate<K>, (r) => p.exclusive(() => report(p, kind, r)), {
      validator: (r) => checkReport(p, kind, r),
    });
  (['booking', 'publication', 'urn'] as const).forEach(onReport);

  // Amendments and cancellation: updates from the API, signals from operators.
  setHandler(m.amendOrderUpdate, answered(amend), { validator: (r) => checkAmendment(p, r) });
  setHandler(m.cancelOrderUpdate, answered(cancel), { validator: (_r) => checkCancellable(p) });
  setHandler(m.amendOrderSignal, (r) => operatorAction(p, 'amend', () => amend(p, r)));
  setHandler(m.cancelOrderSignal, (r) => operatorAction(p, 'cancel', () => cancel(p, r)));
  setHandler(m.refundIssuedSignal, locked(refundIssued));
  setHandler(m.retryRefundSignal, locked(retryRefund));
  setHandler(m.clearAttentionSignal, locked(clearAttention));

  setHandler(m.retryDeliverySignal, locked(retryDelivery));
  setHandler(m.markDeliveredSignal, locked(markDelivered));
  setHandler(m.simulateDeliveryFailureUpdate, answered(simulateDeliveryFailure), {
    validator: (_n) => checkSimulatedDeliveryFailure(p),
  });

  setHandler(m.orderStateQuery, () => p.order);
  setHandler(m.reportRefusalQuery, (kind, r) => refusalOf(() => checkReport(p, kind, r)));
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
