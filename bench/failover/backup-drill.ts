import { statSync } from 'node:fs';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { progress } from '../lib/progress';
import type { PrivatePostgres } from './postgres';

export interface BackupDrill {
  dumpMs: number;
  dumpBytes: number;
  archiveEntries: number;
  restoreMs: number;
  compareMs: number;
  tables: number;
  rowsCompared: number;
  /** Tables whose row count or content (md5 of every row as text, in order) differs; [] is a good drill. */
  mismatched: string[];
  latestMigration: { live: string | null; restored: string | null };
  commands: string[];
}

async function withClient<T>(url: string, work: (c: PgClient) => Promise<T>): Promise<T> {
  const client = new PgClient({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Per table of the public schema: its row count and the md5 of all its rows as text, sorted. */
async function fingerprint(url: string): Promise<Map<string, { rows: number; md5: string }>> {
  return withClient(url, async (c) => {
    const { rows: tables } = await c.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const out = new Map<string, { rows: number; md5: string }>();
    for (const { name } of tables) {
      const t = c.escapeIdentifier(name);
      const { rows } = await c.query<{ n: string; md5: string | null }>(
        `select count(*) as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as md5 from ${t} x`,
      );
      out.set(name, { rows: Number(rows[0]!.n), md5: rows[0]!.md5 ?? '' });
    }
    return out;
  });
}

const latestMigration = (url: string) =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ name: string }>(
      'select name from kysely_migration order by name desc limit 1',
    );
    return rows[0]?.name ?? null;
  });

/**
 * docs/operating.md's restore drill, run for real against the run's private cluster once the service is stopped
 * (nothing writes): pg_dump -Fc, the archive listed back, pg_restore into a scratch database, then every table
 * compared (row count and content) and the newest migration checked. Times each step.
 */
export async function runBackupDrill(pg: PrivatePostgres, databaseUrl: string): Promise<BackupDrill> {
  const file = path.join(pg.dir, 'notices.dump');
  const restoreUrl = new URL(databaseUrl);
  restoreUrl.pathname = '/notices_restore';
  const commands = [
    `pg_dump --format=custom --no-owner --file ${file} ${databaseUrl}`,
    `pg_restore --list ${file}`,
    `createdb notices_restore`,
    `pg_restore --dbname ${restoreUrl.toString()} --no-owner --jobs 2 --exit-on-error ${file}`,
  ];
  progress('backup drill: pg_dump');
  let t0 = performance.now();
  await pg.tool('pg_dump', ['--format=custom', '--no-owner', '--file', file, databaseUrl]);
  const dumpMs = Math.round(performance.now() - t0);
  const listing = await pg.tool('pg_restore', ['--list', file]);
  const archiveEntries = listing.split('\n').filter((l) => l.trim() && !l.startsWith(';')).length;
  progress('backup drill: pg_restore into notices_restore');
  t0 = performance.now();
  await withClient(pg.adminUrl, (c) => c.query('create database notices_restore'));
  await pg.tool('pg_restore', [
    '--dbname',
    restoreUrl.toString(),
    '--no-owner',
    '--jobs',
    '2',
    '--exit-on-error',
    file,
  ]);
  const restoreMs = Math.round(performance.now() - t0);
  progress('backup drill: comparing every table');
  t0 = performance.now();
  const [live, restored] = await Promise.all([fingerprint(databaseUrl), fingerprint(restoreUrl.toString())]);
  const mismatched = [...new Set([...live.keys(), ...restored.keys()])].filter((t) => {
    const a = live.get(t);
    const b = restored.get(t);
    return !a || !b || a.rows !== b.rows || a.md5 !== b.md5;
  });
  const compareMs = Math.round(performance.now() - t0);
  return {
    dumpMs,
    dumpBytes: statSync(file).size,
    archiveEntries,
    restoreMs,
    compareMs,
    tables: live.size,
    rowsCompared: [...live.values()].reduce((n, t) => n + t.rows, 0),
    mismatched,
    latestMigration: {
      live: await latestMigration(databaseUrl),
      restored: await latestMigration(restoreUrl.toString()),
    },
    commands,
  };
}
