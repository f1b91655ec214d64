import type { Priority } from '@temporalio/common';
import type { WorkerOptions } from '@temporalio/worker';

/**
 * Test-mode work runs on a queue of its own with a few slots: however much of it queues up, it never holds the
 * live queue's slots. Production takes it in worker processes of their own with a small CPU share
 * (WORKER_MODES=test), so it cannot take live orders' cores either; `npm start` and the tests take both.
 */
export const testModeTaskQueue = (taskQueue: string) => `${taskQueue}-test-mode`;

export const orderTaskQueue = (taskQueue: string, livemode: boolean) =>
  livemode ? taskQueue : testModeTaskQueue(taskQueue);

/** Per worker process (the live queue has the SDK's defaults). */
export const TEST_MODE_SLOTS = {
  maxConcurrentWorkflowTaskExecutions: 2,
  maxConcurrentActivityTaskExecutions: 8,
  maxConcurrentLocalActivityExecutions: 4,
} satisfies Partial<WorkerOptions>;

/**
 * Live work before test-mode work (a lower key is dispatched first; 3 is the default). Within a level the
 * organisation is the fairness key, so one tenant's backlog does not starve another's. Inherited by activities.
 */
export const LIVE_PRIORITY = 1;
export const TEST_MODE_PRIORITY = 5;

/** A fairness key is at most 64 bytes: ids are shorter. */
export const workPriority = (work: { livemode: boolean; organisationId: string }): Priority => ({
  priorityKey: work.livemode ? LIVE_PRIORITY : TEST_MODE_PRIORITY,
  fairnessKey: work.organisationId,
});
