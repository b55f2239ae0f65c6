import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { withTenant } from '../db/tenant';
import type { SessionInfo, SessionService } from '../modules/session/session.service';
import type { UserAccess } from '../modules/users/user-access';
import { requireVisibleCompany, type CompanyRow, type Viewer } from '../modules/companies/company-visibility';
import { badRequest, forbidden, notFound, unauthorized } from './envelope';

/** What every /api/v2 handler knows about its caller. */
export interface AuthContext {
  session: SessionInfo;
  orgId: number;
  userId: number;
  user: UserAccess;
  viewer: Viewer;
  /** The company named by the ComId header, already checked visible to the caller. */
  company: CompanyRow | null;
  /** The Period header (YYYYMM) when sent. */
  period: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    authCtx: AuthContext | null;
  }
}

const PERIOD_RE = /^\d{4}(0[1-9]|1[0-2])$/;

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() !== '' ? s.trim() : undefined;
}

/** Parses a ComId header or body value; '0' and empty mean none. */
export function parseComId(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '' || raw === 0 || raw === '0') return null;
  const n = typeof raw === 'number' ? raw : Number(String(raw));
  if (!Number.isInteger(n) || n <= 0) throw badRequest('公司参数错误');
  return n;
}

/**
 * Every /api/v2 call needs a live session (401 otherwise). A ComId header is checked against the caller's
 * org and scope before any handler runs, so no route can forget it.
 */
export function registerRequestContext(app: FastifyInstance, deps: { db: Db; sessions: SessionService }): void {
  app.decorateRequest('authCtx', null);
  // preValidation: the session and ComId are checked before the body is even parsed against its contract.
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/v2/')) return;
    // A bad ComId answers 400, but only after the token is known good (no session → 401 first, as always).
    let comId: number | null = null;
    let comIdError: unknown = null;
    try {
      comId = parseComId(header(req, 'ComId'));
    } catch (err) {
      comIdError = err;
    }
    // One statement: session, user with grants, and the ComId company with its visibility (session module).
    const { session, user, company, companyVisible } = await deps.sessions.resolveContext(header(req, 'Token'), comId);
    if (comIdError) throw comIdError;
    const periodRaw = header(req, 'Period');
    const period = periodRaw && PERIOD_RE.test(periodRaw) ? periodRaw : null;
    const viewer: Viewer = { orgId: user.orgId, userId: user.id, isAdmin: user.isAdmin, isLeader: user.isLeader, groupId: user.groupId };
    // Same answers as requireVisibleCompany: unknown here (or another org's) 404, outside the user's scope 403.
    if (comId !== null && !company) throw notFound('公司不存在');
    if (comId !== null && !companyVisible) throw forbidden('无权访问该公司');
    req.authCtx = { session, orgId: session.orgId, userId: session.userId, user, viewer, company, period } satisfies AuthContext;
  });
}

/** The caller's context; only /api/v2 routes have one. */
export function auth(req: FastifyRequest): AuthContext {
  if (!req.authCtx) throw unauthorized();
  return req.authCtx;
}

/** The company of the ComId header, required. */
export function requireCompany(req: FastifyRequest): CompanyRow {
  const a = auth(req);
  if (!a.company) throw badRequest('请先选择公司');
  return a.company;
}

/** A comId given in the body (some spec calls carry it there) gets the same org and scope check. */
export async function companyFromBody(db: Db, req: FastifyRequest, raw: unknown): Promise<CompanyRow> {
  const a = auth(req);
  const comId = parseComId(raw);
  if (comId === null) return requireCompany(req);
  if (a.company && a.company.id === comId) return a.company;
  return withTenant(db, a.orgId, (tx: Tx) => requireVisibleCompany(tx, a.viewer, comId));
}

/** Main account only. */
export function requireAdmin(req: FastifyRequest): AuthContext {
  const a = auth(req);
  if (!a.user.isAdmin) throw forbidden('请使用主账号操作');
  return a;
}

/** Platform operator (org 1) main account only. */
export function requirePlatformAdmin(req: FastifyRequest): AuthContext {
  const a = requireAdmin(req);
  if (a.orgId !== 1) throw forbidden('仅平台运营方可操作');
  return a;
}

/** Route-name permission (role list), as the menu uses: '1' grants everything. */
export function requireRoute(req: FastifyRequest, routeName: string): AuthContext {
  const a = auth(req);
  if (a.user.roles.includes('1') || a.user.roles.includes(routeName)) return a;
  throw forbidden('无使用权限');
}
