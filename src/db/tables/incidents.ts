import type { ColumnType, Generated } from 'kysely';

export type IncidentStatus = 'open' | 'resolved';
export type IncidentUpdateKind = 'opened' | 'update' | 'resolved';

/** An incident shown on the public status page, opened and resolved by operators (CLI). */
export interface IncidentsTable {
  id: string;
  title: string;
  /** Status-page component names (`order_processing`, `gazette` …). */
  components: string[];
  status: IncidentStatus;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  resolved_at: Date | null;
  seq: Generated<string>;
}

/** The incident's timeline: the opening message, updates and the resolution message. */
export interface IncidentUpdatesTable {
  id: Generated<string>;
  incident_id: string;
  kind: IncidentUpdateKind;
  message: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
