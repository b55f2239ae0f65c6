/** Test-only helpers of the auth tests: extra users straight through the database, logins from chosen addresses. */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { withSystem } from '../../db/tenant';
import { roles, userLogins, userRoles, users } from '../../db/schema';
import { testPasswordHash, type TestContext } from '../../test/test-app';

/** A fresh client address per test, so failure counts of one test never throttle another (auth_failures is global). */
export function uniqueIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export function login(
  app: FastifyInstance,
  body: { username: string; password: string; captchaId?: string; captchaValue?: string },
  ip: string,
) {
  return app.inject({ method: 'POST', url: '/api/public/login', payload: body, remoteAddress: ip, headers: { Version: 'v3' } });
}

export interface ExtraUser {
  id: number;
  username: string;
  cnName: string;
}

/** Inserts a user of an org (password TEST_PASSWORD), optionally with one role granting routes, buttons and modules. */
export async function addUser(
  ctx: TestContext,
  orgId: number,
  opts: {
    cnName?: string;
    tel?: string;
    isAdmin?: boolean;
    status?: number;
    role?: { routes?: string[]; buttons?: string[]; modules?: string[] };
  } = {},
): Promise<ExtraUser> {
  const username = `u_${randomUUID().slice(0, 10)}`;
  const cnName = opts.cnName ?? `员工${username.slice(2, 6)}`;
  const hash = await testPasswordHash();
  const id = await withSystem(ctx.database.db, async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({ orgId, username, passwordHash: hash, cnName, tel: opts.tel ?? '', isAdmin: opts.isAdmin ?? false, status: opts.status ?? 1 })
      .returning({ id: users.id });
    if (!u) throw new Error('user insert failed');
    await tx.insert(userLogins).values({ username, orgId, userId: u.id });
    if (opts.role) {
      const [r] = await tx
        .insert(roles)
        .values({ orgId, name: `角色${username}`, routes: opts.role.routes ?? [], buttons: opts.role.buttons ?? [], modules: opts.role.modules ?? [] })
        .returning({ id: roles.id });
      if (!r) throw new Error('role insert failed');
      await tx.insert(userRoles).values({ orgId, userId: u.id, roleId: r.id });
    }
    return u.id;
  });
  return { id, username, cnName };
}
