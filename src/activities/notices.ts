import { ApplicationFailure } from '@temporalio/common';
import { AppError } from '../errors';
import { amendedNotice } from '../orders/amendment';
import type { OrderNotice } from '../orders/order-notice';

/** An invalid amendment is a final refusal with our code. */
export function noticeActivities() {
  return {
    async prepareAmendment(
      input: Parameters<typeof amendedNotice>[0] & { patch: Record<string, unknown>; today: string },
    ): Promise<OrderNotice> {
      try {
        return amendedNotice(input, input.patch, input.today);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        throw ApplicationFailure.nonRetryable(err.message, err.code, ...(err.details ? [err.details] : []));
      }
    },
  };
}
