/**
 * Where the ledger benchmark runs: the DATABASE_URL PostgreSQL, else a scratch database on a local PostgreSQL
 * (dropped at the end), else embedded PGlite. Besides the app's Database it opens a raw connection as the owner
 * for the bulk load and the plain-SQL baselines.
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../apps/server/src/db/client';

export const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Queries on one connection (one transaction, or one statement at a time). */
export interface RawQuery {
  query<T extends object = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface RawSql extends RawQuery {
  /** fn runs inside BEGIN … COMMIT on one connection (ROLLBACK on error). */
  tx<T>(fn: (q: RawQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface BenchDatabase {
  database: Database;
  raw: RawSql;
  /** Connection string when on PostgreSQL (the server child process needs it). */
  url?: string;
  /** What the run used, for the printout. */
  label: string;
  /** The connecting role is a superuser (may switch triggers off for the bulk load). */
  superuser: boolean;
  /** PostgreSQL runs on this machine, so its backends' CPU can be read from /proc. */
  localServer: boolean;
  /** Closes everything and drops the scratch database if this run created one. */
  dispose(): Promise<void>;
}

function pgRaw(url: string, max: number): RawSql {
  const pool = new pg.Pool({ connectionString: url, max });
  const run = async <T extends object>(c: pg.Pool | pg.PoolClient, text: string, params?: unknown[]): Promise<T[]> =>
    (await c.query<T>(text, params)).rows;
  return {
    query: (text, params) => run(pool, text, params),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn({ query: (text, params) => run(client, text, params) });
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function pgliteRaw(p: PGlite): RawSql {
  return {
    query: async <T extends object>(text: string, params?: unknown[]) => (await p.query<T>(text, params)).rows,
    tx: (fn) => p.transaction((t) => fn({ query: async <T extends object>(text: string, params?: unknown[]) => (await t.query<T>(text, params)).rows })),
    // The app's Database owns the PGlite instance and closes it.
    close: async () => undefined,
  };
}

async function answers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

const withDb = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function isSuperuser(raw: RawSql): Promise<boolean> {
  const [row] = await raw.query<{ s: boolean }>('select rolsuper as s from pg_roles where rolname = current_user');
  return row?.s === true;
}

const isLocalHost = (url: string): boolean => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(url).hostname);

/** Picks the database as described above (`pglite` forces PGlite); `concurrency` sizes the raw pool for the baselines. */
export async function openBenchDatabase(concurrency: number, opts: { pglite?: boolean } = {}): Promise<BenchDatabase> {
  const envUrl = opts.pglite ? undefined : process.env.DATABASE_URL;
  if (envUrl) {
    const database = await openDatabase({ url: envUrl, poolSize: 4 });
    const raw = pgRaw(envUrl, concurrency + 2);
    return {
      database,
      raw,
      url: envUrl,
      label: 'PostgreSQL (DATABASE_URL)',
      superuser: await isSuperuser(raw),
      localServer: isLocalHost(envUrl),
      dispose: async () => {
        await raw.close();
        await database.close();
      },
    };
  }
  if (!opts.pglite && (await answers(LOCAL_PG))) {
    const name = `dzy_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: LOCAL_PG });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = withDb(LOCAL_PG, name);
    const database = await openDatabase({ url, poolSize: 4 });
    const raw = pgRaw(url, concurrency + 2);
    const [ver] = await raw.query<{ v: string }>(`select current_setting('server_version') as v`);
    return {
      database,
      raw,
      url,
      label: `PostgreSQL ${ver?.v ?? ''} (scratch database ${name} on 127.0.0.1)`,
      superuser: await isSuperuser(raw),
      localServer: true,
      dispose: async () => {
        await raw.close();
        await database.close();
        const c = new pg.Client({ connectionString: LOCAL_PG });
        await c.connect();
        await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]);
        await c.query(`drop database if exists ${name}`);
        await c.end();
      },
    };
  }
  const database = await openDatabase({});
  if (!database.pglite) throw new Error('PGlite not available');
  return {
    database,
    raw: pgliteRaw(database.pglite),
    label: 'PGlite (in memory, inside the benchmark process; set DATABASE_URL or run PostgreSQL on 127.0.0.1 for the real figures)',
    superuser: true,
    localServer: false,
    dispose: () => database.close(),
  };
}
