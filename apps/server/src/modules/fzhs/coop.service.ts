import type { z } from 'zod';
import {
  COOP_TYPES,
  COOP_TYPE_KIND,
  COOP_TYPE_LABELS,
  FZHS_MESSAGES,
  type CoopType,
  type CorpCoopItem,
  type CorpCoopListResult,
  type SaveCorpCoopResult,
  type corpCoopListBody,
  type saveCorpCoopBody,
} from '@dzy/domain/contracts/fzhs.contract';
import { formatCode } from '@dzy/domain/ledger/code-scheme';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import type { CompanyRow } from '../companies/company-visibility';
import type { AccountSetRow } from '../account-sets/account-sets.repo';
import { inLedger } from '../subjects/subject-ledger';
import { findSubject, listSubjects, type CompanyKey } from '../subjects/subjects.repo';
import { pathNames } from '../subjects/subject-mapper';
import { createFzhsItem, itemExtra } from './fzhs-items';
import { deleteItem, findCategoryByKind, findItem, itemNameTaken, itemUsed, listItems, lockCategoryItems, updateItem, type FzhsCategoryRow, type FzhsItemRow } from './fzhs.repo';

/**
 * Business partners (往来单位, spec 001 add business-partner dialog): customers and suppliers are items of the
 * built-in 客户 / 供应商 auxiliary categories, each remembering the subject it is bound to (应收账款…).
 */

async function partnerCategory(tx: Tx, k: CompanyKey, type: CoopType): Promise<FzhsCategoryRow> {
  const category = await findCategoryByKind(tx, { ...k, kind: COOP_TYPE_KIND[type] });
  if (!category) throw badRequest(FZHS_MESSAGES.categoryNotFound);
  return category;
}

/** Subject labels ('1122 应收账款') for the partners' bound subjects. */
async function subjectLabels(tx: Tx, k: CompanyKey, set: AccountSetRow): Promise<Map<number, string>> {
  const rows = await listSubjects(tx, k);
  const names = pathNames(rows);
  return new Map(rows.map((r) => [r.id, `${formatCode(r.code, set.codeLevels, set.codeSeparator)} ${names.get(r.id) ?? r.name}`]));
}

function toCoop(row: FzhsItemRow, type: CoopType, labels: ReadonlyMap<number, string>): CorpCoopItem {
  const { subjectId } = itemExtra(row);
  return {
    id: row.id,
    fzhsId: row.id,
    categoryId: row.categoryId,
    code: row.code,
    name: row.name,
    type,
    subjectId,
    subjectName: subjectId === null ? '' : (labels.get(subjectId) ?? ''),
  };
}

/** Creates (or renames / rebinds) a customer or supplier; the answer is the auxiliary item to post with. */
export async function saveCorpCoop(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof saveCorpCoopBody>): Promise<SaveCorpCoopResult> {
  return inLedger(db, a, company, async ({ tx, k, set, log }) => {
    const category = await partnerCategory(tx, k, v.type);
    const subject = await findSubject(tx, { ...k, id: v.subjectId });
    if (!subject) throw badRequest(FZHS_MESSAGES.subjectNotFound);
    if (!subject.isLeaf) throw badRequest(FZHS_MESSAGES.coopSubjectLeaf);
    if (subject.status !== 1) throw badRequest(FZHS_MESSAGES.coopSubjectStopped);
    const extra = JSON.stringify({ subjectId: subject.id });
    const labels = await subjectLabels(tx, k, set);
    // Held until commit (re-entrant), so two saves of the same partner cannot both pass the name check.
    await lockCategoryItems(tx, { ...k, categoryId: category.id });
    if (v.id === undefined) {
      if (await itemNameTaken(tx, { ...k, categoryId: category.id, name: v.name })) throw conflict(FZHS_MESSAGES.coopNameTaken);
      const { row } = await createFzhsItem(tx, { ...k, categoryId: category.id, code: '', name: v.name, extra });
      await log(`新增${COOP_TYPE_LABELS[v.type]}`, `fzhs:${row.id}`, `${row.code} ${row.name}；科目:${labels.get(subject.id) ?? ''}`);
      return { info: toCoop(row, v.type, labels) };
    }
    const existing = await findItem(tx, { ...k, id: v.id });
    if (!existing || existing.categoryId !== category.id) throw badRequest(FZHS_MESSAGES.itemNotFound);
    if (await itemNameTaken(tx, { ...k, categoryId: category.id, name: v.name, exceptId: existing.id })) throw conflict(FZHS_MESSAGES.coopNameTaken);
    await updateItem(tx, { ...k, id: existing.id }, { name: v.name, extra });
    await log(`修改${COOP_TYPE_LABELS[v.type]}`, `fzhs:${existing.id}`, `${existing.name} → ${v.name}；科目:${labels.get(subject.id) ?? ''}`);
    return { info: toCoop({ ...existing, name: v.name, extra }, v.type, labels) };
  });
}

export async function corpCoopList(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof corpCoopListBody>): Promise<CorpCoopListResult> {
  return inLedger(db, a, company, async ({ tx, k, set }) => {
    const labels = await subjectLabels(tx, k, set);
    const types = v.type === undefined ? COOP_TYPES : [v.type];
    const list: CorpCoopItem[] = [];
    for (const type of types) {
      const category = await partnerCategory(tx, k, type);
      const rows = await listItems(tx, { ...k, categoryId: category.id, name: v.name });
      list.push(...rows.map((r) => toCoop(r, type, labels)));
    }
    return { list };
  });
}

/** Deletes a partner that no posting or balance uses. */
export async function corpCoopDel(db: Db, a: AuthContext, company: CompanyRow, id: number): Promise<null> {
  return inLedger(db, a, company, async ({ tx, k, log }) => {
    const existing = await findItem(tx, { ...k, id });
    const customer = await partnerCategory(tx, k, '1');
    const supplier = await partnerCategory(tx, k, '2');
    if (!existing || (existing.categoryId !== customer.id && existing.categoryId !== supplier.id)) throw badRequest(FZHS_MESSAGES.itemNotFound);
    if (await itemUsed(tx, { ...k, itemId: id })) throw badRequest(FZHS_MESSAGES.itemInUse);
    await deleteItem(tx, { ...k, id });
    await log('删除往来单位', `fzhs:${id}`, `${existing.code} ${existing.name}`);
    return null;
  });
}
