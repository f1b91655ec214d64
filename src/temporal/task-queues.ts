import type { WorkerOptions } from '@temporalio/worker';

/**
 * Test-mode work (a test order's workflow and all it starts: activities, announcements, deliveries, its
 * simulated newspaper; sample sends) runs on a task queue of its own beside the live one, with a few slots:
 * however much test work queues up, it never holds the live queue's slots. Production takes it in worker
 * processes of their own with a small CPU share (WORKER_MODES=test), so it cannot take live orders' cores
 * either; `npm start` and the tests take both queues in one process.
 */
export const testModeTaskQueue = (taskQueue: string) => `${taskQueue}-test-mode`;

/** The queue an order's work runs on, by its mode. */
export const orderTaskQueue = (taskQueue: string, livemode: boolean) =>
  livemode ? taskQueue : testModeTaskQueue(taskQueue);

/** The test-mode queue's slots in each worker process (the live queue has the SDK's defaults). */
export const TEST_MODE_SLOTS = {
  maxConcurrentWorkflowTaskExecutions: 2,
  maxConcurrentActivityTaskExecutions: 8,
  maxConcurrentLocalActivityExecutions: 4,
} satisfies Partial<WorkerOptions>;
