import type { ColumnType } from 'kysely';

/** Whether an external publication integration (the Gazette) is usable; set by operators (CLI) and tests. */
export interface IntegrationHealthTable {
  /** e.g. `gazette`. */
  integration: string;
  available: boolean;
  note: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date | undefined>;
}
