import type { Priority } from '@temporalio/common';

/**
 * Live work before test-mode work (a lower key is dispatched first; 3 is the default). Within a level the
 * organisation is the fairness key, so one tenant's backlog does not starve another's. Inherited by activities.
 */
export const LIVE_PRIORITY = 1;
export const TEST_MODE_PRIORITY = 5;

/** A fairness key is at most 64 bytes: ids are shorter. */
export function workPriority(work: { livemode: boolean; organisationId: string }): Priority {
  return {
    priorityKey: work.livemode ? LIVE_PRIORITY : TEST_MODE_PRIORITY,
    fairnessKey: work.organisationId,
  };
}
