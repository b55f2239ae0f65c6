import type { z } from 'zod';
import {
  SUBJECT_MESSAGES,
  type EditSubjectResult,
  type SubjectListResult,
  type SubjectStatusResult,
  type SubjectTreeResult,
  type editSubjectBody,
  type findSubjectsBody,
} from '@dzy/domain/contracts/subjects.contract';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import type { CompanyRow } from '../companies/company-visibility';
import { inLedger, type LedgerScope } from './subject-ledger';
import { pathNames, toSubjectItem, toSubjectItems, toSubjectTree } from './subject-mapper';
import { ancestorsOf, subtreeOf } from './subject-tree';
import { deleteSubjects, findSubject, isUsed, listSubjects, setSubjectsStatus, subjectUsage, updateSubject, type SubjectRow } from './subjects.repo';

type Filter = z.output<typeof findSubjectsBody>;

/** A subject of this company; another company's id answers exactly like a missing one. */
async function requireSubject(s: LedgerScope, id: number): Promise<SubjectRow> {
  const row = await findSubject(s.tx, { ...s.k, id });
  if (!row) throw notFound(SUBJECT_MESSAGES.notFound);
  return row;
}

const isSystemSubject = (r: SubjectRow) => r.level === 1 && r.source === 'standard';

async function filtered(s: LedgerScope, f: Filter) {
  const rows = await listSubjects(s.tx, s.k);
  const items = toSubjectItems(rows, s.naming);
  return items.filter((i) => (!f.leafOnly || i.isLeaf) && (f.includeStopped || i.status === 1) && (!f.category || i.category === f.category));
}

/** The chart as a flat list sorted by code (name3 = full path name). */
export function findSubjects(db: Db, a: AuthContext, company: CompanyRow, f: Filter): Promise<SubjectListResult> {
  return inLedger(db, a, company, async (s) => ({ list: await filtered(s, f) }));
}

/** The chart as a tree (first-level subjects at the root). */
export function subjectTreeList(db: Db, a: AuthContext, company: CompanyRow, f: Filter): Promise<SubjectTreeResult> {
  return inLedger(db, a, company, async (s) => ({ list: toSubjectTree(await filtered(s, f)) }));
}

/** 停用: the subject and everything below it stop taking new postings. */
export function stopUseSubject(db: Db, a: AuthContext, company: CompanyRow, id: number): Promise<SubjectStatusResult> {
  return inLedger(db, a, company, async (s) => {
    const subject = await requireSubject(s, id);
    const rows = await listSubjects(s.tx, s.k);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ids = subtreeOf(rows, subject.id).filter((i) => byId.get(i)?.status !== 0);
    await setSubjectsStatus(s.tx, { ...s.k, ids, status: 0 });
    await s.log('停用科目', `subject:${subject.id}`, `${subject.code} ${subject.name}（${ids.length}个）`);
    return { ids };
  });
}

/** 启用: the subject, everything below it and its ancestors (a child cannot be in use under a stopped parent). */
export function startUseSubject(db: Db, a: AuthContext, company: CompanyRow, id: number): Promise<SubjectStatusResult> {
  return inLedger(db, a, company, async (s) => {
    const subject = await requireSubject(s, id);
    const rows = await listSubjects(s.tx, s.k);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ids = [...ancestorsOf(rows, subject.id), ...subtreeOf(rows, subject.id)].filter((i) => byId.get(i)?.status === 0);
    await setSubjectsStatus(s.tx, { ...s.k, ids, status: 1 });
    await s.log('启用科目', `subject:${subject.id}`, `${subject.code} ${subject.name}（${ids.length}个）`);
    return { ids };
  });
}

/**
 * Deletes a user or detail subject: first-level subjects of the standard stay, a parent needs its children deleted
 * first, and a subject with postings or balances cannot go. The last child gone, the parent posts again.
 */
export function delSubject(db: Db, a: AuthContext, company: CompanyRow, id: number): Promise<null> {
  return inLedger(db, a, company, async (s) => {
    const subject = await requireSubject(s, id);
    if (isSystemSubject(subject)) throw badRequest(SUBJECT_MESSAGES.systemSubject);
    if (!subject.isLeaf) throw badRequest(SUBJECT_MESSAGES.hasChildren);
    if (isUsed(await subjectUsage(s.tx, { ...s.k, subjectIds: [subject.id] }))) throw badRequest(SUBJECT_MESSAGES.hasPostings);
    await deleteSubjects(s.tx, { ...s.k, ids: [subject.id] });
    if (subject.parentId !== null) {
      const rows = await listSubjects(s.tx, s.k);
      if (!rows.some((r) => r.parentId === subject.parentId)) await updateSubject(s.tx, { ...s.k, id: subject.parentId }, { isLeaf: true });
    }
    await s.log('删除科目', `subject:${subject.id}`, `${subject.code} ${subject.name}`);
    return null;
  });
}

/**
 * Edits name, direction and quantity accounting. The name stays unique under the parent; the standard's
 * first-level names are fixed; the direction changes only while nothing below the subject carries postings.
 */
export function editSubject(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof editSubjectBody>): Promise<EditSubjectResult> {
  return inLedger(db, a, company, async (s) => {
    const subject = await requireSubject(s, v.id);
    const rows = await listSubjects(s.tx, s.k);
    if (v.name !== subject.name) {
      if (isSystemSubject(subject)) throw badRequest(SUBJECT_MESSAGES.systemRename);
      if (rows.some((r) => r.parentId === subject.parentId && r.id !== subject.id && r.name === v.name)) throw conflict(SUBJECT_MESSAGES.nameTaken);
    }
    const direction = v.type ?? subject.direction;
    if (direction !== subject.direction && isUsed(await subjectUsage(s.tx, { ...s.k, subjectIds: subtreeOf(rows, subject.id) }))) {
      throw badRequest(SUBJECT_MESSAGES.directionUsed);
    }
    const patch = { name: v.name, direction, quantity: v.quantity ?? subject.quantity, unit: v.unit ?? subject.unit };
    await updateSubject(s.tx, { ...s.k, id: subject.id }, patch);
    const changes = [
      v.name !== subject.name ? `名称:${subject.name} → ${v.name}` : '',
      direction !== subject.direction ? `方向:${subject.direction === 1 ? '借' : '贷'} → ${direction === 1 ? '借' : '贷'}` : '',
      patch.quantity !== subject.quantity ? `数量核算:${patch.quantity ? '是' : '否'}` : '',
      patch.unit !== subject.unit ? `计量单位:${patch.unit}` : '',
    ].filter(Boolean);
    await s.log('修改科目', `subject:${subject.id}`, `${subject.code} ${changes.join('；') || '无变化'}`);
    const updated = { ...subject, ...patch };
    const names = pathNames(rows.map((r) => (r.id === subject.id ? updated : r)));
    return { info: toSubjectItem(updated, names.get(subject.id) ?? updated.name, s.naming) };
  });
}
