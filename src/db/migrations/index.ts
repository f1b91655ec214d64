import type { Migration, MigrationProvider } from 'kysely';
import * as schema from './20261127_0001_schema';

/**
 * Migrations are listed explicitly rather than read from the folder, so they work the same from ts sources,
 * compiled dist files and bundles, and their order is visible in one place.
 */
const migrations: Record<string, Migration> = {
  '20261127_0001_schema': schema,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
