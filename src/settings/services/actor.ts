import type { z } from 'zod';
import type { Db } from '../../db/database';
import { findOrganisation } from '../../db/organisations.repository';
import { recordSettingsChange } from '../../db/settings-audit.repository';

/** Who changes a setting: a signed-in member of the organisation, or an operator through the CLI. */
export type Actor = { kind: 'member'; memberId: string; email: string } | { kind: 'operator' };

export const OPERATOR: Actor = { kind: 'operator' };

/** The audit log's `actor` text (and an API key's `created_by`). */
export function actorLabel(actor: Actor): string {
  return actor.kind === 'operator' ? 'operator (CLI)' : `member:${actor.memberId} (${actor.email})`;
}

/**
 * A change the rules refuse: `invalid` (the input; the message says what to fix) or `not_found` (no such
 * thing in the organisation: the console answers 404, exactly as for another organisation's id).
 */
export class SettingsRefused extends Error {
  constructor(
    readonly kind: 'invalid' | 'not_found',
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string, id: string) => new SettingsRefused('not_found', `No ${what} ${id}.`);
export const invalid = (message: string) => new SettingsRefused('invalid', message);

/** The value as the schema reads it, or the schema's first complaint as an `invalid` refusal. */
export function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error.issues[0].message);
  return result.data;
}

/** The organisation, or a `not_found` refusal. */
export async function existingOrganisation(db: Db, id: string) {
  const organisation = await findOrganisation(db, id);
  if (!organisation) throw notFound('organisation', id);
  return organisation;
}

/** Records a change to `target` in the organisation's settings audit log, as made by `actor`. */
export const audit = (
  db: Db,
  actor: Actor,
  change: { organisationId: string; action: string; target: string; details: Record<string, unknown> },
) => recordSettingsChange(db, { ...change, actor: actorLabel(actor) });
