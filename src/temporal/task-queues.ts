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
