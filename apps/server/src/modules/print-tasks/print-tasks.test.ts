import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintTaskItem, PrintTaskListResult, PrintTaskStarted } from '@dzy/domain/contracts/print-tasks.contract';
import { appJobRunner } from '../../jobs/job-runner';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { NOW, addStaff, assign } from '../companies/company-test-fixtures';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dzy-print-test-'));
  ctx = await createTestApp({ now: () => NOW, config: { dataDir } });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const exportsDir = () => join(dataDir, 'exports');
const idle = () => appJobRunner(ctx.app, ctx.database).idle();

async function post<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await call(ctx.app, path, { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

const list = (token: string, body: Record<string, unknown> = {}) => post<PrintTaskListResult>(token, '/api/v2/printTask/list', body);

async function task(token: string, id: number): Promise<PrintTaskItem> {
  const found = (await list(token, { limit: 100 })).data.find((t) => t.id === id);
  if (!found) throw new Error(`task ${id} not listed`);
  return found;
}

const download = (id: number, token: string) => ctx.app.inject({ method: 'GET', url: `/api/file/printTask/download?id=${id}&token=${encodeURIComponent(token)}` });

async function workbookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

function sheetRows(ws: ExcelJS.Worksheet): string[][] {
  const out: string[][] = [];
  ws.eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    out.push(values.map((v) => (v === null || v === undefined ? '' : String(v as string | number))));
  });
  return out;
}

describe('company list export', () => {
  let t: SeededTenant;
  beforeAll(async () => {
    t = await seedTenant(ctx, { companies: 3 });
  });

  it('runs as a background job, produces the xlsx with the bookkeeping columns, and downloads only for its owner', async () => {
    const started = await post<PrintTaskStarted>(t.admin.token, '/api/v2/printTask/exportCompanyList', {});
    expect(started.status).toBe(0);
    await idle();
    const done = await task(t.admin.token, started.id);
    expect(done).toMatchObject({ status: 2, fileIcon: 'excel', errLog: '', downloadedAt: null });
    expect(done.fileName).toMatch(/^客户列表_\d{14}\.xlsx$/);
    expect(done.filePath).toBe(`/api/file/printTask/download?id=${started.id}`);
    // Stored under DATA_DIR/exports with a random name.
    expect(readdirSync(exportsDir()).some((f) => /^[0-9a-f]{32}\.xlsx$/.test(f))).toBe(true);

    expect((await download(started.id, 'not-a-token')).statusCode).toBe(401);
    const other = await seedTenant(ctx, { companies: 1 });
    const foreign = await download(started.id, other.admin.token);
    expect(foreign.statusCode).toBe(404);

    const res = await download(started.id, t.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(done.fileName));
    const wb = await workbookOf(res.rawPayload);
    const ws = wb.getWorksheet('客户列表');
    if (!ws) throw new Error('sheet missing');
    const rows = sheetRows(ws);
    expect(rows[0]).toEqual(['公司名称', '纳税人识别号', '纳税人类型', '所属地区', '建账期间', '当前期间', '结账状态', '状态', '服务人员']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([1, 2, 3].map((i) => `${t.orgName}客户${i}有限公司`));
    expect(rows[1]?.slice(2, 8)).toEqual(['小规模纳税人', '北京市', '2026年01月', '2026年03月', '未结账', '服务中']);
    expect(rows[2]?.[2]).toBe('一般纳税人');

    expect((await task(t.admin.token, started.id)).downloadedAt).toBe(NOW.toISOString());
  });

  it('exports only the companies a staff member serves, with who serves them', async () => {
    const staff = await addStaff(ctx, t);
    const [first, second] = t.companyIds;
    await assign(ctx, t, staff.id, [second ?? 0]);
    const started = await post<PrintTaskStarted>(staff.token, '/api/v2/printTask/exportCompanyList', { name: '客户' });
    await idle();
    expect((await task(staff.token, started.id)).status).toBe(2);
    // Tasks are personal: the main account does not see the staff member's export.
    expect((await list(t.admin.token, { limit: 100 })).data.some((x) => x.id === started.id)).toBe(false);
    const rows = sheetRows((await workbookOf((await download(started.id, staff.token)).rawPayload)).worksheets[0] as ExcelJS.Worksheet);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[0]).toBe(`${t.orgName}客户2有限公司`);
    expect(rows[1]?.[8]).toMatch(/^员工.{4}\(记账会计\)$/);
    expect(first).not.toBe(second);
  });
});

