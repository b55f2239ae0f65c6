/**
 * Background jobs (批量结账 now; the task queue of issue 5 later). A job is a row in the `jobs` table (status
 * 0 queuing → 1 running → 2 done / 3 failed / 4 partly successful), so its state and results survive the request
 * that started it and can be polled. The runner here executes jobs in this process, one at a time; see
 * docs/decisions/0004-jobs.md for why it is used on both drivers and how pg-boss fits behind the same interface.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { withSystem, withTenant } from '../db/tenant';
import { AppError } from '../http/envelope';
import { claimJob, failInterruptedJobs, finishJob, insertJob, queuedJobs, saveJobProgress, type JobKey } from './jobs.repo';

export interface JobRecord {
  orgId: number;
  id: number;
  kind: string;
  payload: unknown;
  createdBy: number | null;
}

/** Final state a handler reports: 2 done, 3 failed, 4 partly successful. */
export interface JobOutcome {
  status: 2 | 3 | 4;
  result: unknown;
  error?: string;
}

export interface JobContext {
  /** Stores a partial result so a poller sees progress before the job ends. */
  progress(result: unknown): Promise<void>;
}

export type JobHandler = (job: JobRecord, ctx: JobContext) => Promise<JobOutcome>;

export interface JobRunner {
  /** One handler per kind; register before jobs of that kind are enqueued. */
  register(kind: string, handler: JobHandler): void;
  /** Persists a queued job and schedules it; answers its id at once. */
  enqueue(input: { orgId: number; kind: string; payload: unknown; createdBy: number | null }): Promise<number>;
  /** Picks up jobs queued before this process started (and, when alone, fails the ones it left running). */
  start(): Promise<void>;
  /** Finishes the job under way and runs nothing more. */
  stop(): Promise<void>;
  /** Resolves once nothing is queued or running in this process. */
  idle(): Promise<void>;
}

const INTERRUPTED = '任务被中断，请重新发起';
const FAILED = '任务执行失败，请稍后重试';

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Runs jobs in this process, persisted in the jobs table. `alone` says no other process runs jobs on the same
 * database (PGlite: the data directory belongs to one process), so a job found running at start-up was
 * interrupted and is marked failed; on a shared PostgreSQL another instance may still be running it.
 */
export function createPersistedJobRunner(database: Database, opts: { alone: boolean; onError?: (e: unknown) => void }): JobRunner {
  const db = database.db;
  const handlers = new Map<string, JobHandler>();
  const queue: JobKey[] = [];
  let draining: Promise<void> | null = null;
  let starting: Promise<void> | null = null;
  let stopped = false;

  async function run(key: JobKey): Promise<void> {
    const row = await withTenant(db, key.orgId, (tx) => claimJob(tx, { ...key, kinds: [...handlers.keys()] }));
    if (!row) return; // another runner claimed it, or it is no longer queued
    const job: JobRecord = { orgId: row.orgId, id: row.id, kind: row.kind, payload: parse(row.payload), createdBy: row.createdBy };
    const handler = handlers.get(row.kind);
    let outcome: JobOutcome;
    try {
      if (!handler) throw new Error(`no handler for job kind ${row.kind}`); // claimJob only claims registered kinds
      outcome = await handler(job, {
        progress: (result) => withTenant(db, key.orgId, (tx) => saveJobProgress(tx, key, JSON.stringify(result))),
      });
    } catch (e) {
      opts.onError?.(e);
      outcome = { status: 3, result: null, error: e instanceof AppError ? e.message : FAILED };
    }
    await withTenant(db, key.orgId, (tx) =>
      finishJob(tx, key, { status: outcome.status, result: JSON.stringify(outcome.result ?? null), error: outcome.error ?? '' }),
    );
  }

  function drain(): Promise<void> {
    draining ??= (async () => {
      for (let key = queue.shift(); key && !stopped; key = queue.shift()) {
        try {
          await run(key);
        } catch (e) {
          // The database refused the bookkeeping of the job itself; it stays as it was and start() retries queued ones.
          opts.onError?.(e);
        }
      }
    })().finally(() => {
      draining = null;
      if (queue.length > 0 && !stopped) void drain();
    });
    return draining;
  }

  function schedule(key: JobKey): void {
    if (stopped) return;
    queue.push(key);
    // Not awaited: the caller answers at once; errors are reported through onError inside drain.
    setImmediate(() => void drain());
  }

  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      handlers.set(kind, handler);
    },
    async enqueue(input) {
      const id = await withTenant(db, input.orgId, (tx) =>
        insertJob(tx, { orgId: input.orgId, kind: input.kind, payload: JSON.stringify(input.payload), createdBy: input.createdBy }),
      );
      schedule({ orgId: input.orgId, id });
      return id;
    },
    start() {
      const kinds = [...handlers.keys()];
      starting ??= withSystem(db, async (tx) => {
        if (opts.alone) await failInterruptedJobs(tx, kinds, INTERRUPTED);
        return queuedJobs(tx, kinds);
      }).then((keys) => keys.forEach(schedule));
      return starting;
    },
    async stop() {
      stopped = true;
      await starting?.catch(() => undefined);
      await draining;
    },
    async idle() {
      while (draining || queue.length > 0) {
        await (draining ?? new Promise((resolve) => setImmediate(resolve)));
      }
    },
  };
}

const runners = new WeakMap<FastifyInstance, JobRunner>();

/**
 * The app's job runner, created on first use: it picks up leftover queued jobs once the app is ready (in the
 * background, so a slow scan never delays start-up) and finishes the running job when the app closes.
 */
export function appJobRunner(app: FastifyInstance, database: Database): JobRunner {
  let runner = runners.get(app);
  if (runner) return runner;
  const created = createPersistedJobRunner(database, { alone: database.kind === 'pglite', onError: (e) => app.log.error(e) });
  runners.set(app, created);
  app.addHook('onReady', async () => {
    created.start().catch((e: unknown) => app.log.error(e));
  });
  app.addHook('onClose', async () => {
    await created.stop();
  });
  runner = created;
  return runner;
}
