import {
  WithStartWorkflowOperation,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type Client,
} from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common';
import { AppError, ERROR_CODES } from '../errors';
import { memberOf } from '../orders/status';
import { ukDate } from '../notices/dates';
import { liveCheckoutUrl } from '../orders/payment';
import type { Order } from '../orders/order';
import type { ReportKind, Reports } from '../orders/reports';
import {
  simulatedBooking,
  simulatedPublication,
  simulatedUrn,
  type SimulatedStep,
  type SimulatorSchedule,
} from '../testmode/simulation';
import {
  ANNOUNCEMENT_WORKFLOW_TYPE,
  announcementWorkflowId,
  type AnnouncementInput,
} from '../workflows/announcement.messages';
import {
  liveCheckoutQuery,
  orderWorkflowId,
  paymentReceivedSignal,
  placeOrderUpdate,
  renewCheckoutUpdate,
  refusalFrom,
  reportRefusalQuery,
  reportUpdates,
  UNCHANGED,
  type IntegrationAck,
  type OrderWorkflowInput,
  type PaymentReceived,
  type Refusal,
  type ReportMessage,
} from '../workflows/order.messages';
import type { orderWorkflow } from '../workflows/order.workflow';
import {
  closedOrderPaymentWorkflowId,
  type ClosedOrderPaymentInput,
} from '../workflows/closed-order-payment.messages';
import type { closedOrderPaymentWorkflow } from '../workflows/closed-order-payment.workflow';
import { simulatorWorkflowId } from '../workflows/simulated-newspaper.messages';
import type { simulatedNewspaperWorkflow } from '../workflows/simulated-newspaper.workflow';
import { ignoreNotFound, startOnce } from './client';
import { workPriority } from './task-queues';

const isErrorCode = memberOf(ERROR_CODES);

/** An update's refusal by the workflow, as a query would carry it. */
const refusalIn = (err: unknown): Refusal | null =>
  err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure
    ? refusalFrom(err.cause)
    : null;

const refusalError = (r: Refusal | null) =>
  r && isErrorCode(r.type) ? new AppError(r.type, r.message, r.details) : null;

/**
 * Temporal's errors as ours: a workflow's refusal keeps its code, a closed workflow is `onClosed()` (without it,
 * the WorkflowNotFoundError as it is, for `ignoreNotFound`), a timeout, an unreachable Temporal or a message it
 * could not apply is 503; anything else is returned as it is (500).
 */
function fromWorkflowError(err: unknown, onClosed?: () => Error): unknown {
  const refused = refusalError(refusalIn(err));
  if (refused) return refused;
  if (err instanceof WorkflowNotFoundError) return onClosed?.() ?? err;
  // FAILED_PRECONDITION: the task failed (e.g. a missing search attribute, ./setup-check.ts); nothing applied.
  const unavailable =
    err instanceof WorkflowUpdateRPCTimeoutOrCancelledError
      ? 'did not answer in time'
      : err instanceof Error && err.name === 'ServiceError'
        ? 'is unavailable'
        : (err as { code?: unknown } | null)?.code === GRPC_FAILED_PRECONDITION
          ? 'could not take the request'
          : null;
  if (unavailable)
    return new AppError('service_unavailable', `The order engine ${unavailable}. Retry with backoff.`);
  return err;
}

const GRPC_FAILED_PRECONDITION = 9;

export async function orderEngineCall<T>(call: Promise<T>, onClosed?: () => Error): Promise<T> {
  try {
    return await call;
  } catch (err) {
    throw fromWorkflowError(err, onClosed);
  }
}

/**
 * Starts an order's workflow and places the order (update-with-start). Null when the workflow has already
 * finished (a keyed retry of an order since cancelled): the projection holds the order.
 */
