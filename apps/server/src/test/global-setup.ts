import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

/**
 * With TEST_DATABASE_URL set (CI sets it), server tests run on a fresh PostgreSQL database made for this run;
 * otherwise each test file gets its own in-memory PGlite, started from a template migrated once here (the real
 * migrations; the test app runs them again and finds them applied).
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({});
    await runMigrations(database);
    const blob = await database.pglite?.dumpDataDir('none');
    await database.close();
    if (!blob) return;
    const file = join(tmpdir(), `dzy-pglite-template-${process.pid}-${Date.now()}.tar`);
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => rmSync(file, { force: true });
  }
  const name = `dzy_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  project.provide('pgTestUrl', url.toString());
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTestUrl: string | undefined;
    /** Dumped data directory of a migrated PGlite (PGlite runs only). */
    pgliteTemplate: string | undefined;
  }
}
