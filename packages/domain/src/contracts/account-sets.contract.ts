/**
 * Account sets (账套) of client companies: creating one (建账 — standard, taxpayer type, start period, subject
 * code scheme), reading it, and changing the taxpayer type later. Paths: /api/v2/account/<call>.
 * Also the small field helpers the other ledger contracts share (ids, company, amounts).
 */
import { z } from 'zod';
import { CODE_SEPARATORS, DEFAULT_CODE_LEVELS, MAX_CODE_LEVELS, validateCodeScheme, type CodeSeparator } from '../ledger/code-scheme';
import { isValidPeriod } from '../period/period';
import { ACCOUNTING_STANDARDS, COMPANY_TYPES, type AccountingStandard, type CompanyType } from './companies.contract';

// ---------------------------------------------------------------- shared field helpers (ledger contracts)

/** A positive integer id, given as number or numeric string. */
export const ledgerId = (msg: string) =>
  z
    .union([z.number({ error: msg }), z.string({ error: msg }).trim().min(1, msg)], { error: msg })
    .transform(Number)
    .pipe(z.number({ error: msg }).int(msg).positive(msg));

/** Optional company id in the body (the settings dialog edits a customer other than the current one); 0/''/null = none. */
export const optionalComId = z
  .union([z.literal(0), z.literal('0'), z.literal(''), z.null(), ledgerId('公司参数错误')], { error: '公司参数错误' })
  .optional()
  .transform((v) => (typeof v === 'number' && v > 0 ? v : undefined));

/** A code field the UI may send as number or string, normalised to the string code. */
export const codeField = <T extends readonly [string, ...string[]]>(values: T, msg: string) =>
  z.union([z.string({ error: msg }), z.number({ error: msg })], { error: msg }).transform(String).pipe(z.enum(values, { error: msg }));

/**
 * An amount typed by the user: number or string, thousand separators and blanks stripped, empty = '0'.
 * The exact rules (≤ 2 decimals, ≤ 13 integer digits) are applied by the domain's parseAmount on the server,
 * which answers '金额最多两位小数' / '金额超出范围'.
 */
export const amountField = (msg = '金额格式错误') =>
  z
    .union([z.string({ error: msg }), z.number({ error: msg }), z.null()], { error: msg })
    .optional()
    .transform((v) => {
      const s = v === undefined || v === null ? '' : String(v).replace(/[,\s]/g, '');
      return s === '' ? '0' : s;
    });

// ---------------------------------------------------------------- code scheme

export { CODE_SEPARATORS, DEFAULT_CODE_LEVELS, type CodeSeparator } from '../ledger/code-scheme';
export const CODE_SEPARATOR_LABELS: Record<CodeSeparator, string> = { '': '无', '.': '.', '-': '-', '_': '_' };

/** Spec 001 §9: levels 1–6 (the preset chart needs 3), widths 1–4; the first level is the standard's 4 digits. */
export const CODE_LEVEL_COUNT = { min: 1, max: MAX_CODE_LEVELS } as const;
export const CODE_WIDTH = { min: 1, max: 4 } as const;

export const ACCOUNT_SET_MESSAGES = {
  exists: '该公司已建账',
  missing: '请先建账',
  levelCount: '科目级次应为1至6级',
  width: '每级科目编码长度应为1至4位',
  separator: '科目编码分隔符只能为空、“.”、“-”或“_”',
  standard: '请选择会计准则',
  taxpayerType: '请选择纳税人类型',
  startPeriod: '请选择建账期间',
  startPeriodFormat: '建账期间格式错误',
  startPeriodMismatch: '建账期间须与客户的建账期间一致',
} as const;

/** Code widths per level, as a list [4,2,2,2] or the text form '4-2-2-2' (companies.codes); the scheme rules come after. */
const codeLevels = z.union(
  [
    z.array(z.coerce.number({ error: ACCOUNT_SET_MESSAGES.width }).int(ACCOUNT_SET_MESSAGES.width), { error: ACCOUNT_SET_MESSAGES.levelCount }),
    z
      .string({ error: ACCOUNT_SET_MESSAGES.levelCount })
      .trim()
      .transform((s) => s.split(/[-,\s]+/).filter(Boolean).map(Number)),
  ],
  { error: ACCOUNT_SET_MESSAGES.levelCount },
);

/** '4-2-2-2', the text form kept in companies.codes and shown in comInfo. */
export const codeLevelsText = (levels: readonly number[]): string => levels.join('-');

// ---------------------------------------------------------------- kjInit (建账)

export const kjInitBody = z.object({
  /** The company; absent = the ComId header's. */
  comId: optionalComId,
  standard: z.enum(ACCOUNTING_STANDARDS, { error: ACCOUNT_SET_MESSAGES.standard }).default('small'),
  /** '1' 小规模纳税人, '2' 一般纳税人; absent = the company's type. */
  taxpayerType: codeField(COMPANY_TYPES, ACCOUNT_SET_MESSAGES.taxpayerType).optional(),
  /** Absent = the company's start period; otherwise it must be the company's start period. */
  startPeriod: z
    .string({ error: ACCOUNT_SET_MESSAGES.startPeriod })
    .trim()
    .refine(isValidPeriod, ACCOUNT_SET_MESSAGES.startPeriodFormat)
    .optional(),
  codeLevels: codeLevels.default(() => [...DEFAULT_CODE_LEVELS]),
  codeSeparator: z.enum(CODE_SEPARATORS, { error: ACCOUNT_SET_MESSAGES.separator }).default(''),
}).superRefine((v, ctx) => {
  // The domain's scheme rules (levels, widths, first level 4, room for the preset chart) with their messages.
  const check = validateCodeScheme(v.codeLevels, v.codeSeparator);
  if (!check.ok) ctx.addIssue({ code: 'custom', path: ['codeLevels'], message: check.msg });
});
export type KjInitBody = z.input<typeof kjInitBody>;

export interface AccountSetInfo {
  comId: number;
  comName: string;
  standard: AccountingStandard;
  /** '小企业会计准则' / '企业会计准则' */
  standardName: string;
  taxpayerType: CompanyType;
  /** '小规模纳税人' / '一般纳税人' */
  taxpayerTypeName: string;
  startPeriod: string;
  codeLevels: number[];
  codeSeparator: CodeSeparator;
  /** '4-2-2-2' */
  codes: string;
  /** The opening trial balance passed its check (required before the first close). */
  openingChecked: boolean;
  subjectCount: number;
}

export interface KjInitResult {
  info: AccountSetInfo;
}

// ---------------------------------------------------------------- info

export const accountInfoBody = z.object({ comId: optionalComId });
export type AccountInfoBody = z.input<typeof accountInfoBody>;

export interface AccountInfoResult {
  /** null while the company has no account set yet (建账 first). */
  info: AccountSetInfo | null;
}

// ---------------------------------------------------------------- taxpayer type change

export const changeTaxpayerTypeBody = z.object({
  comId: optionalComId,
  taxpayerType: codeField(COMPANY_TYPES, ACCOUNT_SET_MESSAGES.taxpayerType),
});
export type ChangeTaxpayerTypeBody = z.input<typeof changeTaxpayerTypeBody>;

export interface SubjectRef {
  code: string;
  name: string;
}

export interface ChangeTaxpayerTypeResult {
  info: AccountSetInfo;
  /** VAT sub-accounts added for the new type. */
  added: SubjectRef[];
  /** Unused VAT sub-accounts removed for the new type. */
  removed: SubjectRef[];
}
