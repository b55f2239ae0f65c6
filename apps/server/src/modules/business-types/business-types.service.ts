/**
 * Business types per company (/setting/business): list with the subject each type posts to now, add / edit,
 * stop / enable, delete (custom types no document uses), and find-or-create by subject for the prepended entries.
 * Every write is one transaction with an operation-log entry.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessTypeCode, customBusinessTypeKey, groupHasDirection, groupUsesKey, isAssetKind, type BusinessGroup } from '@dzy/domain/business-types/business-types';
import {
  BUSINESS_TYPE_MESSAGES as M,
  type BusinessTypeItem,
  type BusinessTypeListResult,
  type businessTypeForSubjectBody,
  type businessTypeIdBody,
  type businessTypeListBody,
  type businessTypeStopBody,
  type saveBusinessTypeBody,
} from '@dzy/domain/contracts/business-types.contract';
import { settingDef } from '@dzy/domain/contracts/book-settings.contract';
import type { Db, Tx } from '../../db/client';
import { bankLines, businessTypes, invoiceLines } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { resolveSettings, savedSettings, type BookSettings } from '../book-settings/book-settings.repo';
import type { CompanyRow } from '../companies/company-visibility';
import { listSubjects, type SubjectRow } from '../subjects/subjects.repo';
import { subjectPathName } from '../subjects/subject-mapper';
import {
  deleteBusinessType,
  insertBusinessType,
  listBusinessTypes,
  lockBusinessType,
  subjectOfBusinessType,
  toResolved,
  updateBusinessType,
  type BusinessTypeRow,
  type CompanyKey,
} from './business-types.repo';

export function toItem(r: BusinessTypeRow, chart: readonly SubjectRow[], settings: BookSettings): BusinessTypeItem {
  const t = toResolved(r);
  const hit = subjectOfBusinessType(t, chart, settings);
  const source = t.subjectId !== null ? 'subject' : t.setting ? 'setting' : 'path';
  return {
    id: t.id,
    group: t.group,
    name: t.name,
    key: t.key,
    direction: t.direction,
    subjectId: t.subjectId,
    subjectCode: hit.ok ? hit.subject.code : '',
    subjectName: hit.ok ? subjectPathName(chart, hit.subject) : '',
    source,
    fallback: t.setting ? `习惯设置：${settingDef(t.setting)?.name ?? t.setting}` : t.path ? t.path.join('-') : '',
    kind: t.kind,
    category: t.category,
    typeCode: businessTypeCode(t.kind, t.category),
    sort: r.sort,
    stopped: t.stopped,
    isDefault: t.isDefault,
  };
}

async function chartAndSettings(tx: Tx, k: CompanyKey): Promise<{ chart: SubjectRow[]; settings: BookSettings }> {
  const [saved, chart] = await Promise.all([savedSettings(tx, k), listSubjects(tx, k)]);
  return { chart, settings: resolveSettings(saved, chart) };
}

const actor = (a: AuthContext, company: CompanyRow) => ({ orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, companyId: company.id, companyName: company.name });

export async function businessTypeList(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof businessTypeListBody>): Promise<BusinessTypeListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const rows = await listBusinessTypes(tx, { ...k, group: v.group });
    const { chart, settings } = await chartAndSettings(tx, k);
    return { list: rows.filter((r) => v.withStopped || !r.stopped).map((r) => toItem(r, chart, settings)) };
  });
}

function checkLeaf(chart: readonly SubjectRow[], id: number): SubjectRow {
  const s = chart.find((c) => c.id === id);
  if (!s) throw badRequest(M.subjectNotFound);
  if (!s.isLeaf) throw badRequest(M.subjectNotLeaf);
  if (s.status !== 1) throw badRequest(M.subjectStopped);
  return s;
}

async function nameTaken(tx: Tx, k: CompanyKey & { group: string; name: string; exceptId?: number }): Promise<boolean> {
  const rows = await tx
    .select({ id: businessTypes.id })
    .from(businessTypes)
    .where(and(eq(businessTypes.orgId, k.orgId), eq(businessTypes.companyId, k.companyId), eq(businessTypes.groupCode, k.group), eq(businessTypes.name, k.name)));
  return rows.some((r) => r.id !== k.exceptId);
}

/** Inserts a custom type; bank and cash types get their line key u<id>. */
async function insertCustom(tx: Tx, values: Omit<Parameters<typeof insertBusinessType>[1], 'id' | 'key' | 'isDefault'>): Promise<BusinessTypeRow> {
  const row = await insertBusinessType(tx, { ...values, isDefault: false });
  if (!groupUsesKey(row.groupCode as BusinessGroup)) return row;
  return updateBusinessType(tx, { orgId: row.orgId, companyId: row.companyId, id: row.id }, { key: customBusinessTypeKey(row.id) });
}

