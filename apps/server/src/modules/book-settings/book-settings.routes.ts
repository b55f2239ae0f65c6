import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingListBody, settingSaveBody } from '@dzy/domain/contracts/book-settings.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import { settingList, settingSave } from './book-settings.service';

export function registerBookSettingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['book-settings'];

  r.post(
    '/api/v2/setting/habbitSettingList',
    {
      schema: {
        body: settingListBody,
        tags,
        summary: '习惯设置列表',
        description:
          '公司的习惯设置项目（name, remark, valueType select/radio/input, value, option, subjectId, fzhsId）。未保存过的科目项按科目表给出默认值（isDefault）。',
      },
    },
    async (req) => ok(await settingList(db, auth(req), await companyFromBody(db, req, req.body.comId))),
  );

  r.post(
    '/api/v2/setting/habbitSettingSave',
    {
      schema: {
        body: settingSaveBody,
        tags,
        summary: '保存习惯设置',
        description: 'items: [{ key, value, subjectId }]。科目项须为本公司启用的末级科目，subjectId 为 null 表示不设置。一次事务保存，成功后前端提示“设置成功”。',
      },
    },
    async (req) => ok(await settingSave(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body, deps.now())),
  );
}
