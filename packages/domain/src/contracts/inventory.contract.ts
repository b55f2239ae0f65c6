/**
 * Inventory items (存货; spec 001 "Add-inventory dialog", §3 Inventory item, §5 Inventory rules; spec 002 §7 calls
 * api/v2/inventory/saveInventory and inventoryList). A minimal item table: name, category, bound subject, unit, spec.
 */
import { z } from 'zod';
import { INVENTORY_CATEGORIES } from '../business-types/business-types';
import { comIdField, idField } from './fields';

export const INVENTORY_MESSAGES = {
  nameRequired: '请输入名称',
  nameTooLong: '名称不能超过200个字',
  categoryRequired: '请选择类别',
  subjectRequired: '请选择科目',
  unitTooLong: '单位不能超过170个字',
  specTooLong: '规格型号不能超过170个字',
  /** The model-in-name option without a spec (spec 001 §5). */
  noModel: '未输入型号，无法使用',
  taken: '存货已存在',
  notFound: '存货不存在',
} as const;

/** Spec 001 §9: names at most 200 characters, unit and spec 170. */
export const INVENTORY_LIMITS = { name: 200, unit: 170, spec: 170 } as const;

/** The stored name: with the model-in-name option the spec is appended (newName in spec 001 §3). */
export function inventoryNewName(name: string, spec: string, modelInName: boolean): string {
  return modelInName && spec.trim() !== '' ? `${name.trim()} ${spec.trim()}` : name.trim();
}

/** The dialog's checks in its order (spec 001 §5); null when the item may be saved. */
export function checkInventory(v: { name: string; type?: number | null; subjectId?: number | null; unit: string; spec: string; modelInName: boolean }): string | null {
  if (v.name.trim() === '') return INVENTORY_MESSAGES.nameRequired;
  if (inventoryNewName(v.name, v.spec, v.modelInName).length > INVENTORY_LIMITS.name) return INVENTORY_MESSAGES.nameTooLong;
  if (v.type === null || v.type === undefined || !INVENTORY_CATEGORIES.some((c) => c.value === v.type)) return INVENTORY_MESSAGES.categoryRequired;
  if (!v.subjectId) return INVENTORY_MESSAGES.subjectRequired;
  if (v.unit.length > INVENTORY_LIMITS.unit) return INVENTORY_MESSAGES.unitTooLong;
  if (v.spec.length > INVENTORY_LIMITS.spec) return INVENTORY_MESSAGES.specTooLong;
  if (v.modelInName && v.spec.trim() === '') return INVENTORY_MESSAGES.noModel;
  return null;
}

const text = (max: number, msg: string) => z.string({ error: msg }).trim().max(max, msg).default('');

/** Field shapes only; the rules with their messages are checkInventory's, so server and dialog say the same. */
export const saveInventoryBody = z.object({
  comId: comIdField.optional(),
  id: idField(INVENTORY_MESSAGES.notFound).optional(),
  name: z.string({ error: INVENTORY_MESSAGES.nameRequired }).default(''),
  type: z.number({ error: INVENTORY_MESSAGES.categoryRequired }).int(INVENTORY_MESSAGES.categoryRequired).nullable().optional(),
  subjectId: z.number({ error: INVENTORY_MESSAGES.subjectRequired }).int(INVENTORY_MESSAGES.subjectRequired).nullable().optional(),
  unit: text(INVENTORY_LIMITS.unit, INVENTORY_MESSAGES.unitTooLong),
  spec: text(INVENTORY_LIMITS.spec, INVENTORY_MESSAGES.specTooLong),
  modelInName: z.boolean().default(false),
});
export type SaveInventoryBody = z.input<typeof saveInventoryBody>;

export const inventoryListBody = z.object({
  comId: comIdField.optional(),
  keyword: z.string().trim().max(100).default(''),
  type: z.number().int().optional(),
});

export interface InventoryItem {
  id: number;
  name: string;
  newName: string;
  type: number;
  typeName: string;
  subjectId: number;
  subjectCode: string;
  subjectName: string;
  unit: string;
  spec: string;
  modelInName: boolean;
}

export interface InventoryListResult {
  list: InventoryItem[];
}

export interface SaveInventoryResult {
  id: number;
  item: InventoryItem;
}
