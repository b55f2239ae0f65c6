import type { z } from 'zod';
import {
  FZHS_MESSAGES,
  type FzhsCategoryItem,
  type FzhsCategoryListResult,
  type FzhsCategorySaveResult,
  type FzhsKind,
  type FzhsListResult,
  type FzhsSaveResult,
  type NewFzhsCodeResult,
  type bindSubjectBody,
  type fzhsCategorySaveBody,
  type fzhsListBody,
  type fzhsSaveBody,
} from '@dzy/domain/contracts/fzhs.contract';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import type { CompanyRow } from '../companies/company-visibility';
import { inLedger } from '../subjects/subject-ledger';
import { findSubject, isUsed, subjectUsage, updateSubject } from '../subjects/subjects.repo';
import { createFzhsItem, nextItemCode, requireCategory, toFzhsItem } from './fzhs-items';
import {
  categoryNameTaken,
  deleteCategory,
  deleteItem,
  findItem,
  insertCategory,
  itemCodeTaken,
  itemCodes,
  itemUsed,
  listCategories,
  listItems,
  lockCategoryItems,
  updateCategoryName,
  updateItem,
  type FzhsCategoryRow,
} from './fzhs.repo';

function toCategoryItem(c: FzhsCategoryRow, itemCount: number, subjectCount: number): FzhsCategoryItem {
  return { id: c.id, name: c.name, kind: c.kind as FzhsKind, builtIn: c.kind !== 'custom', itemCount, subjectCount };
}

// ---------------------------------------------------------------- categories

export async function fzhsCategoryList(db: Db, a: AuthContext, company: CompanyRow): Promise<FzhsCategoryListResult> {
  return inLedger(db, a, company, async ({ tx, k }) => {
    const rows = await listCategories(tx, k);
    return { list: rows.map((r) => toCategoryItem(r.c, r.itemCount, r.subjectCount)) };
  });
}

/** Creates a custom category, or renames a custom one; built-in categories keep their names. */
export async function fzhsCategorySave(
  db: Db,
  a: AuthContext,
  company: CompanyRow,
  v: z.output<typeof fzhsCategorySaveBody>,
): Promise<FzhsCategorySaveResult> {
  return inLedger(db, a, company, async ({ tx, k, log }) => {
    if (v.id === undefined) {
      if (await categoryNameTaken(tx, { ...k, name: v.name })) throw conflict(FZHS_MESSAGES.categoryNameTaken);
      const row = await insertCategory(tx, { ...k, kind: 'custom', name: v.name });
      await log('新增辅助核算类别', `fzhsCategory:${row.id}`, v.name);
      return { info: toCategoryItem(row, 0, 0) };
    }
    const existing = await requireCategory(tx, { ...k, id: v.id });
    if (existing.kind !== 'custom') throw badRequest(FZHS_MESSAGES.builtInCategory);
    if (await categoryNameTaken(tx, { ...k, name: v.name, exceptId: existing.id })) throw conflict(FZHS_MESSAGES.categoryNameTaken);
    await updateCategoryName(tx, { ...k, id: existing.id, name: v.name });
    await log('修改辅助核算类别', `fzhsCategory:${existing.id}`, `${existing.name} → ${v.name}`);
    const counts = (await listCategories(tx, k)).find((r) => r.c.id === existing.id);
    return { info: toCategoryItem({ ...existing, name: v.name }, counts?.itemCount ?? 0, counts?.subjectCount ?? 0) };
  });
}

/** Deletes an empty custom category: built-ins stay, and one with items or bound subjects is refused. */
export async function fzhsCategoryDel(db: Db, a: AuthContext, company: CompanyRow, id: number): Promise<null> {
  return inLedger(db, a, company, async ({ tx, k, log }) => {
    const existing = await requireCategory(tx, { ...k, id });
    if (existing.kind !== 'custom') throw badRequest(FZHS_MESSAGES.builtInCategory);
    const counts = (await listCategories(tx, k)).find((r) => r.c.id === id);
    if ((counts?.itemCount ?? 0) > 0 || (counts?.subjectCount ?? 0) > 0) throw badRequest(FZHS_MESSAGES.categoryInUse);
    await deleteCategory(tx, { ...k, id });
    await log('删除辅助核算类别', `fzhsCategory:${id}`, existing.name);
    return null;
  });
}

// ---------------------------------------------------------------- items

export async function fzhsList(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof fzhsListBody>): Promise<FzhsListResult> {
  return inLedger(db, a, company, async ({ tx, k }) => {
    if (v.categoryId !== undefined) await requireCategory(tx, { ...k, id: v.categoryId });
    const categories = new Map((await listCategories(tx, k)).map((r) => [r.c.id, r.c]));
    const rows = await listItems(tx, { ...k, categoryId: v.categoryId, name: v.name });
    return {
      list: rows.flatMap((r) => {
        const c = categories.get(r.categoryId);
        return c ? [toFzhsItem(r, c)] : [];
      }),
    };
  });
}

