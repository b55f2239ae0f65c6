/**
 * Test fixtures: a main account of org 1 (the platform operator) with a live session. Org 1 may already
 * exist (another test's tenant took id 1, or a seed made it); otherwise it is created with id 1 and the
 * identity sequence is moved past it so later inserts do not collide.
 */
import { randomUUID } from 'node:crypto';
import { PLATFORM_ORG_ID } from '@dzy/domain/routes/index';
import { userLogins, users } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import type { TestContext } from '../../test/test-app';
import { ensurePlatformOrg, TEST_PASSWORD, testPasswordHash } from '../../test/test-app';
import { createSessionService } from '../session/session.service';

export interface PlatformAdmin {
  userId: number;
  username: string;
  token: string;
}

export { ensurePlatformOrg };

export async function platformAdmin(ctx: TestContext): Promise<PlatformAdmin> {
  await ensurePlatformOrg(ctx);
  const username = `pt_${randomUUID().slice(0, 8)}`;
  const hash = await testPasswordHash();
  const userId = await withSystem(ctx.database.db, async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({ orgId: PLATFORM_ORG_ID, username, passwordHash: hash, cnName: '平台管理员', isAdmin: true })
      .returning({ id: users.id });
    if (!u) throw new Error('platform admin insert failed');
    await tx.insert(userLogins).values({ username, orgId: PLATFORM_ORG_ID, userId: u.id });
    return u.id;
  });
  const token = await createSessionService(ctx.database.db, { ttlHours: 1 }).start(PLATFORM_ORG_ID, userId, '127.0.0.1');
  return { userId, username, token };
}

export { TEST_PASSWORD };
