import { resolve } from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  /** PGlite data directory (embedded default). */
  dataDir: string;
  /** postgres://… switches to a PostgreSQL server. */
  databaseUrl?: string;
  /** Built SPA to serve; absent in tests. */
  webDist?: string;
  /** Seed the demo data on first start. */
  seedDemo: boolean;
  /** Session lifetime since last use. */
  sessionTtlHours: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? resolve(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: resolve(root, 'apps/web/dist'),
    seedDemo: env.SEED_DEMO !== '0',
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 72),
  };
}