export async function startOrder(
  temporal: Client,
  opts: {
    input: OrderWorkflowInput;
    taskQueue: string;
    summary: string;
    updateId: string;
    /** Called when the workflow answers that it could not place the order (payment set-up failed). */
    onPlacementFailed?: () => Promise<unknown> | undefined;
  },
): Promise<Order | null> {
  const start = new WithStartWorkflowOperation<typeof orderWorkflow>('orderWorkflow', {
    workflowId: orderWorkflowId(opts.input.order.id),
    taskQueue: opts.taskQueue,
    priority: workPriority(opts.input.order),
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    staticSummary: opts.summary,
    args: [opts.input],
  });
  try {
    return await temporal.workflow.executeUpdateWithStart(placeOrderUpdate, {
      updateId: opts.updateId,
      startWorkflowOperation: start,
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return null;
    if (refusalIn(err)?.type === 'service_unavailable') await opts.onPlacementFailed?.();
    throw fromWorkflowError(
      err,
      () => new AppError('service_unavailable', 'The order could not be placed. Retry with backoff.'),
    );
  }
}

/** Sends an update to an order's workflow and waits for its answer; `onUnchanged` answers an UNCHANGED refusal. */
export async function updateOrder<Ret, Args extends [unknown, ...unknown[]]>(
  temporal: Client,
  orderId: string,
  def: UpdateDefinition<Ret, Args>,
  args: Args,
  opts: { updateId?: string; onClosed?: () => Error; onUnchanged?: (order: Order) => Ret },
): Promise<Ret> {
  try {
    return await temporal.workflow
      .getHandle(orderWorkflowId(orderId))
      .executeUpdate(def, { args, updateId: opts.updateId });
  } catch (err) {
    const refusal = refusalIn(err);
    if (refusal?.type === UNCHANGED && opts.onUnchanged)
      return opts.onUnchanged(refusal.details as unknown as Order);
    throw fromWorkflowError(err, opts.onClosed);
  }
}

/**
 * A newspaper's or the Gazette's report, decided by the order's workflow alone: its validator refuses a report
 * that does not fit, and an identical repeat as UNCHANGED (answered `changed: false`), so neither enters the
 * history. A closed workflow is asked by a query what its validator would answer.
 */
export async function sendReport<K extends ReportKind>(
  temporal: Client,
  orderId: string,
  kind: K,
  message: ReportMessage<K>,
  updateId?: string,
): Promise<IntegrationAck> {
  const repeat = (order: Order): IntegrationAck => ({ acknowledged: true, changed: false, order });
  const sent = await updateOrder(temporal, orderId, reportUpdates[kind], [message], {
    updateId,
    onUnchanged: repeat,
  }).catch(ignoreNotFound);
  if (sent) return sent;
  const handle = temporal.workflow.getHandle(orderWorkflowId(orderId));
  const refusal = await handle.query(reportRefusalQuery, kind, message);
  if (refusal?.type === UNCHANGED) return repeat(refusal.details as unknown as Order);
  throw (
    refusalError(refusal) ?? new Error(`The closed workflow of order ${orderId} accepts a ${kind} report.`)
  );
}

/** Signals a payment (Stripe webhook, sandbox); false when the order's workflow has finished or never was. */
export async function sendPaymentReceived(
  temporal: Client,
  orderId: string,
  payment: PaymentReceived,
): Promise<boolean> {
  const handle = temporal.workflow.getHandle(orderWorkflowId(orderId));
  const signal = orderEngineCall(handle.signal(paymentReceivedSignal, payment).then(() => true));
  return (await signal.catch(ignoreNotFound)) ?? false;
}

/** A payment for a closed order: refunded by its own workflow, one per order and payment. */
export async function startClosedOrderPayment(
  temporal: Client,
  input: ClosedOrderPaymentInput,
  taskQueue: string,
): Promise<void> {
  await startOnce<typeof closedOrderPaymentWorkflow>(temporal, 'closedOrderPaymentWorkflow', {
    workflowId: closedOrderPaymentWorkflowId(input.orderId, input.paymentRef),
    taskQueue,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    staticSummary: `Payment ${input.paymentRef ?? '?'} for closed order ${input.orderId}`,
  });
}

/** The values of each simulated report, as sent at `now`. */
const SIMULATED_REPORTS: { [K in SimulatedStep]: (order: Order, now: Date) => Reports[K] } = {
  booking: (order: Order, now: Date) => simulatedBooking(order, ukDate(now)),
  publication: simulatedPublication,
  urn: simulatedUrn,
};

/** Sends one simulated report as the integration endpoints do (the simulator and the test helper `advance`). */
export function sendSimulatedReport(
  temporal: Client,
  order: Order,
  step: SimulatedStep,
  opts: { actor: string; updateId?: string },
): Promise<IntegrationAck> {
  const report = { actor: opts.actor, ...SIMULATED_REPORTS[step](order, new Date()) };
  return sendReport(temporal, order.id, step, report, opts.updateId);
}

/** Starts a test order's simulated newspaper; a start while it runs changes nothing, after it starts afresh. */
export async function startSimulatedNewspaper(
  temporal: Client,
  order: { id: string; reference: string; organisationId: string },
  schedule: SimulatorSchedule,
  taskQueue: string,
): Promise<void> {
  await temporal.workflow.start<typeof simulatedNewspaperWorkflow>('simulatedNewspaperWorkflow', {
    workflowId: simulatorWorkflowId(order.id),
    taskQueue,
    priority: workPriority({ livemode: false, organisationId: order.organisationId }),
    args: [{ orderId: order.id, schedule }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    staticSummary: `Simulated newspaper and Gazette for test order ${order.reference || order.id}`,
  });
}

/** Stops a test order's simulated newspaper, if it runs (a `test:manual` order never started one). */
export async function cancelSimulatedNewspaper(temporal: Client, orderId: string): Promise<void> {
  await temporal.workflow.getHandle(simulatorWorkflowId(orderId)).cancel().catch(ignoreNotFound);
}

/** Starts an order event's announcement (its e-mails and deliveries); a repeated call does nothing. */
export async function startAnnouncement(
  temporal: Client,
  input: AnnouncementInput,
  taskQueue: string,
): Promise<void> {
  await startOnce(temporal, ANNOUNCEMENT_WORKFLOW_TYPE, {
    workflowId: announcementWorkflowId(input.event.id),
    taskQueue,
    priority: workPriority(input.event),
    args: [input],
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
  });
}

/** Asks the order's workflow for a live session: a query first (no history), the renewal update when due. */
export async function liveCheckoutSession(temporal: Client, orderId: string): Promise<string> {
  const onClosed = () => new AppError('invalid_state_transition', 'The order no longer awaits payment.', {});
  const handle = temporal.workflow.getHandle(orderWorkflowId(orderId));
  const live = liveCheckoutUrl(await orderEngineCall(handle.query(liveCheckoutQuery), onClosed), Date.now());
  if (live) return live;
  const renew = handle.executeUpdate(renewCheckoutUpdate, { args: [{ actor: 'customer' }] });
  return (await orderEngineCall(renew, onClosed)).url;
}
