import { readFileSync } from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { addActions, countActions } from '../../../bench/lib/actions';

const T = temporal.api.enums.v1.EventType;
/** Events as fetchHistory() returns them: the type by its number. */
const byNumber = (...types: Array<keyof typeof T>) => types.map((type) => ({ eventType: T[type] }));

describe('countActions', () => {
  it('counts each billed kind once per event, by numeric or named type', () => {
    const counts = countActions([
      ...byNumber(
        'EVENT_TYPE_WORKFLOW_EXECUTION_STARTED',
        'EVENT_TYPE_WORKFLOW_TASK_SCHEDULED',
        'EVENT_TYPE_WORKFLOW_TASK_STARTED',
        'EVENT_TYPE_WORKFLOW_TASK_COMPLETED',
      ),
      { eventType: 'EVENT_TYPE_WORKFLOW_TASK_COMPLETED' },
      ...byNumber(
        'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED',
        'EVENT_TYPE_ACTIVITY_TASK_COMPLETED',
        'EVENT_TYPE_TIMER_STARTED',
        'EVENT_TYPE_TIMER_FIRED',
        'EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED',
      ),
      { eventType: 'EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED' },
      ...byNumber(
        'EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED',
        'EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED',
        'EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED',
      ),
      ...['core_local_activity', 'core_patch'].map((markerName) => ({
        eventType: T.EVENT_TYPE_MARKER_RECORDED,
        markerRecordedEventAttributes: { markerName },
      })),
      ...byNumber('EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED'),
    ]);
    expect(counts).toEqual({
      workflowsStarted: 1,
      workflowTasks: 2,
      activities: 1,
      timers: 1,
      signals: 2,
      updates: 1,
      childWorkflows: 1,
      total: 9,
      localActivities: 1,
    });
  });

  it('counts a recorded order history as saved by fetchHistory()', () => {
    const file = path.join(__dirname, '../../fixtures/histories/on-account-planning-completed.baseline.json');
    const { events } = JSON.parse(readFileSync(file, 'utf8')) as { events: Array<{ eventType: string }> };
    const counts = countActions(events);
    const named = (t: string) => events.filter((e) => e.eventType === t).length;
    expect(counts.workflowsStarted).toBe(1);
    expect(counts.workflowTasks).toBe(named('EVENT_TYPE_WORKFLOW_TASK_COMPLETED'));
    expect(counts.activities).toBe(named('EVENT_TYPE_ACTIVITY_TASK_SCHEDULED'));
    expect(counts.updates).toBe(named('EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED'));
    expect(counts.localActivities).toBeGreaterThan(0);
    expect(counts.total).toBe(
      counts.workflowsStarted +
        counts.workflowTasks +
        counts.activities +
        counts.timers +
        counts.signals +
        counts.updates +
        counts.childWorkflows,
    );
  });
});

describe('addActions', () => {
  it('sums histories and averages per order', () => {
    const one = countActions([
      { eventType: 'EVENT_TYPE_WORKFLOW_EXECUTION_STARTED' },
      { eventType: 'EVENT_TYPE_WORKFLOW_TASK_COMPLETED' },
    ]);
    const two = countActions([{ eventType: 'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED' }]);
    expect(addActions([one, two, one])).toMatchObject({ workflowsStarted: 2, workflowTasks: 2, total: 5 });
    expect(addActions([one, two, one], 2)).toMatchObject({
      workflowsStarted: 1,
      activities: 0.5,
      total: 2.5,
    });
  });
});
