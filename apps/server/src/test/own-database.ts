import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { openTestPglite } from './pglite-template';

/**
 * A database of the test file's own, for tests of the demo seed (which owns fixed orgs and so cannot share the
 * run's database): a fresh PostgreSQL database next to the run's when TEST_DATABASE_URL is set, else an
 * in-memory PGlite. Migrations are left to the caller.
 */
export async function openOwnDatabase(prefix: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const runUrl = inject('pgTestUrl');
  if (!runUrl) return { database: await openTestPglite(), drop: async () => undefined };
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  const drop = async () => {
    const c = new pg.Client({ connectionString: runUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return { database, drop };
}
