import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { archives, type ArchiveAttachment } from '../../db/schema';

export type ArchiveRow = typeof archives.$inferSelect;

/** Whose archive: a company (record type 3) or a CRM customer (record type 2). */
export type ArchiveOwner = { recordType: 3; companyId: number } | { recordType: 2; customerId: number };

function ownerWhere(orgId: number, o: ArchiveOwner): SQL | undefined {
  return o.recordType === 3
    ? and(eq(archives.orgId, orgId), eq(archives.recordType, 3), eq(archives.companyId, o.companyId))
    : and(eq(archives.orgId, orgId), eq(archives.recordType, 2), eq(archives.customerId, o.customerId), isNull(archives.companyId));
}

export function listArchives(tx: Tx, orgId: number, o: ArchiveOwner): Promise<ArchiveRow[]> {
  return tx.select().from(archives).where(ownerWhere(orgId, o)).orderBy(desc(archives.recordTime), desc(archives.id));
}

export async function insertArchive(
  tx: Tx,
  v: {
    orgId: number;
    owner: ArchiveOwner;
    title: string;
    archivesDescribe: string;
    customerName: string;
    userName: string;
    recordImgs: ArchiveAttachment[];
    files: ArchiveAttachment[];
    createdBy: number;
  },
): Promise<number> {
  const { owner, ...rest } = v;
  const [row] = await tx
    .insert(archives)
    .values({
      ...rest,
      recordType: owner.recordType,
      companyId: owner.recordType === 3 ? owner.companyId : null,
      customerId: owner.recordType === 2 ? owner.customerId : null,
    })
    .returning({ id: archives.id });
  if (!row) throw new Error('archive insert failed');
  return row.id;
}

export function findArchives(tx: Tx, orgId: number, ids: number[]): Promise<ArchiveRow[]> {
  return tx.select().from(archives).where(and(eq(archives.orgId, orgId), inArray(archives.id, ids))).orderBy(desc(archives.recordTime), desc(archives.id));
}

export async function deleteArchive(tx: Tx, orgId: number, id: number): Promise<void> {
  await tx.delete(archives).where(and(eq(archives.orgId, orgId), eq(archives.id, id)));
}
