/**
 * Book settings (习惯设置, /setting/habbitSettingBook; spec 001 "Settings dialog", "Setting item", §8): per-company
 * default subjects the document generators (invoices, bank, cash) post to, and a few choice items. A missing
 * subject setting answers the spec §8 message ('未设置进项税额科目', or '以下科目未设置：' + list) with
 * data { missing: [keys] }, which the web's missing-setting prompt turns into go-set buttons.
 * Paths /api/v2/setting/habbitSettingList and /api/v2/setting/habbitSettingSave.
 */
import { z } from 'zod';
import { comIdField } from './fields';

export type SettingValueType = 'select' | 'radio' | 'input';

export interface SettingItemDef {
  key: string;
  /** Label; for subject items also the word in '未设置{name}科目'. */
  name: string;
  remark: string;
  valueType: SettingValueType;
  /** select items pick a leaf subject; the default is the first existing subject of these name paths. */
  defaultPaths?: readonly (readonly string[])[];
  /** radio items: the options; input items: none. */
  options?: readonly { value: string; label: string }[];
  defaultValue?: string;
}

/** Subject settings (valueType select). The first five are the spec §8 ones, in its order. */
export const SUBJECT_SETTINGS = [
  { key: 'vatInput', name: '进项税额', remark: '认证/勾选抵扣的进项发票税额记入的科目', valueType: 'select', defaultPaths: [['应交税费', '应交增值税', '进项税额']] },
  { key: 'vatUncertified', name: '未认证进项税额', remark: '尚未认证的进项发票税额记入的科目', valueType: 'select', defaultPaths: [['应交税费', '待认证进项税额']] },
  { key: 'vatOutput', name: '销项税额', remark: '销项发票税额记入的科目（小规模纳税人为应交增值税）', valueType: 'select', defaultPaths: [['应交税费', '应交增值税', '销项税额'], ['应交税费', '应交增值税']] },
  { key: 'feeCashSettle', name: '费用现金结算', remark: '费用发票以现金支付时的贷方科目', valueType: 'select', defaultPaths: [['库存现金']] },
  { key: 'cashSettle', name: '现金结算', remark: '现金收付款结算的对方科目', valueType: 'select', defaultPaths: [['库存现金']] },
  { key: 'income', name: '主营业务收入', remark: '销项发票收入默认记入的科目', valueType: 'select', defaultPaths: [['主营业务收入']] },
  { key: 'receivable', name: '应收账款', remark: '销售未收款的往来科目', valueType: 'select', defaultPaths: [['应收账款']] },
  { key: 'payable', name: '应付账款', remark: '采购未付款的往来科目', valueType: 'select', defaultPaths: [['应付账款']] },
  { key: 'bankFee', name: '银行手续费', remark: '银行流水“手续费”业务记入的科目', valueType: 'select', defaultPaths: [['财务费用', '手续费'], ['财务费用']] },
] as const satisfies readonly SettingItemDef[];

/** Choice and text items. */
export const VALUE_SETTINGS = [
  {
    key: 'bankPeriodType',
    name: '银行流水入账期间',
    remark: '导入银行流水时，流水归入当前账期或按交易日期归入对应账期',
    valueType: 'radio',
    options: [
      { value: '1', label: '全部归入当前账期' },
      { value: '2', label: '按交易日期归入账期' },
    ],
    defaultValue: '1',
  },
  {
    key: 'bankVoucherMode',
    name: '银行流水生成凭证',
    remark: '一键生成凭证时每条流水一张凭证，或同一业务类型合并为一张',
    valueType: 'radio',
    options: [
      { value: '1', label: '每条流水一张凭证' },
      { value: '2', label: '同一业务类型合并' },
    ],
    defaultValue: '1',
  },
  { key: 'bankSummaryPrefix', name: '银行凭证摘要前缀', remark: '银行流水生成凭证时摘要的前缀，可为空', valueType: 'input', defaultValue: '' },
] as const satisfies readonly SettingItemDef[];

export type SubjectSettingKey = (typeof SUBJECT_SETTINGS)[number]['key'];
export type ValueSettingKey = (typeof VALUE_SETTINGS)[number]['key'];
export type SettingKey = SubjectSettingKey | ValueSettingKey;

export const SETTING_DEFS: readonly SettingItemDef[] = [...SUBJECT_SETTINGS, ...VALUE_SETTINGS];
export const isSubjectSettingKey = (k: string): k is SubjectSettingKey => SUBJECT_SETTINGS.some((d) => d.key === k);
export const settingDef = (k: string): SettingItemDef | undefined => SETTING_DEFS.find((d) => d.key === k);

export const MISSING_MULTI_PREFIX = '以下科目未设置：';

/** The spec §8 message for missing subject settings: one → '未设置X科目'; several → '以下科目未设置：X，Y'. */
export function missingSettingMessage(keys: readonly SubjectSettingKey[]): string {
  const names = keys.map((k) => settingDef(k)?.name ?? k);
  if (names.length === 1) return `未设置${names[0] ?? ''}科目`;
  return `${MISSING_MULTI_PREFIX}${names.join('，')}`;
}

/** Reads a missing-setting answer back: the subject names it lists, or null when msg is no such message. */
export function parseMissingSettingMessage(msg: string): string[] | null {
  const one = /^未设置(.+)科目$/.exec(msg);
  if (one?.[1]) return [one[1]];
  const i = msg.indexOf(MISSING_MULTI_PREFIX);
  if (i < 0) return null;
  return msg
    .slice(i + MISSING_MULTI_PREFIX.length)
    .split(/[，,、]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export interface SettingItem {
  key: string;
  name: string;
  remark: string;
  valueType: SettingValueType;
  /** radio/input value; for select the subject id as text ('' when not set). */
  value: string;
  option: { value: string; label: string }[];
  subjectId: number | null;
  subjectCode: string;
  subjectName: string;
  fzhsId: number | null;
  /** Still the chart default (never saved by a user). */
  isDefault: boolean;
}

export interface SettingListResult {
  list: SettingItem[];
}

const comId = comIdField.optional();

export const settingListBody = z.object({ comId });

export const settingSaveBody = z.object({
  comId,
  items: z
    .array(
      z.object({
        key: z.string({ error: '请查看设置项目' }).refine((k) => settingDef(k) !== undefined, '请查看设置项目'),
        value: z.union([z.string(), z.number()]).transform(String).default(''),
        subjectId: z.union([z.number().int().positive(), z.null()]).optional(),
      }),
      { error: '请查看设置项目' },
    )
    .min(1, '请查看设置项目')
    .max(50, '请查看设置项目'),
});
