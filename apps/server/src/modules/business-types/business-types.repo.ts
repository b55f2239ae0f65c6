/**
 * The company's business types: lazy materialisation of the defaults and the one resolver the document modules
 * (invoices, bank) use to turn a line's type into its subject.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_BUSINESS_TYPES, type BusinessGroup, type BusinessKind } from '@dzy/domain/business-types/business-types';
import { isSubjectSettingKey, type SubjectSettingKey } from '@dzy/domain/contracts/book-settings.contract';
import type { Tx } from '../../db/client';
import { businessTypes } from '../../db/schema';
import type { BookSettings } from '../book-settings/book-settings.repo';
import { subjectAtPath } from '../book-settings/book-settings.repo';
import type { SubjectRow } from '../subjects/subjects.repo';

export type BusinessTypeRow = typeof businessTypes.$inferSelect;
export type BusinessTypeInsert = typeof businessTypes.$inferInsert;

export interface CompanyKey {
  orgId: number;
  companyId: number;
}

const ofCompany = (k: CompanyKey) => and(eq(businessTypes.orgId, k.orgId), eq(businessTypes.companyId, k.companyId));

/**
 * Writes the defaults the company lacks (first use, or defaults added by a later release), inside the caller's
 * transaction. Idempotent: a count of the company's default rows decides, and ON CONFLICT DO NOTHING keeps two
 * concurrent first uses from clashing. Defaults are never deleted (only stopped), so none is brought back.
 */
export async function ensureDefaultBusinessTypes(tx: Tx, k: CompanyKey): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(businessTypes)
    .where(and(ofCompany(k), eq(businessTypes.isDefault, true)));
  if ((row?.n ?? 0) >= DEFAULT_BUSINESS_TYPES.length) return;
  await tx
    .insert(businessTypes)
    .values(
      DEFAULT_BUSINESS_TYPES.map((d, i) => ({
        orgId: k.orgId,
        companyId: k.companyId,
        id: d.id,
        groupCode: d.group,
        name: d.name,
        key: d.key,
        direction: d.direction,
        settingKey: d.setting,
        namePath: d.path ? [...d.path] : null,
        kind: d.kind,
        category: d.category,
        sort: (i + 1) * 10,
        isDefault: true,
      })),
    )
    .onConflictDoNothing();
}

/** The company's types (defaults written first), optionally of one group, in display order. */
export async function listBusinessTypes(tx: Tx, k: CompanyKey & { group?: BusinessGroup }): Promise<BusinessTypeRow[]> {
  await ensureDefaultBusinessTypes(tx, k);
  return tx
    .select()
    .from(businessTypes)
    .where(and(ofCompany(k), k.group ? eq(businessTypes.groupCode, k.group) : undefined))
    .orderBy(asc(businessTypes.sort), asc(businessTypes.id));
}

export async function lockBusinessType(tx: Tx, k: CompanyKey & { id: number }): Promise<BusinessTypeRow | undefined> {
  await ensureDefaultBusinessTypes(tx, k);
  const rows = await tx.select().from(businessTypes).where(and(ofCompany(k), eq(businessTypes.id, k.id))).for('update');
  return rows[0];
}

export async function insertBusinessType(tx: Tx, values: BusinessTypeInsert): Promise<BusinessTypeRow> {
  const [row] = await tx.insert(businessTypes).values(values).returning();
  if (!row) throw new Error('business type insert failed');
  return row;
}

export async function updateBusinessType(tx: Tx, k: CompanyKey & { id: number }, patch: Partial<BusinessTypeInsert>): Promise<BusinessTypeRow> {
  const [row] = await tx
    .update(businessTypes)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(ofCompany(k), eq(businessTypes.id, k.id)))
    .returning();
  if (!row) throw new Error('business type update failed');
  return row;
}

export async function deleteBusinessType(tx: Tx, k: CompanyKey & { id: number }): Promise<void> {
  await tx.delete(businessTypes).where(and(ofCompany(k), eq(businessTypes.id, k.id)));
}

