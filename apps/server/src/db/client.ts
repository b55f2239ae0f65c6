import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Connection string when on a PostgreSQL server (pg-boss and tools need it). */
  url?: string;
  /** The PGlite instance when embedded. */
  pglite?: PGlite;
}

export interface DatabaseOptions {
  /** postgres://… switches to a PostgreSQL server. */
  url?: string;
  /** PGlite data directory; omitted = in-memory (tests). */
  dataDir?: string;
  /** In-memory PGlite started from a dumped data directory (tests: an already migrated template, no initdb). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // NUMERIC stays a string (exact money); bigint counts as numbers are safe below 2^53.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', url: opts.url, close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  await client.waitReady;
  // PGlite has no autovacuum/ANALYZE: PL/pgSQL trigger plans made on near-empty tables would be kept for good
  // and turn into full scans as the books grow. Plan each execution with the values at hand instead.
  await client.exec('set plan_cache_mode = force_custom_plan');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}
