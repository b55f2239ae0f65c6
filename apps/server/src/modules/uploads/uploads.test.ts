import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { UploadResult } from '@dzy/domain/contracts/uploads.contract';
import { withSystem } from '../../db/tenant';
import { operationLogs, uploads } from '../../db/schema';
import { createTestApp, seedTenant, type TestContext } from '../../test/test-app';
import { JPG_HEAD, PDF_MIN, PNG_1PX, upload } from './upload-test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const MB = 1024 * 1024;
const sized = (head: Buffer, bytes: number) => Buffer.concat([head, Buffer.alloc(bytes - head.length, 7)]);

describe('POST /api/public/upload', () => {
  it('needs a session', async () => {
    const res = await upload(ctx.app, undefined, { filename: 'a.png', data: PNG_1PX });
    expect(res.statusCode).toBe(401);
  });

  it('stores a png, strips commas and path parts from the name, records the row and a log entry, and serves it read-only', async () => {
    const t = await seedTenant(ctx);
    const res = await upload(ctx.app, t.admin.token, { filename: '../发票,第1张,.png', data: PNG_1PX });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { msg: string; data: UploadResult };
    expect(body.msg).toBe('success');
    expect(body.data.name).toBe('发票第1张.png');
    expect(body.data.size).toBe(PNG_1PX.length);
    expect(body.data.url).toMatch(new RegExp(`^/api/public/files/${t.orgId}/[a-f0-9]{32}\\.png$`));

    const got = await ctx.app.inject({ method: 'GET', url: body.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG_1PX)).toBe(true);

    const rows = await withSystem(ctx.database.db, (tx) => tx.select().from(uploads).where(eq(uploads.orgId, t.orgId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: '发票第1张.png', mime: 'image/png', purpose: 'jotDown', uploaderId: t.admin.id });
    const logs = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.method, '上传文件'))),
    );
    expect(logs).toHaveLength(1);
  });

  it('refuses images over 3 MB for notes and chat with the spec message, but takes them up to 10 MB as archive images', async () => {
    const t = await seedTenant(ctx);
    const big = sized(PNG_1PX, 3 * MB + 1);
    for (const purpose of ['jotDown', 'chat']) {
      const res = await upload(ctx.app, t.admin.token, { filename: 'big.png', data: big }, { purpose });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('请不要上传大于3M的文件。');
    }
    const exact = await upload(ctx.app, t.admin.token, { filename: 'ok.png', data: sized(PNG_1PX, 3 * MB) }, { purpose: 'chat' });
    expect(exact.statusCode, exact.body).toBe(200);
    const archive = await upload(ctx.app, t.admin.token, { filename: 'big.png', data: big }, { purpose: 'archiveImage' });
    expect(archive.statusCode, archive.body).toBe(200);
    const tooBig = await upload(ctx.app, t.admin.token, { filename: 'huge.jpg', data: sized(JPG_HEAD, 10 * MB + 1) }, { purpose: 'archiveImage' });
    expect(tooBig.json().msg).toBe('请不要上传大于10M的图片。');
  });

  it('answers the largest rule message when the file exceeds every limit (the parser stops reading)', async () => {
    const t = await seedTenant(ctx);
    const res = await upload(ctx.app, t.admin.token, { filename: 'x.pdf', data: sized(PDF_MIN, 20 * MB + 10) }, { purpose: 'archiveFile' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请不要上传大于20M的文件。');
  });

  it('judges the type by content: a script named .png, a pdf named .jpg and a gif are refused', async () => {
    const t = await seedTenant(ctx);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const cases = [
      { filename: 'evil.png', data: html },
      { filename: 'doc.jpg', data: PDF_MIN },
      { filename: 'anim.gif', data: Buffer.from('GIF89a....') },
      { filename: 'noext', data: PNG_1PX },
    ];
    for (const c of cases) {
      const res = await upload(ctx.app, t.admin.token, c);
      expect(res.statusCode, c.filename).toBe(400);
      expect(res.json().msg).toContain('只能上传png、jpg、jpeg格式的图片');
    }
    const none = await withSystem(ctx.database.db, (tx) => tx.select().from(uploads).where(eq(uploads.orgId, t.orgId)));
    expect(none).toHaveLength(0);
  });

  it('archive files: pdf accepted and served as an attachment; an image is not an archive file', async () => {
    const t = await seedTenant(ctx);
    const res = await upload(ctx.app, t.admin.token, { filename: '合同.pdf', data: PDF_MIN }, { purpose: 'archiveFile' });
    expect(res.statusCode, res.body).toBe(200);
    const got = await ctx.app.inject({ method: 'GET', url: (res.json() as { data: UploadResult }).data.url });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain('attachment');
    const img = await upload(ctx.app, t.admin.token, { filename: 'a.png', data: PNG_1PX }, { purpose: 'archiveFile' });
    expect(img.json().msg).toBe('只能上传xlsx、xls、xml、pdf、doc、docx格式的文件');
  });

  it('asks for a file when none is sent and refuses an unknown purpose', async () => {
    const t = await seedTenant(ctx);
    expect((await upload(ctx.app, t.admin.token, null)).json().msg).toBe('请上传图片');
    expect((await upload(ctx.app, t.admin.token, { filename: 'a.png', data: PNG_1PX }, { purpose: 'exe' })).json().msg).toBe('上传用途参数错误');
  });

  it('serves nothing for unknown keys, path tricks or another org id in the URL', async () => {
    const a = await seedTenant(ctx);
    const b = await seedTenant(ctx);
    const res = await upload(ctx.app, a.admin.token, { filename: 'a.png', data: PNG_1PX });
    const url = (res.json() as { data: UploadResult }).data.url;
    const key = url.split('/').pop() ?? '';
    for (const u of [`/api/public/files/${b.orgId}/${key}`, `/api/public/files/${a.orgId}/${'0'.repeat(32)}.png`, `/api/public/files/${a.orgId}/..%2F..%2Fetc%2Fpasswd`]) {
      expect((await ctx.app.inject({ method: 'GET', url: u })).statusCode, u).toBe(404);
    }
  });
});
