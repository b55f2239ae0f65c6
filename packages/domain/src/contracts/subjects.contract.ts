/**
 * Chart of accounts (会计科目) of a company: listing, the add-subject dialog (spec 001 新增科目), batch add from
 * recommended tags, stop/start use, delete and edit. Paths: /api/v2/subject/<call>; company from the ComId
 * header (or comId in the body where the spec allows it).
 */
import { z } from 'zod';
import { ledgerId, optionalComId } from './account-sets.contract';

// ---------------------------------------------------------------- codes and labels

export const SUBJECT_CATEGORIES = ['资产', '负债', '共同', '所有者权益', '成本', '损益'] as const;
export type SubjectCategory = (typeof SUBJECT_CATEGORIES)[number];

/** Normal balance side: 1 借 (debit), 2 贷 (credit). */
export const SUBJECT_DIRECTIONS = [1, 2] as const;
export type SubjectDirection = (typeof SUBJECT_DIRECTIONS)[number];
export const SUBJECT_DIRECTION_LABELS: Record<SubjectDirection, string> = { 1: '借', 2: '贷' };

/** 1 in use, 0 stopped (停用). */
export type SubjectStatus = 0 | 1;

/** 'standard' loaded with the chart, 'user' added by hand. */
export type SubjectSource = 'standard' | 'user' | 'auxiliary';

/** Spec 001 §9: subject names are at most 200 characters. */
export const SUBJECT_NAME_MAX = 200;

/** sysButton code gating 新增会计科目 (spec 001 §5). */
export const ADD_SUBJECT_BUTTON = 'kjkm_xz';

export const SUBJECT_MESSAGES = {
  parentRequired: '请选择上级科目',
  nameRequired: '请输入科目名称',
  nameTooLong: '科目名称不能超过200个字符',
  recommendEmpty: '至少添加一个下级科目',
  fzhsNameRequired: '请输入辅助核算名称',
  fzhsCodeRequired: '请输入辅助核算代码',
  typeInvalid: '请选择余额方向',
  nameTaken: '科目名称已存在',
  levelFull: '科目级次已达上限',
  noPermission: '无使用权限',
  settled: '本期已结账，请先进行反结账',
  notFound: '科目不存在',
  parentNotFound: '上级科目不存在',
  parentStopped: '上级科目已停用',
  hasPostings: '科目已有凭证或余额，不能删除',
  hasChildren: '请先删除下级科目',
  systemSubject: '系统科目不能删除',
  systemRename: '系统一级科目不能修改名称',
  directionUsed: '科目已有凭证或余额，不能修改余额方向',
  unitTooLong: '计量单位不能超过20个字符',
  subjectRequired: '请选择科目',
} as const;

// ---------------------------------------------------------------- answers

export interface SubjectItem {
  id: number;
  /** Stored code without separators, e.g. '22210101'. */
  code: string;
  /** Code as shown with the account set's separator, e.g. '2221.01.01'. */
  displayCode: string;
  name: string;
  /** Full path name, e.g. '应交税费-应交增值税-进项税额'. */
  name3: string;
  /** '22210101 应交税费-应交增值税-进项税额' (selector label). */
  subjectName: string;
  parentId: number | null;
  level: number;
  category: SubjectCategory;
  /** Normal balance side: 1 借, 2 贷. */
  type: SubjectDirection;
  isLeaf: boolean;
  status: SubjectStatus;
  /** status 0 (stopped): not offered for new postings. */
  disabled: boolean;
  /** Auxiliary accounting category bound to the subject (every posting needs an item of it), or null. */
  fzhsId: number | null;
  fzhsName: string;
  /** 数量核算 */
  quantity: boolean;
  unit: string;
  source: SubjectSource;
}

export interface SubjectTreeNode extends SubjectItem {
  /** Absent on leaves. */
  children?: SubjectTreeNode[];
}

export interface SubjectListResult {
  list: SubjectItem[];
}

export interface SubjectTreeResult {
  list: SubjectTreeNode[];
}

// ---------------------------------------------------------------- findSubjects / subjectTreeList

export const findSubjectsBody = z.looseObject({
  comId: optionalComId,
  /** Only leaves (for voucher lines). */
  leafOnly: z.boolean({ error: '参数错误' }).default(false),
  /** Include stopped subjects (the chart page shows them greyed). */
  includeStopped: z.boolean({ error: '参数错误' }).default(true),
  /** Category filter (资产, 负债, …). */
  category: z.enum(SUBJECT_CATEGORIES, { error: '科目类别参数错误' }).optional(),
});
export type FindSubjectsBody = z.input<typeof findSubjectsBody>;

export const subjectTreeListBody = findSubjectsBody;
export type SubjectTreeListBody = z.input<typeof subjectTreeListBody>;

// ---------------------------------------------------------------- saveSubject (新增科目)

