import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { uploads } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(
  tx: Tx,
  v: { orgId: number; storageKey: string; name: string; mime: string; size: number; purpose: string; uploaderId: number },
): Promise<UploadRow> {
  const [row] = await tx.insert(uploads).values(v).returning();
  if (!row) throw new Error('upload insert failed');
  return row;
}

export async function findUploadByKey(tx: Tx, { orgId, storageKey }: { orgId: number; storageKey: string }): Promise<UploadRow | undefined> {
  const rows = await tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.orgId, orgId), eq(uploads.storageKey, storageKey)))
    .limit(1);
  return rows[0];
}