export async function saveBusinessType(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof saveBusinessTypeBody>): Promise<BusinessTypeItem> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const { chart, settings } = await chartAndSettings(tx, k);
    const direction = groupHasDirection(v.group) ? (v.direction ?? null) : null;
    if (groupHasDirection(v.group) && direction === null) throw badRequest(M.directionRequired);
    if (v.subjectId !== undefined && v.subjectId !== null) checkLeaf(chart, v.subjectId);
    if (await nameTaken(tx, { ...k, group: v.group, name: v.name, exceptId: v.id })) throw conflict(M.nameTaken);
    const kind = v.group === 'in' || v.group === 'out' ? v.kind : '';
    const category = kind === 'inventory' ? (v.category ?? null) : null;
    if (kind === 'inventory' && category === null) throw badRequest('请选择类别');
    if ((isAssetKind(kind) && v.group !== 'in') || (kind === 'clearFixed' && v.group !== 'out')) throw badRequest('业务类别不适用于此分组');

    if (v.id === undefined) {
      if (v.subjectId === undefined || v.subjectId === null) throw badRequest(M.subjectRequired);
      const row = await insertCustom(tx, { ...k, groupCode: v.group, name: v.name, direction, subjectId: v.subjectId, kind, category, sort: v.sort ?? 1000 });
      await logOperation(tx, { ...actor(a, company), method: '新增业务类型', target: `business-type:${row.id}`, after: { group: v.group, name: v.name, subjectId: v.subjectId } });
      return toItem(row, chart, settings);
    }
    const old = await lockBusinessType(tx, { ...k, id: v.id });
    if (!old) throw notFound(M.notFound);
    if (old.groupCode !== v.group) throw badRequest('业务类型分组不能修改');
    // A default keeps its markers and direction (saved lines rely on them); name, subject and order may change.
    const patch = old.isDefault
      ? { name: v.name, subjectId: v.subjectId ?? null, sort: v.sort ?? old.sort }
      : { name: v.name, subjectId: v.subjectId ?? old.subjectId, direction, kind, category, sort: v.sort ?? old.sort };
    if (!old.isDefault && patch.subjectId === null) throw badRequest(M.subjectRequired);
    const row = await updateBusinessType(tx, { ...k, id: v.id }, patch);
    await logOperation(tx, {
      ...actor(a, company),
      method: '修改业务类型',
      target: `business-type:${row.id}`,
      before: { name: old.name, subjectId: old.subjectId, direction: old.direction, kind: old.kind },
      after: { name: row.name, subjectId: row.subjectId, direction: row.direction, kind: row.kind },
    });
    return toItem(row, chart, settings);
  });
}

export async function businessTypeStop(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof businessTypeStopBody>): Promise<void> {
  await withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const old = await lockBusinessType(tx, { ...k, id: v.id });
    if (!old) throw notFound(M.notFound);
    await updateBusinessType(tx, { ...k, id: v.id }, { stopped: v.stopped });
    await logOperation(tx, { ...actor(a, company), method: v.stopped ? '停用业务类型' : '启用业务类型', target: `business-type:${old.id}`, content: old.name });
  });
}

/** Whether any document line uses the type (invoice lines by id, bank lines by key). */
async function typeInUse(tx: Tx, k: CompanyKey, row: BusinessTypeRow): Promise<boolean> {
  if (row.groupCode === 'in' || row.groupCode === 'out') {
    const [hit] = await tx
      .select({ n: sql<number>`1` })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.orgId, k.orgId), eq(invoiceLines.companyId, k.companyId), eq(invoiceLines.businessTypeId, row.id)))
      .limit(1);
    return hit !== undefined;
  }
  if (row.key === null) return false;
  const [hit] = await tx
    .select({ n: sql<number>`1` })
    .from(bankLines)
    .where(and(eq(bankLines.orgId, k.orgId), eq(bankLines.companyId, k.companyId), eq(bankLines.businessType, row.key)))
    .limit(1);
  return hit !== undefined;
}

export async function delBusinessType(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof businessTypeIdBody>): Promise<void> {
  await withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const old = await lockBusinessType(tx, { ...k, id: v.id });
    if (!old) throw notFound(M.notFound);
    if (old.isDefault) throw badRequest(M.defaultNotDeletable);
    if (await typeInUse(tx, k, old)) throw conflict(M.inUse);
    await deleteBusinessType(tx, { ...k, id: v.id });
    await logOperation(tx, { ...actor(a, company), method: '删除业务类型', target: `business-type:${old.id}`, before: { group: old.groupCode, name: old.name, subjectId: old.subjectId } });
  });
}

/**
 * 新增科目 / 新增存货: the group's live type posting to this subject (and direction), created — named after the
 * subject — when there is none. An inventory category marks a new type as an inventory type.
 */
export async function businessTypeForSubject(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof businessTypeForSubjectBody>): Promise<BusinessTypeItem> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const { chart, settings } = await chartAndSettings(tx, k);
    const subject = checkLeaf(chart, v.subjectId);
    const direction = groupHasDirection(v.group) ? (v.direction ?? null) : null;
    if (groupHasDirection(v.group) && direction === null) throw badRequest(M.directionRequired);
    const rows = await listBusinessTypes(tx, { ...k, group: v.group });
    // A type bound to the subject wins; else one that reaches it by setting or name path (e.g. 原材料 → 1403).
    const live = rows.filter((r) => !r.stopped && r.direction === direction);
    const found =
      live.find((r) => r.subjectId === subject.id) ??
      live.find((r) => {
        const hit = subjectOfBusinessType(toResolved(r), chart, settings);
        return hit.ok && hit.subject.id === subject.id;
      });
    if (found) return toItem(found, chart, settings);
    const base = subject.name.slice(0, 50);
    const name = rows.some((r) => r.name === base) ? `${base}(${subject.code})`.slice(0, 50) : base;
    const inventory = v.category !== undefined && v.category !== null && (v.group === 'in' || v.group === 'out');
    const row = await insertCustom(tx, {
      ...k,
      groupCode: v.group,
      name,
      direction,
      subjectId: subject.id,
      kind: inventory ? 'inventory' : '',
      category: inventory ? (v.category ?? null) : null,
      sort: 1000,
    });
    await logOperation(tx, { ...actor(a, company), method: '新增业务类型', target: `business-type:${row.id}`, after: { group: v.group, name, subjectId: subject.id } });
    return toItem(row, chart, settings);
  });
}
