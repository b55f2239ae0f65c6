/**
 * The server under test and a keep-alive HTTP client for it. On PostgreSQL the server runs as a CHILD process
 * (node --import tsx apps/server/src/main.ts, SEED_DEMO=0), so its memory is its own and read from
 * /proc/<pid>/status; on PGlite it can only run in-process (one embedded database per process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import type { Database } from '../../apps/server/src/db/client';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  base: string;
  /** 'child process <pid>' or 'in-process'. */
  label: string;
  /** Runs inside the benchmark process (its CPU and memory include the benchmark's). */
  inProcess: boolean;
  /** Resident set size now, bytes. */
  rss(): number;
  /** Peak resident set size so far (VmHWM / maxRSS), bytes. */
  peakRss(): number;
  /** CPU time used so far (user + system), milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** kB figures of /proc/<pid>/status (VmRSS, VmHWM) in bytes. */
function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
  return m?.[1] ? Number(m[1]) * 1024 : NaN;
}

/** utime + stime of /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux). */
export function procCpuMs(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so utime (14) and stime (15) are at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function waitReady(base: string, child: ChildProcess | null, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr()}`);
    try {
      await (await fetch(`${base}/api/v2/logout`)).arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`server did not answer within 90 s: ${stderr()}`);
}

export async function startServer(database: Database, url: string | undefined): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  if (!url) {
    const app: FastifyInstance = await buildApp({ database });
    await app.listen({ port, host: '127.0.0.1' });
    return {
      base,
      label: 'in-process (PGlite; RSS and CPU include the benchmark itself)',
      inProcess: true,
      rss: () => process.memoryUsage().rss,
      peakRss: () => process.resourceUsage().maxRSS * 1024,
      cpuMs: () => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      },
      stop: () => app.close(),
    };
  }
  // DZY_BENCH_SERVER_NODE_ARGS adds node options to the server only, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const extra = (process.env.DZY_BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: url, SEED_DEMO: '0', PORT: String(port), HOST: '127.0.0.1' },
    // The server logs every request (pino) as in production; the benchmark does not read it.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (b: Buffer) => {
    err = (err + b.toString()).slice(-4000);
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('server child process did not start');
  // Never leave the server behind: not when the benchmark fails to start it, nor when the benchmark exits.
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  try {
    await waitReady(base, child, () => err);
  } catch (e) {
    killChild();
    throw e;
  }
  return {
    base,
    label: `child process (pid ${pid}, node --import tsx apps/server/src/main.ts)`,
    inProcess: false,
    rss: () => procStatus(pid, 'VmRSS'),
    peakRss: () => procStatus(pid, 'VmHWM'),
    cpuMs: () => procCpuMs(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', killChild);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        killChild();
      }),
  };
}

export interface ApiClient {
  post<T>(path: string, opts: { comId?: number; period?: string; body: unknown }): Promise<T>;
}

/** Calls the API with the spec's headers; anything but msg 'success' throws with the server's message. */
export function apiClient(base: string, token: string): ApiClient {
  return {
    async post<T>(path: string, opts: { comId?: number; period?: string; body: unknown }): Promise<T> {
      const headers: Record<string, string> = { 'content-type': 'application/json', Token: token, Version: 'v3' };
      if (opts.comId !== undefined) headers.ComId = String(opts.comId);
      if (opts.period) headers.Period = opts.period;
      const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(opts.body) });
      const json = (await res.json()) as { msg?: string; data?: T };
      if (res.status !== 200 || json.msg !== 'success') throw new Error(`${path}: HTTP ${res.status} ${json.msg ?? ''}`);
      return json.data as T;
    },
  };
}

/** Samples the server's RSS every few milliseconds until stopped; returns the highest sample. */
export function rssSampler(server: RunningServer, everyMs = 5): { stop(): number } {
  let peak = server.rss();
  const timer = setInterval(() => {
    const v = server.rss();
    if (v > peak) peak = v;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const v = server.rss();
      return v > peak ? v : peak;
    },
  };
}

/** Busy and total jiffies of all CPUs (/proc/stat), to tell how loaded the machine was during a run. */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.slice(0, 8).reduce((s, x) => s + x, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: total - idle, total };
}
