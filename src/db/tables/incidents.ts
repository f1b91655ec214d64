import type { Generated } from 'kysely';
import type { CreatedNow, UpdatedNow } from './columns';

export type IncidentStatus = 'open' | 'resolved';
export type IncidentUpdateKind = 'opened' | 'update' | 'resolved';

/** An incident shown on the public status page, opened and resolved by operators (CLI). */
export interface IncidentsTable {
  id: string;
  title: string;
  /** Status-page component names (`order_processing`, `gazette` …). */
  components: string[];
  status: IncidentStatus;
  created_at: CreatedNow;
  updated_at: UpdatedNow;
  resolved_at: Date | null;
  seq: Generated<string>;
}

/** The incident's timeline: the opening message, updates and the resolution message. */
export interface IncidentUpdatesTable {
  id: Generated<string>;
  incident_id: string;
  kind: IncidentUpdateKind;
  message: string;
  created_at: CreatedNow;
}
