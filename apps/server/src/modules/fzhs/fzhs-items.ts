import { FZHS_MESSAGES, type FzhsItem, type FzhsKind } from '@dzy/domain/contracts/fzhs.contract';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../http/envelope';
import type { CompanyKey } from '../subjects/subjects.repo';
import { findCategory, insertItem, itemCodeTaken, itemCodes, lockCategoryItems, type FzhsCategoryRow, type FzhsItemRow } from './fzhs.repo';

/** Width of generated item codes: '001'. */
const CODE_WIDTH = 3;

/**
 * Next item code of a category: one past the largest all-digit code, zero-padded to at least three digits
 * (or to the width the category's numeric codes already use), e.g. '001', '002', … '1000'.
 */
export function nextItemCode(codes: readonly string[]): string {
  let max = 0;
  let width = CODE_WIDTH;
  for (const code of codes) {
    if (!/^\d{1,15}$/.test(code)) continue;
    const n = Number(code);
    if (n > max) max = n;
    if (code.length > width) width = code.length;
  }
  return String(max + 1).padStart(width, '0');
}

/** The extra JSON kept on items: a business partner's bound subject. */
export function itemExtra(row: FzhsItemRow): { subjectId: number | null } {
  try {
    const v: unknown = JSON.parse(row.extra);
    const id = v && typeof v === 'object' ? Number((v as { subjectId?: unknown }).subjectId) : NaN;
    return { subjectId: Number.isInteger(id) && id > 0 ? id : null };
  } catch {
    return { subjectId: null };
  }
}

export function toFzhsItem(row: FzhsItemRow, category: Pick<FzhsCategoryRow, 'name' | 'kind'>): FzhsItem {
  return {
    id: row.id,
    categoryId: row.categoryId,
    categoryName: category.name,
    kind: category.kind as FzhsKind,
    code: row.code,
    name: row.name,
    status: row.status,
    subjectId: itemExtra(row).subjectId,
  };
}

export async function requireCategory(tx: Tx, k: CompanyKey & { id: number }): Promise<FzhsCategoryRow> {
  const category = await findCategory(tx, k);
  if (!category) throw badRequest(FZHS_MESSAGES.categoryNotFound);
  return category;
}

/**
 * Creates an item in a category of this company, inside the caller's transaction: the code must be unique in the
 * category ('编码已存在'); an empty code takes the next free one. Also used by the add-subject dialog and the
 * business-partner dialog.
 */
export async function createFzhsItem(
  tx: Tx,
  k: CompanyKey & { categoryId: number; code: string; name: string; extra?: string },
): Promise<{ row: FzhsItemRow; category: FzhsCategoryRow }> {
  const category = await requireCategory(tx, { ...k, id: k.categoryId });
  await lockCategoryItems(tx, k);
  const code = k.code || nextItemCode(await itemCodes(tx, k));
  if (await itemCodeTaken(tx, { ...k, code })) throw conflict(FZHS_MESSAGES.codeTaken);
  const row = await insertItem(tx, { ...k, code });
  return { row, category };
}
