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
  /** With the demo data, also a year of books per demo company (about a minute on PGlite). */
  demoLedger: boolean;
  /** Session lifetime since last use. */
  sessionTtlHours: number;
  /**
   * Trust X-Forwarded-For from this many proxy hops (0 = off). Off by default: a forged header would otherwise
   * let a caller dodge the per-address login throttle.
   */
  trustProxyHops: number;
  /** DZY_SECRET_KEY: key of encrypted tax-bureau passwords; absent = DATA_DIR/secret.key (see modules/tax-auth/secret-box.ts). */
  secretKey?: string;
  /** Tax-bureau simulator: an authorized login drops offline after this many minutes (TAX_AUTH_OFFLINE_MINUTES). */
  taxAuthOfflineMinutes: number;
  /** Invoice-collection processor interval in ms (INVOICE_COLLECT_TICK_MS, default 2000). */
  invoiceCollectTickMs: number;
  /** Invoice-collection simulator: base seconds the bureau needs (INVOICE_COLLECT_LATENCY_SECONDS, default 3). */
  invoiceCollectLatencySeconds: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    // npm runs workspace scripts inside the workspace; a relative DATA_DIR means relative to where npm was invoked.
    dataDir: env.DATA_DIR ? resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR) : resolve(root, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: resolve(root, 'apps/web/dist'),
    seedDemo: env.SEED_DEMO !== '0',
    demoLedger: env.DEMO_LEDGER !== '0',
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 72),
    trustProxyHops: Number(env.TRUST_PROXY_HOPS ?? 0),
    secretKey: env.DZY_SECRET_KEY || undefined,
    taxAuthOfflineMinutes: Number(env.TAX_AUTH_OFFLINE_MINUTES ?? 480),
    invoiceCollectTickMs: Number(env.INVOICE_COLLECT_TICK_MS ?? 2000),
    invoiceCollectLatencySeconds: Number(env.INVOICE_COLLECT_LATENCY_SECONDS ?? 3),
  };
}