const direction = z
  .union([z.number({ error: SUBJECT_MESSAGES.typeInvalid }), z.string({ error: SUBJECT_MESSAGES.typeInvalid })], { error: SUBJECT_MESSAGES.typeInvalid })
  .transform(Number)
  .pipe(z.union([z.literal(1), z.literal(2)], { error: SUBJECT_MESSAGES.typeInvalid }));

const subjectName = z
  .string({ error: SUBJECT_MESSAGES.nameRequired })
  .trim()
  .max(SUBJECT_NAME_MAX, SUBJECT_MESSAGES.nameTooLong);

const unit = z.string({ error: SUBJECT_MESSAGES.unitTooLong }).trim().max(20, SUBJECT_MESSAGES.unitTooLong);

export const saveSubjectBody = z.object({
  /** The parent subject (上级科目). */
  subjectId: ledgerId(SUBJECT_MESSAGES.parentRequired),
  /**
   * The new subject's name (the model/spec toggle has already appended or removed its text). Required unless the
   * parent has auxiliary accounting, in which case fzhsCode and fzhsName are asked instead.
   */
  name: subjectName.default(''),
  /** Balance direction; absent = the parent's. */
  type: direction.optional(),
  /** Given by the settings dialog for a customer being edited: skips the settlement check (spec 001 §5). */
  comId: optionalComId,
  /** Auxiliary item code and name, when the parent has auxiliary accounting. */
  fzhsCode: z.string({ error: SUBJECT_MESSAGES.fzhsCodeRequired }).trim().max(40, '辅助核算代码不能超过40个字符').default(''),
  fzhsName: z.string({ error: SUBJECT_MESSAGES.fzhsNameRequired }).trim().max(SUBJECT_NAME_MAX, '辅助核算名称不能超过200个字符').default(''),
  /** 数量核算 and its unit; absent = the parent's. */
  quantity: z.boolean({ error: '参数错误' }).optional(),
  unit: unit.optional(),
});
export type SaveSubjectBody = z.input<typeof saveSubjectBody>;

export interface FzhsItemRef {
  id: number;
  categoryId: number;
  code: string;
  name: string;
}

export interface SaveSubjectResult {
  /**
   * The new subject; when the parent has auxiliary accounting, the parent itself (the subject to post to) with
   * fzhsItem set to the item that was created.
   */
  info: SubjectItem & { fzhsItem: FzhsItemRef | null; movedPostings: boolean };
}

// ---------------------------------------------------------------- batchAddSubject (recommended tags)

const batchItem = z.object({
  subjectId: ledgerId(SUBJECT_MESSAGES.parentRequired),
  name: subjectName.min(1, SUBJECT_MESSAGES.nameRequired),
  type: direction.optional(),
});

/** The spec sends a bare array; { list, comId } is accepted too. */
export const batchAddSubjectBody = z.preprocess(
  (v) => (Array.isArray(v) ? { list: v } : v),
  z.object({
    list: z.array(batchItem, { error: SUBJECT_MESSAGES.recommendEmpty }).min(1, SUBJECT_MESSAGES.recommendEmpty).max(100, '一次最多添加100个科目'),
    comId: optionalComId,
  }),
);
export type BatchAddSubjectBody = z.input<typeof batchAddSubjectBody>;

export interface BatchAddSubjectResult {
  list: SubjectItem[];
}

// ---------------------------------------------------------------- recommendSubjects

export const recommendSubjectsBody = z.object({
  /** The parent subject's code (with or without separators). */
  code: z.union([z.string({ error: SUBJECT_MESSAGES.parentRequired }), z.number({ error: SUBJECT_MESSAGES.parentRequired })]).transform((v) => String(v).trim()),
  comId: optionalComId,
});
export type RecommendSubjectsBody = z.input<typeof recommendSubjectsBody>;

export interface RecommendedSubject {
  name: string;
  type: SubjectDirection;
  /** The parent already has a child of this name: show the tag disabled (adding it again is refused). */
  exists: boolean;
}

export interface RecommendSubjectsResult {
  /** Empty unless the parent is 管理费用, 应交税费 or 应交增值税. */
  list: RecommendedSubject[];
}

// ---------------------------------------------------------------- stop / start / delete / edit

export const subjectIdBody = z.object({ id: ledgerId(SUBJECT_MESSAGES.subjectRequired), comId: optionalComId });
export type SubjectIdBody = z.input<typeof subjectIdBody>;

export interface SubjectStatusResult {
  /** Every subject whose status changed (stopping a parent stops its descendants; starting a child starts its ancestors). */
  ids: number[];
}

export const editSubjectBody = z.object({
  id: ledgerId(SUBJECT_MESSAGES.subjectRequired),
  comId: optionalComId,
  name: subjectName.min(1, SUBJECT_MESSAGES.nameRequired),
  /** Changeable only while the subject has no postings or balances. */
  type: direction.optional(),
  quantity: z.boolean({ error: '参数错误' }).optional(),
  unit: unit.optional(),
});
export type EditSubjectBody = z.input<typeof editSubjectBody>;

export interface EditSubjectResult {
  info: SubjectItem;
}