export async function fzhsSave(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof fzhsSaveBody>): Promise<FzhsSaveResult> {
  return inLedger(db, a, company, async ({ tx, k, log }) => {
    if (v.id === undefined) {
      const { row, category } = await createFzhsItem(tx, { ...k, categoryId: v.categoryId, code: v.code, name: v.name });
      await log('新增辅助核算项目', `fzhs:${row.id}`, `${category.name}：${row.code} ${row.name}`);
      return { info: toFzhsItem(row, category) };
    }
    const existing = await findItem(tx, { ...k, id: v.id });
    if (!existing) throw badRequest(FZHS_MESSAGES.itemNotFound);
    if (existing.categoryId !== v.categoryId) throw badRequest('辅助核算项目不能更换类别');
    const category = await requireCategory(tx, { ...k, id: existing.categoryId });
    await lockCategoryItems(tx, { ...k, categoryId: existing.categoryId });
    if (await itemCodeTaken(tx, { ...k, categoryId: existing.categoryId, code: v.code, exceptId: existing.id })) throw conflict(FZHS_MESSAGES.codeTaken);
    await updateItem(tx, { ...k, id: existing.id }, { code: v.code, name: v.name });
    await log('修改辅助核算项目', `fzhs:${existing.id}`, `${category.name}：${existing.code} ${existing.name} → ${v.code} ${v.name}`);
    return { info: toFzhsItem({ ...existing, code: v.code, name: v.name }, category) };
  });
}

export async function fzhsDel(db: Db, a: AuthContext, company: CompanyRow, id: number): Promise<null> {
  return inLedger(db, a, company, async ({ tx, k, log }) => {
    const existing = await findItem(tx, { ...k, id });
    if (!existing) throw badRequest(FZHS_MESSAGES.itemNotFound);
    if (await itemUsed(tx, { ...k, itemId: id })) throw badRequest(FZHS_MESSAGES.itemInUse);
    await deleteItem(tx, { ...k, id });
    await log('删除辅助核算项目', `fzhs:${id}`, `${existing.code} ${existing.name}`);
    return null;
  });
}

export async function newFzhsCode(db: Db, a: AuthContext, company: CompanyRow, categoryId: number): Promise<NewFzhsCodeResult> {
  return inLedger(db, a, company, async ({ tx, k }) => {
    await requireCategory(tx, { ...k, id: categoryId });
    return { code: nextItemCode(await itemCodes(tx, { ...k, categoryId })) };
  });
}

// ---------------------------------------------------------------- binding a subject

/**
 * Binds a leaf subject to a category: from then on every posting to it needs an item. A subject that already
 * carries postings or balances keeps its binding (they were made without items, or with items of the old one).
 */
export async function bindSubject(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof bindSubjectBody>): Promise<null> {
  return inLedger(db, a, company, async ({ tx, k, log }) => {
    const subject = await findSubject(tx, { ...k, id: v.subjectId });
    if (!subject) throw badRequest(FZHS_MESSAGES.subjectNotFound);
    if (!subject.isLeaf) throw badRequest(FZHS_MESSAGES.leafOnly);
    const category = await requireCategory(tx, { ...k, id: v.categoryId });
    if (subject.fzhsCategoryId === category.id) return null;
    if (isUsed(await subjectUsage(tx, { ...k, subjectIds: [subject.id] }))) throw badRequest(FZHS_MESSAGES.bindUsed);
    await updateSubject(tx, { ...k, id: subject.id }, { fzhsCategoryId: category.id });
    await log('设置辅助核算', `subject:${subject.id}`, `${subject.code} ${subject.name} → ${category.name}`);
    return null;
  });
}

/** Removes the binding; refused while postings or balances with items exist on the subject. */
export async function unbindSubject(db: Db, a: AuthContext, company: CompanyRow, subjectId: number): Promise<null> {
  return inLedger(db, a, company, async ({ tx, k, log }) => {
    const subject = await findSubject(tx, { ...k, id: subjectId });
    if (!subject) throw badRequest(FZHS_MESSAGES.subjectNotFound);
    if (subject.fzhsCategoryId === null) return null;
    if (isUsed(await subjectUsage(tx, { ...k, subjectIds: [subject.id], withItemsOnly: true }))) throw badRequest(FZHS_MESSAGES.unbindUsed);
    await updateSubject(tx, { ...k, id: subject.id }, { fzhsCategoryId: null });
    await log('取消辅助核算', `subject:${subject.id}`, `${subject.code} ${subject.name}`);
    return null;
  });
}
