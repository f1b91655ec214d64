import { newId } from '../../../src/ids';
import { LIVE_PRIORITY, TEST_MODE_PRIORITY, workPriority } from '../../../src/temporal/task-queues';

describe('workPriority', () => {
  test('live work is dispatched first: a lower key than test-mode work and than the default (3)', () => {
    expect(LIVE_PRIORITY).toBeLessThan(3);
    expect(TEST_MODE_PRIORITY).toBeGreaterThan(3);
    expect(workPriority({ livemode: true, organisationId: 'org_a' }).priorityKey).toBe(LIVE_PRIORITY);
    expect(workPriority({ livemode: false, organisationId: 'org_a' }).priorityKey).toBe(TEST_MODE_PRIORITY);
  });

  test('the organisation is the fairness key, within Temporal’s 64 bytes', () => {
    const id = newId('org');
    expect(workPriority({ livemode: false, organisationId: id }).fairnessKey).toBe(id);
    expect(Buffer.byteLength(id)).toBeLessThanOrEqual(64);
  });
});
