import { orderTaskQueue, TEST_MODE_SLOTS, testModeTaskQueue } from '../../../src/temporal/task-queues';

describe('task queues by mode', () => {
  test('live work keeps the configured queue; test-mode work has its own beside it', () => {
    expect(orderTaskQueue('notice-orders', true)).toBe('notice-orders');
    expect(orderTaskQueue('notice-orders', false)).toBe('notice-orders-test-mode');
    expect(testModeTaskQueue('notice-orders')).toBe(orderTaskQueue('notice-orders', false));
  });

  test('the test-mode queue holds a few slots, fewer than the SDK’s defaults (40 tasks, 100 activities)', () => {
    expect(TEST_MODE_SLOTS.maxConcurrentWorkflowTaskExecutions).toBeLessThan(40);
    expect(TEST_MODE_SLOTS.maxConcurrentActivityTaskExecutions).toBeLessThan(100);
    expect(TEST_MODE_SLOTS.maxConcurrentLocalActivityExecutions).toBeLessThan(100);
  });
});
