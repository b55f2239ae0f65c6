/**
 * Auxiliary accounting (辅助核算): categories (客户, 供应商, 职员, 部门, 项目, 存货 and custom ones), their items,
 * binding a leaf subject to a category, and the business-partner dialog (往来单位: customer/supplier).
 * Paths: /api/v2/fzhs/<call> and /api/v2/coop/<call>; company from the ComId header.
 */
import { z } from 'zod';
import { codeField, ledgerId, optionalComId } from './account-sets.contract';

// ---------------------------------------------------------------- codes and labels

export const FZHS_KINDS = ['customer', 'supplier', 'employee', 'department', 'project', 'inventory', 'custom'] as const;
export type FzhsKind = (typeof FZHS_KINDS)[number];

/** The built-in categories every account set starts with (they cannot be deleted or renamed). */
export const DEFAULT_FZHS_CATEGORIES: readonly { kind: Exclude<FzhsKind, 'custom'>; name: string }[] = [
  { kind: 'customer', name: '客户' },
  { kind: 'supplier', name: '供应商' },
  { kind: 'employee', name: '职员' },
  { kind: 'department', name: '部门' },
  { kind: 'project', name: '项目' },
  { kind: 'inventory', name: '存货' },
];

/** Business partner type: 1 customer (客户), 2 supplier (供应商). */
export const COOP_TYPES = ['1', '2'] as const;
export type CoopType = (typeof COOP_TYPES)[number];
export const COOP_TYPE_KIND: Record<CoopType, 'customer' | 'supplier'> = { '1': 'customer', '2': 'supplier' };
export const COOP_TYPE_LABELS: Record<CoopType, string> = { '1': '客户', '2': '供应商' };

export const FZHS_NAME_MAX = 200;
export const FZHS_CODE_MAX = 40;
export const FZHS_CATEGORY_NAME_MAX = 50;

export const FZHS_MESSAGES = {
  categoryRequired: '请选择辅助核算类别',
  categoryNotFound: '辅助核算类别不存在',
  categoryNameRequired: '请输入类别名称',
  categoryNameTooLong: '类别名称不能超过50个字符',
  categoryNameTaken: '类别名称已存在',
  builtInCategory: '系统类别不能修改或删除',
  categoryInUse: '该类别下已有辅助核算项目或已绑定科目，不能删除',
  codeRequired: '请输入编码',
  codeTooLong: '编码不能超过40个字符',
  codeTaken: '编码已存在',
  nameRequired: '请输入名称',
  nameTooLong: '名称不能超过200个字符',
  itemNotFound: '辅助核算项目不存在',
  itemInUse: '该辅助核算项目已有凭证或余额，不能删除',
  leafOnly: '只有末级科目可以设置辅助核算',
  bindUsed: '科目已有凭证或余额，不能设置辅助核算',
  unbindUsed: '科目已有辅助核算凭证或余额，不能取消辅助核算',
  subjectRequired: '请选择科目',
  subjectNotFound: '科目不存在',
  coopTypeRequired: '请选择往来单位类型',
  coopNameTaken: '往来单位已存在',
  /** The partner's subject is where its postings go: it must be a leaf in use. */
  coopSubjectLeaf: '请选择末级科目',
  coopSubjectStopped: '该科目已停用，请选择其他科目',
} as const;

// ---------------------------------------------------------------- categories

export interface FzhsCategoryItem {
  id: number;
  name: string;
  kind: FzhsKind;
  /** Built-in (客户, 供应商, …): cannot be renamed or deleted. */
  builtIn: boolean;
  itemCount: number;
  /** Subjects bound to the category. */
  subjectCount: number;
}

export const fzhsCategoryListBody = z.looseObject({ comId: optionalComId });
export type FzhsCategoryListBody = z.input<typeof fzhsCategoryListBody>;

export interface FzhsCategoryListResult {
  list: FzhsCategoryItem[];
}

const optionalId = (msg: string) =>
  z
    .union([z.literal(0), z.literal('0'), z.literal(''), z.null(), ledgerId(msg)], { error: msg })
    .optional()
    .transform((v) => (typeof v === 'number' && v > 0 ? v : undefined));

export const fzhsCategorySaveBody = z.object({
  /** Absent (or 0) creates a custom category; an id renames a custom one. */
  id: optionalId('辅助核算类别参数错误'),
  name: z
    .string({ error: FZHS_MESSAGES.categoryNameRequired })
    .trim()
    .min(1, FZHS_MESSAGES.categoryNameRequired)
    .max(FZHS_CATEGORY_NAME_MAX, FZHS_MESSAGES.categoryNameTooLong),
});
export type FzhsCategorySaveBody = z.input<typeof fzhsCategorySaveBody>;

export interface FzhsCategorySaveResult {
  info: FzhsCategoryItem;
}

export const fzhsCategoryDelBody = z.object({ id: ledgerId(FZHS_MESSAGES.categoryRequired) });
export type FzhsCategoryDelBody = z.input<typeof fzhsCategoryDelBody>;

