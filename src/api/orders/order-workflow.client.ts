import {
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type Client,
} from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common';
import { AppError, ERROR_CODES, type ErrorCode } from '../../errors';
import { orderWorkflowId } from '../../workflows/order.messages';

const isErrorCode = (v: unknown): v is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(v);

/**
 * Translates what Temporal says about an order message into our errors: a refusal by the workflow keeps its
 * code (order_not_amendable, invalid_state_transition …); a closed workflow is `onClosed()`; a timeout or an
 * unreachable Temporal is 503 service_unavailable. Anything else is rethrown (500).
 */
export function fromWorkflowError(err: unknown, onClosed: () => Error): unknown {
  if (
    err instanceof WorkflowUpdateFailedError &&
    err.cause instanceof ApplicationFailure &&
    isErrorCode(err.cause.type)
  ) {
    const details = err.cause.details?.[0];
    return new AppError(
      err.cause.type,
      err.cause.message,
      details && typeof details === 'object' ? (details as Record<string, unknown>) : undefined,
    );
  }
  if (err instanceof WorkflowNotFoundError) return onClosed();
  if (err instanceof WorkflowUpdateRPCTimeoutOrCancelledError) {
    return new AppError(
      'service_unavailable',
      'The order engine did not answer in time. Retry with backoff.',
    );
  }
  if (err instanceof Error && err.name === 'ServiceError') {
    return new AppError('service_unavailable', 'The order engine is unavailable. Retry with backoff.');
  }
  return err;
}

/** Sends an update to an order's workflow and waits for its answer. */
export async function updateOrder<Ret, Args extends [unknown, ...unknown[]]>(
  temporal: Client,
  orderId: string,
  def: UpdateDefinition<Ret, Args>,
  args: Args,
  opts: { updateId?: string; onClosed: () => Error },
): Promise<Ret> {
  try {
    return await temporal.workflow
      .getHandle(orderWorkflowId(orderId))
      .executeUpdate(def, { args, updateId: opts.updateId });
  } catch (err) {
    throw fromWorkflowError(err, opts.onClosed);
  }
}
