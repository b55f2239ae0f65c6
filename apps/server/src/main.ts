import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { buildApp } from './app';
import { seedDemo } from './seed/demo-seed';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
await runMigrations(database);
if (config.seedDemo) {
  const t0 = Date.now();
  if (await seedDemo(database.db, { ledger: config.demoLedger })) console.log(`演示数据已生成 (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
const app = await buildApp({ database, config, logger: true });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(`代账云已启动: http://${config.host}:${config.port}  (数据库: ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`);
