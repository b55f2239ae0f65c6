/**
 * Benchmark runner: `npm run bench -- <name>`. Each benchmark prints its figures and a ratio against a
 * baseline measured in the same run, so results compare across machines.
 */
import { benchSession } from './src/session.bench';

const BENCHES: Record<string, { about: string; run: () => Promise<void> }> = {
  session: { about: 'per-request cost of session + tenant context + ComId check, against plain SQL', run: benchSession },
};

const name = process.argv[2];
const bench = name ? BENCHES[name] : undefined;
if (!bench) {
  console.log('用法: npm run bench -- <name>\n');
  for (const [k, v] of Object.entries(BENCHES)) console.log(`  ${k.padEnd(10)} ${v.about}`);
  process.exit(name ? 1 : 0);
}
await bench.run();
