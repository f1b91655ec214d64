import { Client } from 'pg';

/** Admin connection used to create and drop the per-run test database. */
export const ADMIN_DATABASE_URL =
  process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrlFor(name: string): string {
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createDatabase(name: string): Promise<string> {
  await withClient(ADMIN_DATABASE_URL, (admin) => admin.query(`create database "${name}"`));
  return databaseUrlFor(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await withClient(ADMIN_DATABASE_URL, (admin) =>
    admin.query(`drop database if exists "${name}" with (force)`),
  );
}

/** One connection of its own (the test database's by default) for `work`, closed after it. */
export async function withClient<T>(
  url: string | undefined,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ connectionString: url ?? process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
