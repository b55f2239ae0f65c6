import type { FastifyInstance } from 'fastify';
import { DEFAULT_UPLOAD_PURPOSE, MAX_UPLOAD_BYTES, UPLOAD_RULES, isUploadPurpose, type UploadPurpose } from '@dzy/domain/contracts/uploads.contract';
import type { AppDeps } from '../../app';
import { badRequest, ok } from '../../http/envelope';
import { headerToken, resolvePublicCaller } from './public-session';
import { readUpload, saveUpload, type IncomingFile } from './uploads.service';

export function registerUploadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;
  const tags = ['upload'];

  app.post(
    '/api/public/upload',
    {
      schema: {
        tags,
        summary: '上传文件',
        description:
          'multipart/form-data：文件字段 upFile，可选字段 purpose（jotDown 随手记图片 / chat 沟通图片：png、jpg、jpeg ≤3M；archiveImage 档案图片 ≤10M；archiveFile 档案文件 xlsx、xls、xml、pdf、doc、docx ≤20M；缺省为 jotDown）。需要 Token 头。按文件内容识别真实类型；文件名去掉逗号等字符。返回 {id, url, name, size}，url 可直接 GET 读取。',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const caller = await resolvePublicCaller(deps, headerToken(req));
      if (!req.isMultipart()) throw badRequest('请上传文件');
      const fields: Record<string, string> = {};
      let file: IncomingFile | undefined;
      let tooLarge = false;
      // The purpose field may come before or after the file, so the file is read first and judged at the end.
      // throwFileSizeLimit off: a too-large file comes back truncated and flagged, and the other fields still arrive.
      // (the option exists at run time but is missing from the plugin's parts() typing)
      const opts = { limits: { fileSize: MAX_UPLOAD_BYTES }, throwFileSizeLimit: false } as Parameters<typeof req.parts>[0];
      for await (const part of req.parts(opts)) {
        if (part.type === 'file') {
          if (part.fieldname !== 'upFile' || file || tooLarge) {
            part.file.resume();
            continue;
          }
          const data = await part.toBuffer();
          if (part.file.truncated) tooLarge = true;
          else file = { name: part.filename, data };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const purposeRaw = fields.purpose?.trim() || DEFAULT_UPLOAD_PURPOSE;
      if (!isUploadPurpose(purposeRaw)) throw badRequest('上传用途参数错误');
      const purpose: UploadPurpose = purposeRaw;
      if (tooLarge) throw badRequest(UPLOAD_RULES[purpose].tooLargeMsg);
      if (!file) throw badRequest(purpose === 'archiveFile' ? '请上传文件' : '请上传图片');
      const data = await saveUpload(db, deps.files, { orgId: caller.orgId, userId: caller.userId, cnName: caller.user.cnName }, purpose, file);
      // msg 'success' like every call; the client shows 上传成功.
      return ok(data);
    },
  );

  app.get<{ Params: { orgId: string; key: string } }>(
    '/api/public/files/:orgId/:key',
    {
      schema: {
        tags,
        summary: '读取上传的文件',
        description:
          '只读。地址由上传返回，含 128 位随机名，不可猜测（<img> 无法带 Token 头，故以地址为凭证）。图片内联显示，其他文件作为附件下载。',
      },
    },
    async (req, reply) => {
      const f = await readUpload(db, deps.files, req.params.orgId, req.params.key);
      const inline = f.mime.startsWith('image/');
      return reply
        .header('Content-Type', f.mime)
        .header('X-Content-Type-Options', 'nosniff')
        // Nothing uploaded may run script in our origin, even an XML file opened directly.
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(f.name)}`)
        .send(f.data);
    },
  );
}
