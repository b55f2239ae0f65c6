import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
// Parallel developers each pick their own port and artifacts folder (DZY_E2E_PORT, DZY_E2E_ARTIFACTS).
const artifacts = resolve(here, process.env.DZY_E2E_ARTIFACTS ?? 'artifacts');
const port = Number(process.env.DZY_E2E_PORT ?? 3210);

// A fresh embedded database per run, so the server seeds the demo data and journeys start from a known state.
// The config is evaluated again in each worker; only the main process (no TEST_WORKER_INDEX) may reset it.
mkdirSync(artifacts, { recursive: true });
const runStamp = process.env.DZY_E2E_RUN ?? String(Date.now());
process.env.DZY_E2E_RUN = runStamp;
const dataDir = resolve(artifacts, `data-${runStamp}`);
if (process.env.TEST_WORKER_INDEX === undefined) {
  const old = readdirSync(artifacts, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name.startsWith('data-'));
  for (const e of old) rmSync(resolve(artifacts, e.name), { recursive: true, force: true });
}

export default defineConfig({
  testDir: './tests',
  outputDir: resolve(artifacts, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: resolve(artifacts, 'results.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // The server serves the built SPA; build it first when a developer runs the journeys alone.
    command: 'test -f apps/web/dist/index.html || npm run build; npx tsx apps/server/src/main.ts',
    cwd: root,
    url: `http://127.0.0.1:${port}/login`,
    reuseExistingServer: false,
    timeout: 480_000, // the first start seeds a year of demo books (about a minute on PGlite, more on a busy machine)
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      DATABASE_URL: '',
      // DZY_E2E_DEMO_LEDGER=0 skips the year of demo books when a journey does not need them (faster start).
      DEMO_LEDGER: process.env.DZY_E2E_DEMO_LEDGER ?? '1',
    },
  },
});
