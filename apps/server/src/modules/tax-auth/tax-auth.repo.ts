import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, taxLoginCompanies, taxLogins } from '../../db/schema';

export type TaxLoginRow = typeof taxLogins.$inferSelect;
export type TaxLinkRow = typeof taxLoginCompanies.$inferSelect;
export interface LinkedLogin {
  login: TaxLoginRow;
  link: TaxLinkRow;
}

/** The logins bound to a company, priority first, then in binding order. */
export async function loginsOfCompany(tx: Tx, { orgId, companyId }: { orgId: number; companyId: number }): Promise<LinkedLogin[]> {
  return tx
    .select({ login: taxLogins, link: taxLoginCompanies })
    .from(taxLoginCompanies)
    .innerJoin(taxLogins, and(eq(taxLogins.orgId, taxLoginCompanies.orgId), eq(taxLogins.id, taxLoginCompanies.loginId)))
    .where(and(eq(taxLoginCompanies.orgId, orgId), eq(taxLoginCompanies.companyId, companyId)))
    .orderBy(desc(taxLoginCompanies.seq), asc(taxLoginCompanies.id));
}

export async function findLinkedLogin(tx: Tx, { orgId, companyId, loginId }: { orgId: number; companyId: number; loginId: number }): Promise<LinkedLogin | undefined> {
  const rows = await tx
    .select({ login: taxLogins, link: taxLoginCompanies })
    .from(taxLoginCompanies)
    .innerJoin(taxLogins, and(eq(taxLogins.orgId, taxLoginCompanies.orgId), eq(taxLogins.id, taxLoginCompanies.loginId)))
    .where(and(eq(taxLoginCompanies.orgId, orgId), eq(taxLoginCompanies.companyId, companyId), eq(taxLoginCompanies.loginId, loginId)))
    .limit(1);
  return rows[0];
}

/** Links by id, with their login; locked, since unbind and priority decide on the rows they read. */
export async function linksByIds(tx: Tx, { orgId, ids }: { orgId: number; ids: number[] }): Promise<LinkedLogin[]> {
  return tx
    .select({ login: taxLogins, link: taxLoginCompanies })
    .from(taxLoginCompanies)
    .innerJoin(taxLogins, and(eq(taxLogins.orgId, taxLoginCompanies.orgId), eq(taxLogins.id, taxLoginCompanies.loginId)))
    .where(and(eq(taxLoginCompanies.orgId, orgId), inArray(taxLoginCompanies.id, ids)))
    .orderBy(asc(taxLoginCompanies.id))
    .for('update', { of: taxLoginCompanies });
}

export async function findAccount(tx: Tx, { orgId, methodName, zzridno, idNo }: { orgId: number; methodName: string; zzridno: string; idNo: string }) {
  const rows = await tx
    .select()
    .from(taxLogins)
    .where(and(eq(taxLogins.orgId, orgId), eq(taxLogins.methodName, methodName), eq(taxLogins.zzridno, zzridno), eq(taxLogins.idNo, idNo)))
    .limit(1);
  return rows[0];
}

export async function accountTaken(tx: Tx, a: { orgId: number; methodName: string; zzridno: string; idNo: string; exceptId: number }): Promise<boolean> {
  const rows = await tx
    .select({ id: taxLogins.id })
    .from(taxLogins)
    .where(and(eq(taxLogins.orgId, a.orgId), eq(taxLogins.methodName, a.methodName), eq(taxLogins.zzridno, a.zzridno), eq(taxLogins.idNo, a.idNo), ne(taxLogins.id, a.exceptId)))
    .limit(1);
  return rows.length > 0;
}

export type LoginValues = Omit<typeof taxLogins.$inferInsert, 'orgId' | 'id' | 'createdAt'>;

export async function insertLogin(tx: Tx, orgId: number, v: LoginValues): Promise<TaxLoginRow> {
  const [row] = await tx.insert(taxLogins).values({ orgId, ...v }).returning();
  if (!row) throw new Error('tax login insert failed');
  return row;
}

export async function updateLogin(tx: Tx, { orgId, id }: { orgId: number; id: number }, v: Partial<LoginValues>): Promise<void> {
  await tx.update(taxLogins).set({ ...v, updatedAt: sql`now()` }).where(and(eq(taxLogins.orgId, orgId), eq(taxLogins.id, id)));
}

export async function deleteLogin(tx: Tx, { orgId, id }: { orgId: number; id: number }): Promise<void> {
  await tx.delete(taxLogins).where(and(eq(taxLogins.orgId, orgId), eq(taxLogins.id, id)));
}

export async function insertLink(tx: Tx, v: { orgId: number; loginId: number; companyId: number; seq: number }): Promise<TaxLinkRow> {
  const [row] = await tx.insert(taxLoginCompanies).values(v).returning();
  if (!row) throw new Error('tax login link insert failed');
  return row;
}

