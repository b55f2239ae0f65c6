/**
 * `npm run bench -- import` (issue 4): a 10,000-line bank statement (.xlsx, form 1: separate 收入/支出 columns,
 * a title block, a totals row) through the real HTTP server — api/v2/import/bankImport (multipart; lines get
 * their business types automatically), ONE api/v2/bank/batchSaveBank per type for the lines still untyped, one-click
 * vouchers (api/v2/bank/createVoucher) — against the baseline: the same 10,000 lines put into bank_lines by ONE multi-row
 * INSERT as the table owner, in the same run. PGlite by default (server in-process), PostgreSQL with
 * DATABASE_URL (server as a child process). BENCH_IMPORT_LINES changes the line count.
 */
import ExcelJS from 'exceljs';
import { lineFingerprints } from '@dzy/domain/bank/index';
import type { BankListResult } from '@dzy/domain/contracts/bank.contract';
import { currentPeriod } from '@dzy/domain/period/period';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { openBenchDatabase, type RawSql } from './ledger-db';
import { ms, table } from './ledger-report';
import { apiClient, startServer } from './ledger-server';
import { kjInit, leafSubjects, seedBenchTenant } from './ledger-tenant';

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 10_000);

interface GenLine {
  date: string;
  income: number;
  expense: number;
  summary: string;
  other: string;
  balance: number;
  businessType: string;
}

/**
 * Deterministic, realistic mix: customer receipts, supplier payments, bank fees, cash deposits, and customer
 * transfers whose summary names no business (left untyped by the rules, typed by the batch call).
 */
function generateLines(period: string, n: number): GenLine[] {
  const y = period.slice(0, 4);
  const m = period.slice(4, 6);
  let balance = 50_000_000;
  let seed = 20260101;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const customers = ['北京禾木空间设计有限公司', '上海青禾贸易有限公司', '杭州云帆网络科技有限公司', '广州南粤食品有限公司', '成都锦城建材有限公司'];
  const suppliers = ['深圳市前海供应链管理有限公司', '天津滨海物流有限公司', '苏州吴中印刷厂', '武汉光谷电子元件有限公司'];
  const out: GenLine[] = [];
  for (let i = 0; i < n; i++) {
    const day = String(1 + Math.floor((i / n) * 28)).padStart(2, '0');
    const r = rnd();
    let line: Omit<GenLine, 'balance' | 'date'>;
    if (r < 0.05) line = { income: 10_000 + Math.floor(rnd() * 1_000_000), expense: 0, summary: '转账', other: customers[i % customers.length] ?? '', businessType: 'otherReceipt' };
    else if (r < 0.45) line = { income: 10_000 + Math.floor(rnd() * 5_000_000), expense: 0, summary: '货款', other: customers[i % customers.length] ?? '', businessType: 'receipt' };
    else if (r < 0.9) line = { income: 0, expense: 10_000 + Math.floor(rnd() * 3_000_000), summary: '付货款', other: suppliers[i % suppliers.length] ?? '', businessType: 'payment' };
    else if (r < 0.98) line = { income: 0, expense: 50 + Math.floor(rnd() * 2_000), summary: '手续费', other: '', businessType: 'fee' };
    else line = { income: 10_000 + Math.floor(rnd() * 500_000), expense: 0, summary: '现金存入', other: '', businessType: 'deposit' };
    balance += line.income - line.expense;
    out.push({ ...line, date: `${y}-${m}-${day}`, balance });
  }
  return out;
}

