/**
 * npm run audit:verify — walks every org's audit chain (operation_logs) and reports OK or the first altered or
 * removed row per org; exits 1 on any problem. Uses DATABASE_URL, else the embedded database in DATA_DIR / ./data
 * (stop the server first: an embedded database opens in one process at a time). Reads only.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { verifyAuditChains } from '../modules/audit/audit-verify';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
let code: number;
try {
  const report = await verifyAuditChains(database.db);
  for (const o of report.orgs) {
    const line = o.problem ? `异常  ${o.problem.message}` : `OK    末条哈希 ${o.lastHash}`;
    console.log(`机构 ${String(o.orgId).padStart(5)}  ${String(o.rows).padStart(8)} 条  ${line}`);
  }
  console.log(report.ok ? `审计链校验通过（${report.orgs.length} 个机构）` : '审计链校验失败');
  code = report.ok ? 0 : 1;
} catch (e) {
  console.error('审计链校验出错:', e instanceof Error ? e.message : e);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
