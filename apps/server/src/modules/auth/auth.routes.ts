import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TOKEN_HEADER,
  captchaQuery,
  loginBody,
  myMobileBody,
  sendCodeBody,
  setModuleBody,
  switchUserBody,
  updatePasswordBody,
  updateProfileBody,
  userInfoBody,
  type CaptchaData,
  type LoginData,
} from '@dzy/domain/contracts/auth.contract';
import type { AppDeps } from '../../app';
import { AppError, ok } from '../../http/envelope';
import { auth, companyFromBody, parseComId, requireAdmin } from '../../http/request-context';
import { logout, myMobile, setModule, switchUser, updateProfile } from './account.service';
import { issueCaptcha } from './captcha.service';
import { WindowCounter } from './login-limits';
import { createLoginService } from './login.service';
import { sendCode, updatePassword } from './password-change.service';
import { buildUserInfo } from './user-info.service';

const PUBLIC = ['会话 Session'];
const SYS = ['账号 Account'];
const PERIOD_RE = /^\d{4}(0[1-9]|1[0-2])$/;

/** Session and account-settings calls (spec 000 §2.1, §7; issue 2). */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const loginService = createLoginService(deps);
  // Image captchas cost a little CPU and a row each; 30 a minute per address is plenty for people.
  const captchaIssuance = new WindowCounter(30, 60_000);

  r.get(
    '/api/public/captcha',
    {
      schema: {
        querystring: captchaQuery,
        tags: PUBLIC,
        summary: '获取图形验证码 Get a login captcha',
        description: '返回一次性的图形验证码（SVG，5 分钟内有效，不区分大小写）；同一用户名 15 分钟内登录失败 5 次后，登录须带上 captchaId 与 captchaValue。Returns a single-use SVG captcha valid 5 minutes; required after 5 failed logins of a username within 15 minutes.',
        security: [],
      },
    },
    async (req) => {
      if (!captchaIssuance.hit(req.ip, deps.now().getTime())) throw new AppError(429, '请求过于频繁，请稍后再试');
      const { captchaId, image } = await issueCaptcha(db, deps.now());
      return ok<CaptchaData>({ captchaId, image });
    },
  );

  r.post(
    '/api/public/login',
    {
      schema: {
        body: loginBody,
        tags: PUBLIC,
        summary: '登录 Log in',
        description:
          '用户名（去除首尾空格）与密码登录。成功时令牌在响应头 Token 中返回，msg 为 success；失败时不返回令牌，msg 为中文原因（用户名不存在与密码错误提示相同）。失败过多需验证码，过于频繁返回 429。Password login: on success the session token is in the Token response header; on failure no token and a Chinese msg.',
        security: [],
      },
    },
    async (req, reply) => {
      const { token, roleName } = await loginService.login({ ...req.body, ip: req.ip });
      reply.header(TOKEN_HEADER, token);
      reply.header('Access-Control-Expose-Headers', TOKEN_HEADER);
      return ok<LoginData>({ roleName });
    },
  );

  r.get(
    '/api/v2/logout',
    {
      schema: {
        tags: PUBLIC,
        summary: '退出登录 Log out',
        description: '结束当前会话，令牌随即失效。Ends the session server-side; the token stops working at once.',
      },
    },
    async (req) => {
      await logout(db, auth(req));
      return ok();
    },
  );

  r.post(
    '/api/v2/sys/userInfo',
    {
      schema: {
        body: userInfoBody,
        tags: PUBLIC,
        summary: '当前用户信息 Current user info',
        description:
          '返回用户、可切换身份的用户、公司信息（带 comId 或 ComId 头时）、权限列表、按权限过滤后的路由、模块、模式、首页路径与角色。Returns the user, switch candidates, company info, roles, filtered routes, modules, model, indexPath and roleName.',
      },
    },
    async (req) => {
      const a = auth(req);
      const { body } = req;
      const company = parseComId(body.comId) === null ? a.company : await companyFromBody(db, req, body.comId);
      const period = body.period && PERIOD_RE.test(body.period) ? body.period : a.period;
      return ok(await buildUserInfo(db, a, { roleName: body.roleName, company, model: body.model, period, now: deps.now() }));
    },
  );

  r.post(
    '/api/v2/sys/setModule',
    {
      schema: {
        body: setModuleBody,
        tags: SYS,
        summary: '切换模块 Switch module',
        description: '切换顶部模块（须在用户的 primaryRouting 中），记住为用户的最近模块，返回该模块首页路径。Switches the top-level module, remembers it and returns its index path.',
      },
    },
    async (req) => ok(await setModule(db, auth(req), req.body.module)),
  );

  r.post(
    '/api/v2/sys/switchUser',
    {
      schema: {
        body: switchUserBody,
        tags: SYS,
        summary: '切换身份 Switch identity',
        description: '主账号以本机构另一启用用户的身份操作（同一会话）；切换回主账号亦用此接口。Main account acts as another enabled user of its org on the same session; also switches back.',
      },
    },
    async (req) => {
      await switchUser(db, auth(req), req.body.id);
      return ok();
    },
  );

  r.post(
    '/api/v2/sys/myMobile',
    {
      schema: {
        body: myMobileBody,
        tags: SYS,
        summary: '绑定手机号 Bound mobile',
        description: '返回当前账号绑定的手机号（中间四位隐藏）。Returns the account\'s bound mobile, masked.',
      },
    },
    async (req) => ok(myMobile(auth(req))),
  );

  r.post(
    '/api/v2/sys/sendCode',
    {
      schema: {
        body: sendCodeBody,
        tags: SYS,
        summary: '发送验证码 Send verification code',
        description: '向账号绑定的手机号发送 6 位验证码（5 分钟内有效，60 秒内不可重发）。Sends a 6-digit code to the bound mobile (valid 5 minutes, one per 60 seconds).',
      },
    },
    async (req) => {
      await sendCode(deps, auth(req), req.body.mobile);
      return ok();
    },
  );

  r.post(
    '/api/v2/sys/updateProfile',
    {
      schema: {
        body: updateProfileBody,
        tags: SYS,
        summary: '修改资料 Update profile',
        description: '主账号修改自己的姓名与头像。Main account updates its own name and avatar.',
      },
    },
    async (req) => {
      await updateProfile(db, requireAdmin(req), req.body);
      return ok();
    },
  );

  r.post(
    '/api/v2/sys/updatePassword',
    {
      schema: {
        body: updatePasswordBody,
        tags: SYS,
        summary: '修改密码 Change password',
        description: '凭发送到绑定手机号的验证码修改自己的密码（至少 8 位，含字母和数字）；成功后本账号的其他会话全部失效。Changes the own password with the SMS code; the account\'s other sessions end.',
      },
    },
    async (req) => {
      await updatePassword(deps, auth(req), req.body);
      return ok();
    },
  );
}