describe('operation log export', () => {
  it('one sheet per company; a company the user cannot see fails its sheet only (status 4)', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a] = t.companyIds;
    // Something to export for company a: a company status change writes the log.
    await post(t.admin.token, '/api/v2/company/companyStatus', { id: a, status: '1' });
    const started = await post<PrintTaskStarted>(t.admin.token, '/api/v2/printTask/exportOperationLog', { comIds: [a, 999_999] });
    await idle();
    const done = await task(t.admin.token, started.id);
    expect(done.status).toBe(4);
    expect(done.errLog).toBe('公司999999：公司不存在');
    expect(done.comName).toBe(`${t.orgName}客户1有限公司`);
    const wb = await workbookOf((await download(started.id, t.admin.token)).rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual([`${t.orgName}客户1有限公司`.slice(0, 28)]);
    const rows = sheetRows(wb.worksheets[0] as ExcelJS.Worksheet);
    expect(rows[0]).toEqual(['操作时间', '操作人', '公司', '期间', '操作', '对象', '内容']);
    expect(rows.slice(1).map((r) => r[4])).toContain('修改客户状态');
    expect(rows.slice(1).every((r) => r[2] === `${t.orgName}客户1有限公司`)).toBe(true);
  });

  it('fails (status 3) when no sheet can be produced, and the file cannot be downloaded', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const staff = await addStaff(ctx, t);
    const started = await post<PrintTaskStarted>(staff.token, '/api/v2/printTask/exportOperationLog', { comIds: t.companyIds });
    await idle();
    const failed = await task(staff.token, started.id);
    expect(failed).toMatchObject({ status: 3, filePath: '' });
    expect(failed.errLog).toBe('公司' + String(t.companyIds[0]) + '：无权访问该公司');
    const res = await download(started.id, staff.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: '文件尚未生成，暂不能下载' });
  });

  it('exports the whole log in one sheet, staff only their own entries', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    await post(t.admin.token, '/api/v2/company/companyStatus', { id: t.companyIds[0], status: '3' });
    const staff = await addStaff(ctx, t);
    const mine = await post<PrintTaskStarted>(staff.token, '/api/v2/printTask/exportOperationLog', {});
    const all = await post<PrintTaskStarted>(t.admin.token, '/api/v2/printTask/exportOperationLog', {});
    await idle();
    const staffRows = sheetRows((await workbookOf((await download(mine.id, staff.token)).rawPayload)).worksheets[0] as ExcelJS.Worksheet).slice(1);
    const adminRows = sheetRows((await workbookOf((await download(all.id, t.admin.token)).rawPayload)).worksheets[0] as ExcelJS.Worksheet).slice(1);
    expect(staffRows.map((r) => r[4])).toEqual(['导出操作日志']);
    expect(adminRows.map((r) => r[4])).toEqual(expect.arrayContaining(['修改客户状态', '导出操作日志']));
  });
});

describe('list and delete', () => {
  it('pages 20 by default, filters by likeField, deletes rows with their files, all or nothing', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) ids.push((await post<PrintTaskStarted>(t.admin.token, '/api/v2/printTask/exportCompanyList', {})).id);
    await post<PrintTaskStarted>(t.admin.token, '/api/v2/printTask/exportOperationLog', {});
    await idle();
    const first = await list(t.admin.token);
    expect(first.total).toBe(22);
    expect(first.data).toHaveLength(20);
    expect((await list(t.admin.token, { page: 2 })).data).toHaveLength(2);
    expect((await list(t.admin.token, { likeField: '操作日志' })).total).toBe(1);

    const bad = await call(ctx.app, '/api/v2/printTask/delete', { token: t.admin.token, body: { ids: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: '请选择要删除的记录' });

    const before = readdirSync(exportsDir()).length;
    const missing = await call(ctx.app, '/api/v2/printTask/delete', { token: t.admin.token, body: { ids: [ids[0], 999_999] } });
    expect(missing.statusCode).toBe(404);
    expect((await list(t.admin.token)).total).toBe(22);

    const victim = ids[0] ?? 0;
    const fileCountBefore = readdirSync(exportsDir()).length;
    expect(fileCountBefore).toBe(before);
    await post(t.admin.token, '/api/v2/printTask/delete', { ids: [victim, ids[1]] });
    expect((await list(t.admin.token)).total).toBe(20);
    expect(readdirSync(exportsDir()).length).toBe(before - 2);
    expect((await download(victim, t.admin.token)).statusCode).toBe(404);
    expect(existsSync(exportsDir())).toBe(true);
  });

  it("cannot delete another user's tasks", async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const staff = await addStaff(ctx, t);
    const started = await post<PrintTaskStarted>(t.admin.token, '/api/v2/printTask/exportCompanyList', {});
    await idle();
    const res = await call(ctx.app, '/api/v2/printTask/delete', { token: staff.token, body: { ids: [started.id] } });
    expect(res.statusCode).toBe(404);
    expect((await task(t.admin.token, started.id)).status).toBe(2);
  });
});