export async function deleteLink(tx: Tx, { orgId, id }: { orgId: number; id: number }): Promise<void> {
  await tx.delete(taxLoginCompanies).where(and(eq(taxLoginCompanies.orgId, orgId), eq(taxLoginCompanies.id, id)));
}

export async function countLinks(tx: Tx, where: { orgId: number; companyId?: number; loginId?: number }): Promise<number> {
  const conds = [eq(taxLoginCompanies.orgId, where.orgId)];
  if (where.companyId !== undefined) conds.push(eq(taxLoginCompanies.companyId, where.companyId));
  if (where.loginId !== undefined) conds.push(eq(taxLoginCompanies.loginId, where.loginId));
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(taxLoginCompanies).where(and(...conds));
  return row?.n ?? 0;
}

/** Priority is per company: setting one link to 99 sets the company's others to 0. */
export async function setLinkSeq(tx: Tx, { orgId, link, seq }: { orgId: number; link: TaxLinkRow; seq: number }): Promise<void> {
  if (seq === 99) {
    await tx
      .update(taxLoginCompanies)
      .set({ seq: 0 })
      .where(and(eq(taxLoginCompanies.orgId, orgId), eq(taxLoginCompanies.companyId, link.companyId), ne(taxLoginCompanies.id, link.id)));
  }
  await tx.update(taxLoginCompanies).set({ seq }).where(and(eq(taxLoginCompanies.orgId, orgId), eq(taxLoginCompanies.id, link.id)));
}

export async function companyIdsOfLogin(tx: Tx, { orgId, loginId }: { orgId: number; loginId: number }): Promise<number[]> {
  const rows = await tx
    .select({ id: taxLoginCompanies.companyId })
    .from(taxLoginCompanies)
    .where(and(eq(taxLoginCompanies.orgId, orgId), eq(taxLoginCompanies.loginId, loginId)));
  return rows.map((r) => r.id);
}

/** Logins bound to any of these companies (for refreshing the company rows' states). */
export async function loginsOfCompanies(tx: Tx, { orgId, companyIds }: { orgId: number; companyIds: number[] }): Promise<TaxLoginRow[]> {
  if (companyIds.length === 0) return [];
  return tx
    .selectDistinct({ login: taxLogins })
    .from(taxLoginCompanies)
    .innerJoin(taxLogins, and(eq(taxLogins.orgId, taxLoginCompanies.orgId), eq(taxLogins.id, taxLoginCompanies.loginId)))
    .where(and(eq(taxLoginCompanies.orgId, orgId), inArray(taxLoginCompanies.companyId, companyIds)))
    .then((rows) => rows.map((r) => r.login));
}

/**
 * companies.keep_status / login_method follow each company's priority login (seq 99, else the first bound);
 * a company without logins is unauthorized with no method.
 */
export async function syncCompanyStatus(tx: Tx, { orgId, companyIds }: { orgId: number; companyIds: number[] }): Promise<void> {
  if (companyIds.length === 0) return;
  await tx.execute(sql`
    update ${companies} c
       set keep_status = coalesce(p.keep_status, 0), login_method = p.login_method
      from (select cid.id as company_id, top.keep_status, top.login_method
              from unnest(${sql.raw(`ARRAY[${companyIds.map((id) => Number(id)).join(',')}]::int[]`)}) as cid(id)
              left join lateral (
                select l.keep_status, l.login_method
                  from ${taxLoginCompanies} lc
                  join ${taxLogins} l on l.org_id = lc.org_id and l.id = lc.login_id
                 where lc.org_id = ${orgId} and lc.company_id = cid.id
                 order by lc.seq desc, lc.id asc
                 limit 1) top on true) p
     where c.org_id = ${orgId} and c.id = p.company_id`);
}

/** Each company's state and its priority login's error text, for the company rows. */
export async function companiesStatus(tx: Tx, { orgId, ids }: { orgId: number; ids: number[] }) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: companies.id, keepStatus: companies.keepStatus, loginMethod: companies.loginMethod })
    .from(companies)
    .where(and(eq(companies.orgId, orgId), inArray(companies.id, ids)));
  const links = await tx
    .select({ companyId: taxLoginCompanies.companyId, keepErr: taxLogins.keepErr })
    .from(taxLoginCompanies)
    .innerJoin(taxLogins, and(eq(taxLogins.orgId, taxLoginCompanies.orgId), eq(taxLogins.id, taxLoginCompanies.loginId)))
    .where(and(eq(taxLoginCompanies.orgId, orgId), inArray(taxLoginCompanies.companyId, ids)))
    .orderBy(desc(taxLoginCompanies.seq), asc(taxLoginCompanies.id));
  const errOf = new Map<number, string>();
  for (const l of links) if (!errOf.has(l.companyId)) errOf.set(l.companyId, l.keepErr);
  return rows.map((r) => ({ ...r, keepErr: errOf.get(r.id) ?? '' }));
}
