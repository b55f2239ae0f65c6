import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies the committed SQL migrations, then makes sure every org_id table has its RLS policy. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    // Serialise concurrent start-ups (tests, several instances) on one advisory lock.
    await database.db.execute(sql`select pg_advisory_lock(724001)`);
    try {
      await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await database.db.execute(sql`select pg_advisory_unlock(724001)`);
    }
  }
  await database.db.execute(sql`select dzy_apply_tenant_rls()`);
}
