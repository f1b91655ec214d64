import { newId } from '../ids';
import { fromColumns, type JsonModel } from './columns';
import type { Db } from './database';
import type { Row } from './schema';

export type Incident = JsonModel<Omit<Row<'incidents'>, 'seq'>> & {
  /** Oldest first: the opening message, then updates, then the resolution. */
  updates: JsonModel<Pick<Row<'incident_updates'>, 'kind' | 'message' | 'created_at'>>[];
};

export async function createIncident(
  db: Db,
  input: { title: string; components: string[]; message: string },
): Promise<Incident> {
  const id = newId('inc');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('incidents')
      .values({ id, title: input.title, components: input.components, status: 'open', resolved_at: null })
      .execute();
    await trx
      .insertInto('incident_updates')
      .values({ incident_id: id, kind: 'opened', message: input.message })
      .execute();
  });
  return (await findIncident(db, id))!;
}

/** Adds an update, or the resolution; answers undefined when there is no such incident. */
export async function addIncidentUpdate(
  db: Db,
  id: string,
  kind: 'update' | 'resolved',
  message: string,
): Promise<Incident | undefined> {
  const changed = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const row = await trx
      .updateTable('incidents')
      .set({ updated_at: now, ...(kind === 'resolved' && { status: 'resolved' as const, resolved_at: now }) })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .insertInto('incident_updates')
      .values({ incident_id: id, kind, message, created_at: now })
      .execute();
    return true;
  });
  return changed ? findIncident(db, id) : undefined;
}

export async function findIncident(db: Db, id: string): Promise<Incident | undefined> {
  const [incident] = await listIncidents(db, { id });
  return incident;
}

/** Incidents, newest first: with `since`, the open ones and every one created or resolved since; with `id`, that one. */
export async function listIncidents(db: Db, filter: { id?: string; since?: Date } = {}): Promise<Incident[]> {
  let q = db.selectFrom('incidents').selectAll();
  if (filter.id) q = q.where('id', '=', filter.id);
  const since = filter.since;
  if (since) {
    q = q.where((eb) =>
      eb.or([eb('status', '=', 'open'), eb('created_at', '>=', since), eb('resolved_at', '>=', since)]),
    );
  }
  const rows = await q.orderBy('seq', 'desc').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const updates = await db
    .selectFrom('incident_updates')
    .select(['incident_id', 'kind', 'message', 'created_at'])
    .where('incident_id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map(({ seq: _seq, ...incident }) => ({
    ...fromColumns(incident),
    updates: updates
      .filter((u) => u.incident_id === incident.id)
      .map(({ incident_id: _incidentId, ...update }) => fromColumns(update)),
  }));
}
