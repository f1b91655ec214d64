import type { ColumnType, JSONColumnType } from 'kysely';

/** Column types many tables share. */

/** `created_at … default now()`: set by the database on insert (a caller may give it); never updated. */
export type CreatedNow = ColumnType<Date, Date | undefined, never>;

/** `updated_at … default now()`: set by the database on insert, by the repository on every update. */
export type UpdatedNow = ColumnType<Date, Date | undefined, Date>;

/** A time the writer supplies (the workflow, for records it writes once); never updated. */
export type WrittenAt = ColumnType<Date, Date | string, never>;

/** A JSON object (jsonb), written as its JSON text. */
export type JsonObject = JSONColumnType<Record<string, unknown>>;
