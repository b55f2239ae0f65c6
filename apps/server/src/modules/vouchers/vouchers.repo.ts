import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { subjects, voucherLines, vouchers } from '../../db/schema';

export type VoucherRow = typeof vouchers.$inferSelect;
export type VoucherLineRow = typeof voucherLines.$inferSelect;

export interface CompanyScope {
  orgId: number;
  companyId: number;
}

/** Vouchers of this company by id (another company's ids simply do not match). FOR UPDATE when about to change them. */
export async function vouchersByIds(tx: Tx, s: CompanyScope, ids: number[], opts: { forUpdate?: boolean } = {}): Promise<VoucherRow[]> {
  if (ids.length === 0) return [];
  const q = tx
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.orgId, s.orgId), eq(vouchers.companyId, s.companyId), inArray(vouchers.id, ids)))
    .orderBy(asc(vouchers.period), asc(vouchers.voucherWord), asc(vouchers.voucherNo), asc(vouchers.id));
  return opts.forUpdate ? q.for('update') : q;
}

export async function voucherById(tx: Tx, s: CompanyScope, id: number, opts: { forUpdate?: boolean } = {}): Promise<VoucherRow | undefined> {
  return (await vouchersByIds(tx, s, [id], opts))[0];
}

export async function linesOf(tx: Tx, orgId: number, voucherIds: number[]): Promise<VoucherLineRow[]> {
  if (voucherIds.length === 0) return [];
  return tx
    .select()
    .from(voucherLines)
    .where(and(eq(voucherLines.orgId, orgId), inArray(voucherLines.voucherId, voucherIds)))
    .orderBy(asc(voucherLines.voucherId), asc(voucherLines.lineNo));
}

export interface SubjectLookupRow {
  id: number;
  code: string;
  name: string;
  isLeaf: boolean;
  status: number;
  fzhsCategoryId: number | null;
}

/** Only this company's subjects: an id of another company's chart is simply unknown. */
export async function subjectsForLines(tx: Tx, s: CompanyScope, ids: number[]): Promise<Map<number, SubjectLookupRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: subjects.id, code: subjects.code, name: subjects.name, isLeaf: subjects.isLeaf, status: subjects.status, fzhsCategoryId: subjects.fzhsCategoryId })
    .from(subjects)
    .where(and(eq(subjects.orgId, s.orgId), eq(subjects.companyId, s.companyId), inArray(subjects.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}
