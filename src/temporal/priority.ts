import type { Priority } from '@temporalio/common';

/**
 * Where tasks queue up on the shared task queue, live work goes before test-mode work (Temporal's task queue
 * priority, on by default in the server and in Temporal Cloud: a lower key is dispatched first; 3 is the
 * default of anything started without one). Within a level, the organisation is the fairness key, so one
 * tenant's backlog does not starve another's where the namespace has fairness enabled (it is ignored where not).
 * Activities and child workflows inherit their workflow's priority.
 */
export const LIVE_PRIORITY = 1;
export const TEST_MODE_PRIORITY = 5;

/** The priority of an organisation's work in one mode (a fairness key is at most 64 bytes: ids are shorter). */
export function workPriority(work: { livemode: boolean; organisationId: string }): Priority {
  return {
    priorityKey: work.livemode ? LIVE_PRIORITY : TEST_MODE_PRIORITY,
    fairnessKey: work.organisationId,
  };
}
