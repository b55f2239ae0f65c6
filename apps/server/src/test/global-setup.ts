import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * With TEST_DATABASE_URL set (CI sets it), server tests run on a fresh PostgreSQL database made for this run;
 * otherwise each test file gets its own in-memory PGlite. Migrations are applied by the test app itself.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
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
  }
}