async function statementXlsx(lines: readonly GenLine[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('账户明细');
  ws.addRow(['中国工商银行 账户交易明细', null, null, null, null, null]);
  ws.addRow(['账号：6222020012345678  户名：基准客户有限公司', null, null, null, null, null]);
  ws.addRow(['交易日期', '收入金额', '支出金额', '摘要', '对方户名', '余额']);
  for (const l of lines) ws.addRow([l.date, l.income ? l.income / 100 : null, l.expense ? l.expense / 100 : null, l.summary, l.other, l.balance / 100]);
  ws.addRow(['合计', lines.reduce((s, l) => s + l.income, 0) / 100, lines.reduce((s, l) => s + l.expense, 0) / 100, null, null, null]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The baseline: one multi-row INSERT of the same lines (unnest of arrays), as the owner, no API, no checks. */
async function bulkInsert(raw: RawSql, k: { orgId: number; companyId: number; accountId: number; period: string }, lines: readonly GenLine[]): Promise<number> {
  const fps = lineFingerprints(lines.map((l) => ({ transDate: l.date, amount: l.income || l.expense, type: l.income ? 1 : 2, summary: l.summary, otherName: l.other, bankAmount: l.balance })));
  const t = process.hrtime.bigint();
  await raw.query(
    `insert into bank_lines (org_id, company_id, bank_account_id, period, trans_date, type, amount, summary, other_name, bank_amount, fingerprint, source)
     select $1::int, $2::int, $3::int, $4::char(6), d::date, ty::smallint, a::numeric(18,2), s, o, b::numeric(18,2), f, 'import'
     from unnest($5::text[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[]) as x(d, ty, a, s, o, b, f)`,
    [
      k.orgId,
      k.companyId,
      k.accountId,
      k.period,
      lines.map((l) => l.date),
      lines.map((l) => (l.income ? 1 : 2)),
      lines.map((l) => ((l.income || l.expense) / 100).toFixed(2)),
      lines.map((l) => l.summary),
      lines.map((l) => l.other),
      lines.map((l) => (l.balance / 100).toFixed(2)),
      fps,
    ],
  );
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = process.hrtime.bigint();
  const value = await fn();
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, value };
}

export async function benchImport(): Promise<void> {
  const bdb = await openBenchDatabase(2, { pglite: !process.env.DATABASE_URL });
  const period = currentPeriod();
  try {
    console.log(`database: ${bdb.label}`);
    await runMigrations(bdb.database);
    const tenant = await seedBenchTenant(bdb.database, { bigPeriods: [period], smallPeriod: period, smallCompanies: 1 });
    const server = await startServer(bdb.database, bdb.url);
    console.log(`server: ${server.label}`);
    try {
      const api = apiClient(server.base, tenant.token);
      const comId = tenant.bigCompanyId;
      const baseComId = tenant.smallCompanyIds[0] ?? 0;
      for (const c of [comId, baseComId]) await kjInit(api, c);
      const bankLeaf = async (c: number) => {
        const leaf = (await leafSubjects(api, c)).find((s) => s.code.startsWith('1002'));
        if (!leaf) throw new Error('no 银行存款 leaf');
        return (await api.post<{ id: number }>('/api/v2/bank/saveBankName', { comId: c, body: { comId: c, name: '工行基本户', subjectId: leaf.id } })).id;
      };
      const accountId = await bankLeaf(comId);
      const baseAccountId = await bankLeaf(baseComId);

      const lines = generateLines(period, LINES);
      const file = await statementXlsx(lines);
      console.log(`statement: ${LINES.toLocaleString('en-US')} lines, ${(file.length / 1024).toFixed(0)} KB .xlsx (form 1)`);

      const upload = await timed(async () => {
        const form = new FormData();
        for (const [k, v] of Object.entries({ comId: String(comId), period, bankNameId: String(accountId), form: '1', periodType: '1' })) form.append(k, v);
        form.append('file', new Blob([new Uint8Array(file)]), '工行流水.xlsx');
        const res = await fetch(`${server.base}/api/v2/import/bankImport`, { method: 'POST', headers: { Token: tenant.token, Version: 'v3', ComId: String(comId) }, body: form });
        const json = (await res.json()) as { msg: string; data: { added: number } };
        if (json.msg !== 'success') throw new Error(`bankImport: ${json.msg}`);
        return json.data.added;
      });
      if (upload.value !== LINES) throw new Error(`imported ${upload.value} of ${LINES}`);

      const saved = (await api.post<BankListResult>('/api/v2/bank/bankList', { comId, body: { comId, period, bankNameId: accountId } })).list;
      const typeOf = new Map(lines.map((l) => [`${l.date}|${(l.balance / 100).toFixed(2)}`, l.businessType]));
      // The automatic types must be the intended ones; the untyped rest is grouped by intended type.
      const untyped = new Map<string, number[]>();
      let autoTyped = 0;
      for (const s of saved) {
        const businessType = typeOf.get(`${s.transDate}|${s.bankAmount ?? ''}`);
        if (!businessType) throw new Error(`no type for line ${s.id}`);
        if (s.businessType === '') untyped.set(businessType, [...(untyped.get(businessType) ?? []), s.id]);
        else if (s.businessType !== businessType) throw new Error(`line ${s.id} typed ${s.businessType}, expected ${businessType}`);
        else autoTyped++;
      }
      const untypedCount = saved.length - autoTyped;
      const typing = await timed(async () => {
        for (const [businessType, ids] of untyped) await api.post('/api/v2/bank/batchSaveBank', { comId, body: { comId, ids, businessType } });
      });
      const vouchers = await timed(() => api.post<{ vouchers: unknown[] }>('/api/v2/bank/createVoucher', { comId, body: { comId, period } }));

      const base = await bulkInsert(bdb.raw, { orgId: tenant.orgId, companyId: baseComId, accountId: baseAccountId, period }, lines);
      const [count] = await bdb.raw.query<{ n: string }>('select count(*) as n from bank_lines where company_id = $1', [baseComId]);
      if (Number(count?.n) !== LINES) throw new Error('baseline insert incomplete');

      const total = upload.ms + typing.ms + vouchers.ms;
      console.log(
        table(`bank statement import, ${LINES.toLocaleString('en-US')} lines (period ${period})`, [
          { name: 'bankImport (multipart .xlsx → parsed, deduplicated, saved)', value: ms(upload.ms) },
          { name: 'lines typed automatically on import', value: `${autoTyped.toLocaleString('en-US')} of ${saved.length.toLocaleString('en-US')}` },
          { name: `batchSaveBank × ${untyped.size} (${untypedCount.toLocaleString('en-US')} lines still untyped)`, value: ms(typing.ms) },
          { name: `createVoucher, one click (${vouchers.value.vouchers.length} vouchers)`, value: ms(vouchers.ms) },
          { name: 'API path total', value: ms(total) },
          { name: 'baseline: one multi-row INSERT into bank_lines', value: ms(base) },
          { name: 'ratio bankImport / baseline', value: (upload.ms / base).toFixed(1) },
          { name: 'ratio import + vouchers / baseline', value: ((upload.ms + vouchers.ms) / base).toFixed(1) },
          { name: 'ratio API path total / baseline', value: (total / base).toFixed(1) },
        ]),
      );
    } finally {
      await server.stop();
    }
  } finally {
    await bdb.dispose();
  }
}
