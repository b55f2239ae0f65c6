import type { MyMobileData, SetModuleData, UpdateProfileBody } from '@dzy/domain/contracts/auth.contract';
import { HOME_PATH, modulesFor } from '@dzy/domain/routes/index';
import { AUTH_MESSAGES as M } from '@dzy/domain/validation/messages';
import { maskMobile } from '@dzy/domain/validation/mobile';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { AppError, forbidden } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { deleteSession, updateSession } from '../session/session.repo';
import { setLastModule, updateProfileRow } from './account.repo';
import { findUser } from './user-info.repo';
import { originIsMainAccount } from './user-info.service';

const actor = (a: AuthContext) => ({ orgId: a.orgId, userId: a.userId, cnName: a.user.cnName });
const sessionKey = (a: AuthContext) => ({ orgId: a.orgId, tokenHash: a.session.tokenHash });

/** Ends the caller's session; the token stops working at once. */
export async function logout(db: Db, a: AuthContext): Promise<void> {
  await withTenant(db, a.orgId, async (tx) => {
    await deleteSession(tx, sessionKey(a));
    await logOperation(tx, { ...actor(a), method: '退出登录', target: `user:${a.userId}` });
  });
}

/** Switches the top-level module (spec 000 §4): remembered for the user and for this session's mode. */
export async function setModule(db: Db, a: AuthContext, module: string): Promise<SetModuleData> {
  const target = modulesFor(a.user.primaryRouting).find((m) => m.name === module);
  if (!target) throw forbidden(M.noPermission);
  await withTenant(db, a.orgId, async (tx) => {
    await setLastModule(tx, { orgId: a.orgId, userId: a.userId, module });
    await updateSession(tx, sessionKey(a), { model: module });
    await logOperation(tx, { ...actor(a), method: '切换模块', target: `user:${a.userId}`, content: `切换到${module}` });
  });
  return { indexPath: target.indexPath || HOME_PATH };
}

/**
 * Identity switching: a main account acts as another enabled user of its own org on the same session; the
 * session remembers who logged in, so switching to that user again restores the main account.
 */
export async function switchUser(db: Db, a: AuthContext, targetId: number): Promise<void> {
  const originId = a.session.originUserId ?? a.userId;
  await withTenant(db, a.orgId, async (tx) => {
    if (!(await originIsMainAccount(tx, a))) throw forbidden(M.switchForbidden);
    const target = await findUser(tx, { orgId: a.orgId, userId: targetId });
    if (!target || target.status !== 1) throw new AppError(400, M.switchTargetInvalid);
    if (target.id === a.userId) return;
    const back = target.id === originId;
    await updateSession(tx, sessionKey(a), { userId: target.id, originUserId: back ? null : originId });
    const origin = back ? target : await findUser(tx, { orgId: a.orgId, userId: originId });
    await logOperation(tx, {
      orgId: a.orgId,
      userId: originId,
      cnName: origin?.cnName ?? '',
      method: '切换身份',
      target: `user:${target.id}`,
      content: back ? `从${a.user.cnName}切换回${target.cnName}` : `从${a.user.cnName}切换为${target.cnName}`,
    });
  });
}

/** The caller's bound mobile, masked. */
export function myMobile(a: AuthContext): MyMobileData {
  return { mobile: maskMobile(a.user.tel) };
}

/** Main account's own name and avatar. */
export async function updateProfile(db: Db, a: AuthContext, body: UpdateProfileBody): Promise<void> {
  const patch = body.img === undefined ? { cnName: body.cnName } : { cnName: body.cnName, img: body.img };
  await withTenant(db, a.orgId, async (tx) => {
    await updateProfileRow(tx, { orgId: a.orgId, userId: a.userId }, patch);
    await logOperation(tx, {
      ...actor(a),
      method: '修改资料',
      target: `user:${a.userId}`,
      content: a.user.cnName === body.cnName ? '修改头像' : `姓名 ${a.user.cnName} → ${body.cnName}`,
    });
  });
}
