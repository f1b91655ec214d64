import { temporal } from '@temporalio/proto';

/**
 * What a workflow history cost in Temporal actions, by kind. Counted from the events each action leaves behind
 * (Temporal Cloud bills these): a workflow started, a workflow task completed, an activity scheduled, a timer
 * started, a signal received or sent, an update accepted, a child workflow started. Local activities leave a
 * marker and are listed beside the total, not in it (they run inside a workflow task, with no queue trip).
 */
export interface ActionCounts {
  workflowsStarted: number;
  workflowTasks: number;
  activities: number;
  timers: number;
  signals: number;
  updates: number;
  childWorkflows: number;
  /** The total of the kinds above. */
  total: number;
  localActivities: number;
}

export const ACTION_KINDS = [
  'workflowsStarted',
  'workflowTasks',
  'activities',
  'timers',
  'signals',
  'updates',
  'childWorkflows',
] as const;

type Kind = (typeof ACTION_KINDS)[number];

const KIND_OF_EVENT: Record<string, Kind> = {
  EVENT_TYPE_WORKFLOW_EXECUTION_STARTED: 'workflowsStarted',
  EVENT_TYPE_WORKFLOW_TASK_COMPLETED: 'workflowTasks',
  EVENT_TYPE_ACTIVITY_TASK_SCHEDULED: 'activities',
  EVENT_TYPE_TIMER_STARTED: 'timers',
  EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED: 'signals',
  EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED: 'signals',
  EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED: 'updates',
  EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED: 'childWorkflows',
};

/** A history event as fetchHistory() returns it (numeric type) or as saved JSON holds it (the type's name). */
export interface HistoryEventLike {
  eventType?: number | string | null;
  markerRecordedEventAttributes?: { markerName?: string | null } | null;
}

export const noActions = (): ActionCounts => ({
  workflowsStarted: 0,
  workflowTasks: 0,
  activities: 0,
  timers: 0,
  signals: 0,
  updates: 0,
  childWorkflows: 0,
  total: 0,
  localActivities: 0,
});

const typeName = (t: HistoryEventLike['eventType']): string =>
  typeof t === 'number' ? (temporal.api.enums.v1.EventType[t] ?? String(t)) : (t ?? '');

/** The actions one history's events record. */
export function countActions(events: readonly HistoryEventLike[]): ActionCounts {
  const counts = noActions();
  for (const e of events) {
    const name = typeName(e.eventType);
    const kind = KIND_OF_EVENT[name];
    if (kind) {
      counts[kind] += 1;
      counts.total += 1;
    } else if (
      name === 'EVENT_TYPE_MARKER_RECORDED' &&
      e.markerRecordedEventAttributes?.markerName === 'core_local_activity'
    ) {
      counts.localActivities += 1;
    }
  }
  return counts;
}

/** Sums counts (the histories of one order's workflows), optionally dividing by `per` (orders sampled). */
export function addActions(all: readonly ActionCounts[], per = 1): ActionCounts {
  const sum = noActions();
  for (const c of all) {
    for (const k of [...ACTION_KINDS, 'total', 'localActivities'] as const) sum[k] += c[k];
  }
  if (per !== 1) {
    for (const k of [...ACTION_KINDS, 'total', 'localActivities'] as const) {
      sum[k] = Math.round((sum[k] / per) * 100) / 100;
    }
  }
  return sum;
}
