/**
 * Benchmark runner: `npm run bench -- <name>`. Each benchmark prints its figures and a ratio against a
 * baseline measured in the same run, so results compare across machines.
 */
import { benchSession } from './src/session.bench';
import { benchLedger } from './src/ledger.bench';
import { benchDashboard } from './src/dashboard.bench';
import { benchImport } from './src/import.bench';

const BENCHES: Record<string, { about: string; run: () => Promise<void> }> = {
  session: { about: 'per-request cost of session + tenant context + ComId check, against plain SQL', run: benchSession },
  ledger: { about: '1M voucher lines: saveVoucher latency/throughput, 科目余额表 vs GROUP BY and ledger/hledger, server memory', run: benchLedger },
  import: { about: '10,000-line bank statement: bankImport + business types + one-click vouchers over HTTP, against one multi-row INSERT', run: benchImport },
  dashboard: { about: 'home dashboard (indexEtax2) over HTTP with 5,000 companies × 24 periods of progress, against a plain count query; and 30 companies', run: benchDashboard },
};

const name = process.argv[2];
const bench = name ? BENCHES[name] : undefined;
if (!bench) {
  console.log('用法: npm run bench -- <name>\n');
  for (const [k, v] of Object.entries(BENCHES)) console.log(`  ${k.padEnd(10)} ${v.about}`);
  process.exit(name ? 1 : 0);
}
await bench.run();
