import type { WorkerOptions } from '@temporalio/worker';

/**
 * Test-mode work runs on a queue of its own, taken by the same workers with a few slots: however much of it
 * queues up, live orders never wait behind it.
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
