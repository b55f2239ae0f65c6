#!/usr/bin/env node
// The one test command (`npm test`): lint → typecheck → unit → server (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) → web build → browser journeys. Stops at the first failing tier and always
// ends with one `Summary: N passed, M failed[, K skipped]` line so CI logs can be read at a glance.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = join(root, 'e2e', 'artifacts', 'reports');
const playwrightJson = join(root, 'e2e', 'artifacts', 'results.json');
const started = Date.now();

/** Per-tier lines printed above the summary, in run order. */
const tiers = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label}: ${[command, ...args].join(' ')}`);
  const t0 = Date.now();
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
  console.log(`=== ${label}: ${res.status === 0 ? 'ok' : `failed (exit ${res.status ?? res.signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return res.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function finish(code) {
  console.log('\n---------------- test summary ----------------');
  for (const line of tiers) console.log(line);
  console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)}s`);
  const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
  console.log(`Summary: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  process.exit(code);
}

/** A tier without test counts (lint, typecheck, build): one failure if it fails. */
function step(label, command, args, options) {
  const ok = run(label, command, args, options);
  tiers.push(`${label} ${ok ? 'ok' : 'FAILED'}`);
  if (!ok) {
    totals.failed += 1;
    finish(1);
  }
}

/** A vitest project; counts come from its JSON report. */
function vitest(label, project, env) {
  const out = join(reportDir, `vitest-${label.replace(/\s+/g, '-')}.json`);
  rmSync(out, { force: true });
  const ok = run(label, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env });
  const r = readJson(out);
  const passed = r?.numPassedTests ?? 0;
  const skipped = (r?.numPendingTests ?? 0) + (r?.numTodoTests ?? 0);
  // A crash before any result is written still counts as a failure.
  const failed = Math.max(r?.numFailedTests ?? 0, ok ? 0 : 1);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  tiers.push(`${label} ${passed}${failed ? ` (${failed} failed)` : ''}${skipped ? ` (${skipped} skipped)` : ''}`);
  if (!ok) finish(1);
}

function hasCommand(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function cjkFontInstalled() {
  if (!hasCommand('fc-list')) return false;
  const res = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return res.status === 0 && res.stdout.trim().length > 0;
}

/** Chromium and a CJK font are needed for the journeys (Chinese text must render in screenshots). */
function ensureBrowserPrerequisites() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!cjkFontInstalled()) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`\n浏览器测试缺少依赖: ${missing.join(', ')}。请以 root 运行: apt-get update && apt-get install -y ${missing.join(' ')}`);
    tiers.push(`browser prerequisites missing: ${missing.join(', ')}`);
    totals.failed += 1;
    finish(1);
  }
  step('install browser prerequisites', 'sh', ['-c', `apt-get update && apt-get install -y ${missing.join(' ')}`], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function browser() {
  ensureBrowserPrerequisites();
  rmSync(playwrightJson, { force: true });
  const ok = run('browser', 'npm', ['run', 'test', '-w', 'e2e']);
  const r = readJson(playwrightJson);
  const stats = r?.stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  const skipped = stats.skipped ?? 0;
  const failed = Math.max(stats.unexpected ?? 0, ok ? 0 : 1);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  tiers.push(`browser ${passed}${failed ? ` (${failed} failed)` : ''}${skipped ? ` (${skipped} skipped)` : ''}${stats.flaky ? ` (${stats.flaky} flaky)` : ''}`);
  if (!ok) finish(1);
}

mkdirSync(reportDir, { recursive: true });

step('lint', 'npx', ['eslint', '.']);
step('typecheck', 'npm', ['run', 'typecheck']);
vitest('unit', 'domain', process.env);

const pgUrl = process.env.TEST_DATABASE_URL;
const pgliteEnv = { ...process.env };
delete pgliteEnv.TEST_DATABASE_URL;
vitest('server pglite', 'server', pgliteEnv);
if (pgUrl) vitest('server postgres', 'server', process.env);
else tiers.push('server postgres skipped (TEST_DATABASE_URL not set)');

step('build', 'npm', ['run', 'build']);
browser();
finish(0);
