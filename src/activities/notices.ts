import { ApplicationFailure } from '@temporalio/common';
import { AppError } from '../errors';
import { mergeAmendment, prepareNotice, type OrderInput } from '../notices';
import { toOrderNotice, type OrderNotice } from '../orders/order-notice';

export interface AmendmentInput {
  type: string;
  fields: Record<string, unknown>;
  patch: Record<string, unknown>;
  today: string;
}

/** The notice engine inside the workflow's reach: an invalid amendment is a final refusal with our code. */
export function noticeActivities() {
  return {
    async prepareAmendment(input: AmendmentInput): Promise<OrderNotice> {
      try {
        const merged = mergeAmendment(input.fields as unknown as OrderInput, input.patch, {
          today: input.today,
        });
        return toOrderNotice(prepareNotice(merged, { today: input.today }));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        throw ApplicationFailure.create({
          type: err.code,
          message: err.message,
          nonRetryable: true,
          details: err.details ? [err.details] : [],
        });
      }
    },
  };
}
