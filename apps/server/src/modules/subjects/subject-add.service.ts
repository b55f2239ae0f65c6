import type { z } from 'zod';
import {
  SUBJECT_MESSAGES,
  type BatchAddSubjectResult,
  type RecommendSubjectsResult,
  type SaveSubjectResult,
  type SubjectDirection,
  type batchAddSubjectBody,
  type saveSubjectBody,
} from '@dzy/domain/contracts/subjects.contract';
import { nextChildCode, normalizeCode, recommendSubjects as recommendedFor } from '@dzy/domain/ledger/index';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { companyType } from '../companies/company-mapper';
import type { CompanyRow } from '../companies/company-visibility';
import { createFzhsItem } from '../fzhs/fzhs-items';
import { attachChild } from './subject-children';
import { inLedger, type LedgerScope } from './subject-ledger';
import { pathNames, toSubjectItem } from './subject-mapper';
import { childrenOf, findSubjectByCode, listSubjects, lockSubject, type SubjectRow } from './subjects.repo';

interface NewChild {
  name: string;
  type?: SubjectDirection;
  quantity?: boolean;
  unit?: string;
}

/** The parent, locked so concurrent adds under it compute the next code one at a time. */
async function lockParent(s: LedgerScope, id: number): Promise<SubjectRow> {
  const parent = await lockSubject(s.tx, { ...s.k, id });
  if (!parent) throw badRequest(SUBJECT_MESSAGES.parentNotFound);
  if (parent.status === 0) throw badRequest(SUBJECT_MESSAGES.parentStopped);
  return parent;
}

/**
 * Adds one child: unique name under the parent, next free code of the scheme ('科目级次已达上限' when the level
 * is full or the parent is at the deepest level), direction and quantity accounting default to the parent's.
 */
async function addChild(s: LedgerScope, parent: SubjectRow, c: NewChild): Promise<{ row: SubjectRow; moved: boolean }> {
  const siblings = await childrenOf(s.tx, { ...s.k, parentId: parent.id });
  if (siblings.some((r) => r.name === c.name)) throw conflict(SUBJECT_MESSAGES.nameTaken);
  const code = nextChildCode(
    parent.code,
    siblings.map((r) => r.code),
    s.set.codeLevels,
  );
  if (code === null) throw badRequest(SUBJECT_MESSAGES.levelFull);
  const result = await attachChild(s.tx, s.k, parent, {
    code,
    name: c.name,
    direction: c.type ?? parent.direction,
    quantity: c.quantity ?? parent.quantity,
    unit: c.unit ?? parent.unit,
    source: 'user',
  });
  await s.log(
    '新增科目',
    `subject:${result.row.id}`,
    `${code} ${c.name}（上级:${parent.code} ${parent.name}）${result.moved ? '；上级科目的凭证和余额已转入本科目' : ''}`,
  );
  return result;
}

async function itemOf(s: LedgerScope, row: SubjectRow) {
  const names = pathNames(await listSubjects(s.tx, s.k));
  return toSubjectItem(row, names.get(row.id) ?? row.name, s.naming);
}

/**
 * 新增科目 (spec 001 add-subject dialog). Under a parent with auxiliary accounting the dialog asks for an
 * auxiliary code and name instead: an item of the parent's category is created and the parent is answered with it.
 * The permission (kjkm_xz) and settlement checks run before this, in the route.
 */
export function saveSubject(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof saveSubjectBody>): Promise<SaveSubjectResult> {
  return inLedger(db, a, company, async (s) => {
    const parent = await lockParent(s, v.subjectId);
    if (parent.fzhsCategoryId !== null) {
      if (!v.fzhsName) throw badRequest(SUBJECT_MESSAGES.fzhsNameRequired);
      if (!v.fzhsCode) throw badRequest(SUBJECT_MESSAGES.fzhsCodeRequired);
      const { row, category } = await createFzhsItem(s.tx, { ...s.k, categoryId: parent.fzhsCategoryId, code: v.fzhsCode, name: v.fzhsName });
      await s.log('新增辅助核算项目', `fzhs:${row.id}`, `${category.name}：${row.code} ${row.name}（科目:${parent.code} ${parent.name}）`);
      const fzhsItem = { id: row.id, categoryId: row.categoryId, code: row.code, name: row.name };
      return { info: { ...(await itemOf(s, parent)), fzhsItem, movedPostings: false } };
    }
    if (!v.name) throw badRequest(SUBJECT_MESSAGES.nameRequired);
    const { row, moved } = await addChild(s, parent, v);
    return { info: { ...(await itemOf(s, row)), fzhsItem: null, movedPostings: moved } };
  });
}

/** Adds the chosen recommended tags (or any list of children) in one transaction. */
export function batchAddSubject(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof batchAddSubjectBody>): Promise<BatchAddSubjectResult> {
  return inLedger(db, a, company, async (s) => {
    const parents = new Map<number, SubjectRow>();
    const rows: SubjectRow[] = [];
    for (const item of v.list) {
      // One locked row object per parent: after its first child it is no longer a leaf.
      const parent = parents.get(item.subjectId) ?? (await lockParent(s, item.subjectId));
      parents.set(parent.id, parent);
      rows.push((await addChild(s, parent, { name: item.name, type: item.type })).row);
    }
    const names = pathNames(await listSubjects(s.tx, s.k));
    return { list: rows.map((r) => toSubjectItem(r, names.get(r.id) ?? r.name, s.naming)) };
  });
}

/**
 * Recommended sub-subjects for the add-subject tags: only under 管理费用, 应交税费 and 应交增值税 (the domain
 * decides), each flagged when the parent already has it. An unknown code answers an empty list.
 */
export function recommendSubjects(db: Db, a: AuthContext, company: CompanyRow, rawCode: string): Promise<RecommendSubjectsResult> {
  return inLedger(db, a, company, async (s) => {
    const code = normalizeCode(rawCode, s.set.codeSeparator);
    const parent = code ? await findSubjectByCode(s.tx, { ...s.k, code }) : undefined;
    if (!parent) return { list: [] };
    const standard = s.set.standard === 'enterprise' ? 'enterprise' : 'small';
    const existing = new Set((await childrenOf(s.tx, { ...s.k, parentId: parent.id })).map((r) => r.name));
    const list = recommendedFor(parent.code, standard, { taxpayerType: companyType(company), codeLevels: s.set.codeLevels });
    return { list: list.map((r) => ({ name: r.name, type: r.type, exists: existing.has(r.name) })) };
  });
}
