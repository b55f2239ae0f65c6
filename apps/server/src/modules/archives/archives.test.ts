import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ArchiveListResult, ArchiveSaveResult } from '@dzy/domain/contracts/archives.contract';
import type { UploadResult } from '@dzy/domain/contracts/uploads.contract';
import { operationLogs } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { NOW, addStaff } from '../companies/company-test-fixtures';
import { PDF_MIN, PNG_1PX, upload } from '../uploads/upload-test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

const post = async <T>(token: string, path: string, body: unknown, comId?: number) => {
  const res = await call(ctx.app, `/api/v2/archives/${path}`, { token, body, comId });
  const json = res.json() as { msg: string; data: T };
  return { status: res.statusCode, msg: json.msg, data: json.data };
};

async function uploaded(t: SeededTenant, purpose: 'archiveImage' | 'archiveFile'): Promise<UploadResult> {
  const file = purpose === 'archiveImage' ? { filename: '营业执照.png', data: PNG_1PX } : { filename: '交接清单.pdf', data: PDF_MIN };
  const res = await upload(ctx.app, t.admin.token, file, { purpose });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: UploadResult }).data;
}

describe('company archives', () => {
  it('adds with uploaded images and files, lists newest first, deletes, and logs each write', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    expect((await post<ArchiveListResult>(t.admin.token, 'archiveList', { recordType: 3, comId })).data.list).toEqual([]);

    const img = await uploaded(t, 'archiveImage');
    const pdf = await uploaded(t, 'archiveFile');
    const first = await post<ArchiveSaveResult>(t.admin.token, 'archiveSave', {
      recordType: 3,
      comId,
      title: '营业执照交接',
      archivesDescribe: '原件已交客户',
      userName: '张三',
      recordImgs: [img.url],
      file: pdf.url,
    });
    expect(first.status, first.msg).toBe(200);
    const second = await post<ArchiveSaveResult>(t.admin.token, 'archiveSave', { recordType: '3', title: '公章交接' }, comId);
    expect(second.status, second.msg).toBe(200);

    const list = (await post<ArchiveListResult>(t.admin.token, 'archiveList', { recordType: 3 }, comId)).data.list;
    expect(list.map((a) => a.title)).toEqual(['公章交接', '营业执照交接']);
    const rec = list[1];
    expect(rec).toMatchObject({
      title: '营业执照交接',
      archivesDescribe: '原件已交客户',
      userName: '张三',
      customerName: `${t.orgName}客户1有限公司`,
      recordImgs: [img.url],
      file: pdf.url,
      fileList: [{ url: pdf.url, name: '交接清单.pdf' }],
      recordType: 3,
      comId,
      createdBy: '主账号',
    });

    expect((await post(t.admin.token, 'archiveDel', { id: second.data.id })).status).toBe(200);
    expect((await post<ArchiveListResult>(t.admin.token, 'archiveList', { recordType: 3, comId })).data.list.map((a) => a.id)).toEqual([first.data.id]);
    const logs = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.target, `archive:${second.data.id}`))),
    );
    expect(logs.map((l) => l.method).sort()).toEqual(['删除档案', '新增档案']);
    expect(JSON.parse(logs.find((l) => l.method === '删除档案')?.before ?? '{}')).toMatchObject({ title: '公章交接' });
  });

  it('refuses bad input: no title, outside or wrong-purpose attachments, missing owner', async () => {
    const t = await seedTenant(ctx);
    const other = await seedTenant(ctx);
    const comId = t.companyIds[0];
    const img = await uploaded(t, 'archiveImage');
    const foreign = await uploaded(other, 'archiveFile');
    expect(await post(t.admin.token, 'archiveSave', { recordType: 3, comId, title: ' ' })).toMatchObject({ status: 400, msg: '请输入档案标题' });
    expect(await post(t.admin.token, 'archiveSave', { recordType: 3, comId, title: 'x', file: img.url })).toMatchObject({ status: 400, msg: '附件不存在或类型不符，请重新上传' });
    expect(await post(t.admin.token, 'archiveSave', { recordType: 3, comId, title: 'x', file: foreign.url })).toMatchObject({ status: 400, msg: '附件不存在或类型不符，请重新上传' });
    expect(await post(t.admin.token, 'archiveSave', { recordType: 3, comId, title: 'x', recordImgs: ['https://evil.example/a.png'] })).toMatchObject({ status: 400 });
    expect(await post(t.admin.token, 'archiveSave', { recordType: 3, title: 'x' })).toMatchObject({ status: 400, msg: '请先选择公司' });
    expect(await post(t.admin.token, 'archiveSave', { recordType: 2, title: 'x' })).toMatchObject({ status: 400, msg: '请选择客户' });
    expect(await post(t.admin.token, 'archiveSave', { recordType: 5, title: 'x' })).toMatchObject({ status: 400, msg: '档案类型参数错误' });
    expect((await post<ArchiveListResult>(t.admin.token, 'archiveList', { recordType: 3, comId })).data.list).toEqual([]);
  });

  it("keeps archives to the company's scope and the org", async () => {
    const t = await seedTenant(ctx);
    const other = await seedTenant(ctx);
    const staff = await addStaff(ctx, t);
    const comId = t.companyIds[0] ?? 0;
    const saved = await post<ArchiveSaveResult>(t.admin.token, 'archiveSave', { recordType: 3, comId, title: '合同交接' });
    expect((await post(staff.token, 'archiveList', { recordType: 3, comId })).status).toBe(403);
    expect((await post(staff.token, 'archiveDel', { id: saved.data.id })).status).toBe(403);
    expect((await post(other.admin.token, 'archiveDel', { id: saved.data.id })).status).toBe(404);
    expect((await post(other.admin.token, 'archiveList', { recordType: 3, comId })).status).toBe(404);
    expect((await post<ArchiveListResult>(t.admin.token, 'archiveList', { recordType: 3, comId })).data.list).toHaveLength(1);
  });
});

describe('customer archives and export', () => {
  it('keeps customer archives by customerId and exports the selected records as xlsx', async () => {
    const t = await seedTenant(ctx);
    const a = await post<ArchiveSaveResult>(t.admin.token, 'archiveSave', { recordType: 2, customerId: 7, customerName: '潜在客户甲', title: '初次拜访', userName: '李四' });
    const b = await post<ArchiveSaveResult>(t.admin.token, 'archiveSave', { recordType: 2, customerId: 7, title: '报价单' });
    await post(t.admin.token, 'archiveSave', { recordType: 2, customerId: 8, title: '别的客户' });
    expect((await post<ArchiveListResult>(t.admin.token, 'archiveList', { recordType: 2, customerId: 7 })).data.list.map((x) => x.title)).toEqual(['报价单', '初次拜访']);

    expect(await post(t.admin.token, 'archiveExport', { ids: [] })).toMatchObject({ status: 400, msg: '请至少选择一条档案' });
    expect(await post(t.admin.token, 'archiveExport', { ids: [a.data.id, 999999] })).toMatchObject({ status: 404 });
    const res = await call(ctx.app, '/api/v2/archives/archiveExport', { token: t.admin.token, body: { ids: [a.data.id, b.data.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('客户档案');
    expect(ws?.rowCount).toBe(3);
    expect(ws?.getRow(1).getCell(3).value).toBe('标题');
    const titles = [ws?.getRow(2).getCell(3).value, ws?.getRow(3).getCell(3).value];
    expect(titles.sort()).toEqual(['初次拜访', '报价单'].sort());
    expect([ws?.getRow(2).getCell(6).value, ws?.getRow(3).getCell(6).value]).toContain('李四');
  });
});
