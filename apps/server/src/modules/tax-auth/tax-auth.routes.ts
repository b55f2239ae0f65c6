import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  taxAuthLinkBody,
  taxAuthorizeBody,
  taxKeepStatusBody,
  taxLoginListBody,
  taxLoginPriorityBody,
  taxLoginSaveBody,
  taxLoginUnbindBody,
  taxSmsCodeBody,
} from '@dzy/domain/contracts/tax-auth.contract';
import { mayUseTaxAuthorization } from '@dzy/domain/tax-auth/keep-status';
import type { AppDeps } from '../../app';
import { AppError, forbidden, ok } from '../../http/envelope';
import { auth, type AuthContext } from '../../http/request-context';
import { taxKeepStatus, taxLoginList, taxLoginPriority, taxLoginSave, taxLoginUnbind } from './tax-auth.service';
import { taxAuthLink, taxAuthorize, taxSendSmsCode } from './tax-authorize.service';

/** Button code for authorize and the SMS-code entry (spec 000 §6). */
export const AUTHORIZE_BUTTON = 'sddl_dl';

/** The dialog: 授权登录 in primaryRouting, org 1 or the main account (spec 000 §6). */
function requireTaxAuth(req: FastifyRequest): AuthContext {
  const a = auth(req);
  if (!mayUseTaxAuthorization({ isAdmin: a.user.isAdmin, primaryRouting: a.user.primaryRouting, orgId: a.orgId })) throw forbidden('没有授权登录权限');
  return a;
}

function requireAuthorizeButton(req: FastifyRequest): AuthContext {
  const a = requireTaxAuth(req);
  if (!a.user.sysButton.includes(AUTHORIZE_BUTTON)) throw forbidden('没有授权登录权限');
  return a;
}

export function registerTaxAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const ta = deps.taxAuth;
  const tags = ['taxLogin'];

  r.post(
    '/api/v2/taxLogin/list',
    {
      schema: {
        body: taxLoginListBody,
        tags,
        summary: '税局登录信息列表',
        description:
          '公司（comId）绑定的税局登录信息，优先登录在前；loginMethod 1 新版登录、3 代理登录、0 政务网等。edit=true（编辑模式，需 sddl_dl）时返回密码，否则 zzrmn 为空。读取时按税局状态刷新 keepStatus（掉线、验证码过期、自动验证完成）。',
      },
    },
    async (req) => {
      const a = req.body.edit ? requireAuthorizeButton(req) : requireTaxAuth(req);
      return ok(await taxLoginList(db, ta, a, req.body, { withPassword: req.body.edit, now: deps.now() }));
    },
  );

  r.post(
    '/api/v2/taxLogin/save',
    {
      schema: {
        body: taxLoginSaveBody,
        tags,
        summary: '添加绑定 / 编辑登录信息',
        description: '按公司所在地区的登录表单规则校验字段；无 id 为添加绑定（公司的第一条自动设为优先），有 id 为编辑（授权中 keepStatus=4 不能编辑；改账号或密码后需重新授权）。密码加密存储。',
      },
    },
    async (req) => ok(await taxLoginSave(db, ta, requireTaxAuth(req), req.body, deps.now())),
  );

  r.post(
    '/api/v2/taxLogin/unbind',
    { schema: { body: taxLoginUnbindBody, tags, summary: '取消绑定', description: 'ids 为登录-公司绑定 id（loginComId）；公司仅剩一种登录方式时该条失败。返回成功、失败条数。' } },
    async (req) => ok(await taxLoginUnbind(db, requireTaxAuth(req), req.body.ids)),
  );

  r.post(
    '/api/v2/taxLogin/setPriority',
    { schema: { body: taxLoginPriorityBody, tags, summary: '设置优先', description: 'seq 99 优先（同一公司其余改为 0）、0 取消优先；公司的 keepStatus / loginMethod 随优先登录。' } },
    async (req) => ok(await taxLoginPriority(db, requireTaxAuth(req), req.body)),
  );

  r.post(
    '/api/v2/taxLogin/authorize',
    {
      schema: {
        body: taxAuthorizeBody,
        tags,
        summary: '授权',
        description: '需 sddl_dl；仅新版登录。result：2 需手动输入短信验证码，"1" 授权中（自动接收短信），0 授权成功，3 授权失败（keepErr 为原因）。',
      },
    },
    async (req) => ok(await taxAuthorize(db, ta, requireAuthorizeButton(req), req.body, deps.now())),
  );

  r.post(
    '/api/v2/taxLogin/sendSmsCode',
    { schema: { body: taxSmsCodeBody, tags, summary: '输入验证码', description: '需 sddl_dl；授权中（keepStatus 4、手动接收）的登录提交税局短信验证码。' } },
    async (req) => ok(await taxSendSmsCode(db, ta, requireAuthorizeButton(req), req.body, deps.now())),
  );

  r.post(
    '/api/v2/taxLogin/authLink',
    { schema: { body: taxAuthLinkBody, tags, summary: '获取授权链接', description: '二维码（PNG data URL）与链接，限时有效；浙江、湖北地区不提供。' } },
    async (req) => ok(await taxAuthLink(db, ta, requireTaxAuth(req), req.body, { origin: `${req.protocol}://${req.host}`, now: deps.now() })),
  );

  r.post(
    '/api/v2/taxLogin/keepStatus',
    { schema: { body: taxKeepStatusBody, tags, summary: '客户税局授权状态', description: '公司行的授权图标：keepStatus、优先登录的错误信息 keepErr（2、3 时显示）与登录方式。' } },
    async (req) => ok(await taxKeepStatus(db, ta, auth(req), req.body.comIds, deps.now())),
  );

  // The simulated bureau's page behind an authorization link: says whether the link still works.
  r.get(
    '/api/public/taxLogin/authLink/:token',
    { schema: { params: z.object({ token: z.string().regex(/^[0-9a-f]{32}$/, '授权链接不存在') }), tags, summary: '授权链接（模拟税局）', security: [] } },
    async (req) => {
      const check = ta.bureau.checkAuthLink(req.params.token, deps.now());
      if (!check.valid) throw new AppError(404, check.reason);
      return ok({ taxNo: check.taxNo, expiresAt: check.expiresAt.toISOString() });
    },
  );
}
