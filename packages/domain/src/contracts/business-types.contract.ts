/**
 * Business types per company (业务类型, /setting/business; issue 4 item 2). Paths api/v2/setting/businessTypeList,
 * saveBusinessType, delBusinessType, businessTypeStop, businessTypeForSubject (the prepended 新增科目 / 新增存货
 * entries: find or create the type bound to a subject). The company comes from comId or the ComId header.
 */
import { z } from 'zod';
import { BUSINESS_GROUPS, INVENTORY_CATEGORIES, type BusinessGroup, type BusinessKind } from '../business-types/business-types';
import { comIdField, idField } from './fields';

export const BUSINESS_TYPE_MESSAGES = {
  groupRequired: '请选择业务分组',
  nameRequired: '请输入业务类型名称',
  nameTooLong: '业务类型名称不能超过50个字',
  nameTaken: '业务类型名称已存在',
  directionRequired: '请选择收支方向',
  subjectRequired: '请选择科目',
  subjectNotLeaf: '请选择末级科目',
  subjectStopped: '科目已停用',
  subjectNotFound: '科目不存在',
  notFound: '业务类型不存在',
  stopped: '业务类型已停用',
  defaultNotDeletable: '默认业务类型不能删除，可以停用',
  inUse: '业务类型已被使用，不能删除',
  kindFixed: '默认业务类型的类别不能修改',
} as const;

const groupField = z.enum(BUSINESS_GROUPS.map((g) => g.value) as [BusinessGroup, ...BusinessGroup[]], { error: BUSINESS_TYPE_MESSAGES.groupRequired });
const inventoryCategory = z
  .number({ error: '请选择类别' })
  .int('请选择类别')
  .refine((c) => INVENTORY_CATEGORIES.some((x) => x.value === c), '请选择类别');

export const businessTypeListBody = z.object({
  comId: comIdField.optional(),
  group: groupField.optional(),
  /** Include stopped types (the settings page); pickers leave them out. */
  withStopped: z.boolean().default(false),
});

export const saveBusinessTypeBody = z.object({
  comId: comIdField.optional(),
  id: idField(BUSINESS_TYPE_MESSAGES.notFound).optional(),
  group: groupField,
  name: z.string({ error: BUSINESS_TYPE_MESSAGES.nameRequired }).trim().min(1, BUSINESS_TYPE_MESSAGES.nameRequired).max(50, BUSINESS_TYPE_MESSAGES.nameTooLong),
  /** Bank and cash: 1 income, 2 expense (required there, ignored elsewhere). */
  direction: z.union([z.literal(1), z.literal(2)]).nullable().optional(),
  /** A live leaf of the company; null on a default type goes back to its setting or name path. */
  subjectId: idField(BUSINESS_TYPE_MESSAGES.subjectNotFound).nullable().optional(),
  /** Custom types only: '' ordinary, inventory (with category), fixed / intangible / deferred, clearFixed. */
  kind: z.enum(['', 'inventory', 'fixed', 'intangible', 'deferred', 'clearFixed']).default(''),
  category: inventoryCategory.nullable().optional(),
  sort: z.number().int().min(0).max(9999).optional(),
});
export type SaveBusinessTypeBody = z.input<typeof saveBusinessTypeBody>;

export const businessTypeIdBody = z.object({ comId: comIdField.optional(), id: idField(BUSINESS_TYPE_MESSAGES.notFound) });

export const businessTypeStopBody = z.object({
  comId: comIdField.optional(),
  id: idField(BUSINESS_TYPE_MESSAGES.notFound),
  /** true stops, false enables. */
  stopped: z.boolean(),
});

/** The prepended entries 新增科目 / 新增存货: the group's type bound to this subject, created when there is none. */
export const businessTypeForSubjectBody = z.object({
  comId: comIdField.optional(),
  group: groupField,
  subjectId: idField(BUSINESS_TYPE_MESSAGES.subjectRequired),
  direction: z.union([z.literal(1), z.literal(2)]).nullable().optional(),
  /** Set by 新增存货: the item's category marks the type as an inventory type. */
  category: inventoryCategory.nullable().optional(),
});

export interface BusinessTypeItem {
  id: number;
  group: BusinessGroup;
  name: string;
  /** What bank and cash lines store (businessType); invoice lines store id. */
  key: string;
  direction: 1 | 2 | null;
  /** The bound subject when set by the user. */
  subjectId: number | null;
  /** The subject the type posts to now (bound, setting or name path), '' when none is found. */
  subjectCode: string;
  subjectName: string;
  /** Where the subject comes from. */
  source: 'subject' | 'setting' | 'path';
  /** The setting or name path used when no subject is bound. */
  fallback: string;
  kind: BusinessKind;
  category: number | null;
  /** Spec 001 §9 type code: inventory category, 14 / 16 / 17 for assets, 0 otherwise. */
  typeCode: number;
  sort: number;
  stopped: boolean;
  isDefault: boolean;
}

export interface BusinessTypeListResult {
  list: BusinessTypeItem[];
}