/** A business type as the document modules see it: where its subject comes from, and its markers. */
export interface ResolvedBusinessType {
  id: number;
  /** What bank / cash lines store; String(id) for the other groups. */
  key: string;
  group: BusinessGroup;
  name: string;
  direction: 1 | 2 | null;
  /** The bound subject, when the user bound one (it wins over setting and path). */
  subjectId: number | null;
  setting: SubjectSettingKey | null;
  path: readonly string[] | null;
  kind: BusinessKind;
  category: number | null;
  stopped: boolean;
  isDefault: boolean;
}

export function toResolved(r: BusinessTypeRow): ResolvedBusinessType {
  return {
    id: r.id,
    key: r.key ?? String(r.id),
    group: r.groupCode as BusinessGroup,
    name: r.name,
    direction: r.direction === 1 || r.direction === 2 ? r.direction : null,
    subjectId: r.subjectId,
    setting: r.settingKey !== null && isSubjectSettingKey(r.settingKey) ? r.settingKey : null,
    path: r.namePath,
    kind: r.kind as BusinessKind,
    category: r.category,
    stopped: r.stopped,
    isDefault: r.isDefault,
  };
}

/** Looks a line's type up by id (invoice lines) or key (bank / cash lines, whose key is the stored value). */
export interface BusinessTypeLookup {
  byRef(ref: number | string): ResolvedBusinessType | undefined;
  all: readonly ResolvedBusinessType[];
}

/**
 * THE resolver for document modules: the company's types of the given groups (defaults materialised in this
 * transaction first), looked up by a line's stored reference — an id for invoice lines, a key for bank lines.
 */
export async function resolveBusinessTypes(tx: Tx, k: CompanyKey & { groups: readonly BusinessGroup[] }): Promise<BusinessTypeLookup> {
  const rows = (await listBusinessTypes(tx, k)).filter((r) => k.groups.includes(r.groupCode as BusinessGroup)).map(toResolved);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return {
    all: rows,
    byRef: (ref) => (typeof ref === 'number' ? byId.get(ref) : (byKey.get(ref) ?? (/^\d+$/.test(ref) ? byId.get(Number(ref)) : undefined))),
  };
}

/** One type by id or key (see resolveBusinessTypes). */
export async function resolveBusinessType(
  tx: Tx,
  k: CompanyKey & { group: BusinessGroup; id?: number; key?: string },
): Promise<ResolvedBusinessType | undefined> {
  const lookup = await resolveBusinessTypes(tx, { ...k, groups: [k.group] });
  return lookup.byRef(k.id ?? k.key ?? '');
}

const liveLeaf = (s: SubjectRow | undefined): s is SubjectRow => s !== undefined && s.isLeaf && s.status === 1;

/**
 * The subject a type posts to: the bound subject (a live leaf), else the book setting, else the name path.
 * 'missingSetting' names the unset book setting (callers answer the spec §8 message); 'none' when nothing fits.
 */
export type TypeSubject = { ok: true; subject: SubjectRow } | { ok: false; missingSetting: SubjectSettingKey | null };

export function subjectOfBusinessType(t: ResolvedBusinessType, chart: readonly SubjectRow[], settings: BookSettings): TypeSubject {
  if (t.subjectId !== null) {
    const s = chart.find((c) => c.id === t.subjectId);
    return liveLeaf(s) ? { ok: true, subject: s } : { ok: false, missingSetting: null };
  }
  if (t.setting) {
    const id = settings.subjects[t.setting].subjectId;
    const s = id === null ? undefined : chart.find((c) => c.id === id);
    return liveLeaf(s) ? { ok: true, subject: s } : { ok: false, missingSetting: id === null ? t.setting : null };
  }
  const s = t.path ? subjectAtPath(chart, t.path) : undefined;
  return s ? { ok: true, subject: s } : { ok: false, missingSetting: null };
}
