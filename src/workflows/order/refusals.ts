import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import { AppError, type ErrorCode } from '../../errors';
import { refusalFrom, UNCHANGED, type Refusal } from '../order.messages';
import type { OrderProcess } from './process';

/** A business refusal: the update fails with our error code as its type, and nothing changes. */
export function refuse(code: ErrorCode | typeof UNCHANGED, message: string, details?: object) {
  return ApplicationFailure.create({
    type: code,
    message,
    nonRetryable: true,
    details: details ? [details] : [],
  });
}

/** A validator's refusal of a message that would change nothing: the caller answers with the order. */
export const unchanged = (p: OrderProcess) => refuse(UNCHANGED, 'Nothing changes.', p.order);

/** A validator's answer as a query carries it: its refusal, or null when it accepts. */
export function refusalOf(check: () => unknown): Refusal | null {
  try {
    check();
    return null;
  } catch (err) {
    if (!(err instanceof ApplicationFailure)) throw err;
    return refusalFrom(err);
  }
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
      throw refuse(cause.type as ErrorCode, cause.message, cause.details?.[0] as object | undefined);
    }
    throw err;
  }
}

export const stateRefusal = (p: OrderProcess, message: string) =>
  refuse('invalid_state_transition', message, { status: p.status });
