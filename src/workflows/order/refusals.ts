import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import { AppError, type ErrorCode } from '../../errors';
import { doesNotFitMessage, nextStatus, type OrderTransition } from '../../orders/status';
import type { OrderProcess } from './process';

/** A business refusal: the update fails with our error code as its type, and nothing changes. */
export function refuse(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ApplicationFailure {
  return ApplicationFailure.create({
    type: code,
    message,
    nonRetryable: true,
    details: details ? [details] : [],
  });
}

/** Runs a pure check of src/orders: its AppError refusal becomes the update's refusal, with the same code. */
export function asWorkflowRefusal<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof AppError) throw refuse(err.code, err.message, err.details);
    throw err;
  }
}

/** An activity's business refusal (validation_error …) becomes the update's refusal with the same code. */
export async function asRefusal<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const cause = err instanceof ActivityFailure ? err.cause : undefined;
    if (cause instanceof ApplicationFailure && cause.nonRetryable && cause.type) {
      throw refuse(
        cause.type as ErrorCode,
        cause.message,
        (cause.details?.[0] as Record<string, unknown>) ?? undefined,
      );
    }
    throw err;
  }
}

export const stateRefusal = (p: OrderProcess, message: string) =>
  refuse('invalid_state_transition', message, { status: p.status });

export function checkTransition(p: OrderProcess, transition: OrderTransition, what: string): void {
  if (nextStatus(p.status, transition, { probate: p.probate }) === null) {
    throw stateRefusal(p, doesNotFitMessage(what, p.status));
  }
}