// ---------------------------------------------------------------- items

export interface FzhsItem {
  id: number;
  categoryId: number;
  categoryName: string;
  kind: FzhsKind;
  code: string;
  name: string;
  /** 1 in use, 0 stopped. */
  status: number;
  /** Business partners: the subject the partner is bound to (应收账款, 应付账款…), else null. */
  subjectId: number | null;
}

/** categoryId, or fzhsId as the spec names it. */
const categoryRef = (v: unknown) => {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    if ((o.categoryId === undefined || o.categoryId === null || o.categoryId === '') && o.fzhsId !== undefined) return { ...o, categoryId: o.fzhsId };
  }
  return v;
};

export const fzhsListBody = z.preprocess(
  categoryRef,
  z.looseObject({
    categoryId: optionalId(FZHS_MESSAGES.categoryRequired),
    /** Code or name contains. */
    name: z.string({ error: '查询条件格式错误' }).trim().max(200, '查询条件不能超过200个字符').default(''),
  }),
);
export type FzhsListBody = z.input<typeof fzhsListBody>;

export interface FzhsListResult {
  list: FzhsItem[];
}

export const fzhsSaveBody = z.preprocess(
  categoryRef,
  z.object({
    id: optionalId(FZHS_MESSAGES.itemNotFound),
    categoryId: ledgerId(FZHS_MESSAGES.categoryRequired),
    code: z.string({ error: FZHS_MESSAGES.codeRequired }).trim().min(1, FZHS_MESSAGES.codeRequired).max(FZHS_CODE_MAX, FZHS_MESSAGES.codeTooLong),
    name: z.string({ error: FZHS_MESSAGES.nameRequired }).trim().min(1, FZHS_MESSAGES.nameRequired).max(FZHS_NAME_MAX, FZHS_MESSAGES.nameTooLong),
  }),
);
export type FzhsSaveBody = z.input<typeof fzhsSaveBody>;

export interface FzhsSaveResult {
  info: FzhsItem;
}

export const fzhsDelBody = z.object({ id: ledgerId(FZHS_MESSAGES.itemNotFound) });
export type FzhsDelBody = z.input<typeof fzhsDelBody>;

export const newFzhsCodeBody = z.preprocess(categoryRef, z.looseObject({ categoryId: ledgerId(FZHS_MESSAGES.categoryRequired) }));
export type NewFzhsCodeBody = z.input<typeof newFzhsCodeBody>;

export interface NewFzhsCodeResult {
  /** Next free code of the category, e.g. '001', '002', … */
  code: string;
}

// ---------------------------------------------------------------- bind / unbind a subject

export const bindSubjectBody = z.preprocess(
  categoryRef,
  z.object({
    subjectId: ledgerId(FZHS_MESSAGES.subjectRequired),
    categoryId: ledgerId(FZHS_MESSAGES.categoryRequired),
  }),
);
export type BindSubjectBody = z.input<typeof bindSubjectBody>;

export const unbindSubjectBody = z.object({ subjectId: ledgerId(FZHS_MESSAGES.subjectRequired) });
export type UnbindSubjectBody = z.input<typeof unbindSubjectBody>;

// ---------------------------------------------------------------- business partners (往来单位)

export interface CorpCoopItem {
  /** The auxiliary item's id. */
  id: number;
  /** Same as id: the auxiliary item to post with (spec entity field fzhsId). */
  fzhsId: number;
  categoryId: number;
  code: string;
  name: string;
  type: CoopType;
  subjectId: number | null;
  /** '1122 应收账款' */
  subjectName: string;
}

export const saveCorpCoopBody = z.object({
  id: optionalId('往来单位参数错误'),
  name: z.string({ error: FZHS_MESSAGES.nameRequired }).trim().min(1, FZHS_MESSAGES.nameRequired).max(FZHS_NAME_MAX, FZHS_MESSAGES.nameTooLong),
  subjectId: ledgerId(FZHS_MESSAGES.subjectRequired),
  type: codeField(COOP_TYPES, FZHS_MESSAGES.coopTypeRequired),
  comId: optionalComId,
});
export type SaveCorpCoopBody = z.input<typeof saveCorpCoopBody>;

export interface SaveCorpCoopResult {
  info: CorpCoopItem;
}

export const corpCoopListBody = z.looseObject({
  type: codeField(COOP_TYPES, FZHS_MESSAGES.coopTypeRequired).optional(),
  name: z.string({ error: '查询条件格式错误' }).trim().max(200, '查询条件不能超过200个字符').default(''),
  comId: optionalComId,
});
export type CorpCoopListBody = z.input<typeof corpCoopListBody>;

export interface CorpCoopListResult {
  list: CorpCoopItem[];
}

export const corpCoopDelBody = z.object({ id: ledgerId('往来单位参数错误') });
export type CorpCoopDelBody = z.input<typeof corpCoopDelBody>;
