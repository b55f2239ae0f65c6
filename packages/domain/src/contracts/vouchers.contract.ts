/**
 * Vouchers (凭证) — /api/v2/voucher/<call>: request bodies (zod, Chinese message on every rule) and answer
 * shapes shared by server and web. Company and period come from the ComId and Period headers.
 *
 * Amount and line rules (two lines, one side per line, balance, leaf subject, auxiliary item, date inside the
 * period) are checked by the domain's validateVoucherInput on the server, which names the line (第N行…);
 * the contract only shapes the input: amounts arrive as yuan numbers or strings and leave it as strings.
 */
import { z } from 'zod';

// ---------------------------------------------------------------- constants

/** Voucher words (凭证字): 记 is the default; 收 付 转 for agencies that keep separate series. */
export const VOUCHER_WORDS = ['记', '收', '付', '转'] as const;
export type VoucherWord = (typeof VOUCHER_WORDS)[number];
export const DEFAULT_VOUCHER_WORD: VoucherWord = '记';

/** Amounts are keyed in 13 digit cells (spec 001 §9): up to 99,999,999,999.99. */
export const VOUCHER_AMOUNT_CELLS = 13;
export const VOUCHER_MAX_LINES = 500;
export const VOUCHER_SUMMARY_MAX = 200;

/** status 1 live, 9 in the recycle bin (回收站). */
export const VOUCHER_STATUS_LIVE = 1;
export const VOUCHER_STATUS_RECYCLED = 9;

/** Sources: manual entry and the generators. close:pl and close:year are left out of the income statement. */
export const VOUCHER_SOURCE_LABELS: Record<string, string> = {
  manual: '手工录入',
  'close:vat': '结转未交增值税',
  'close:surtax': '计提附加税费',
  'close:pl': '结转损益',
  'close:year': '年末结转',
  asset: '固定资产',
  invoice: '发票',
  bank: '银行',
};

/** '记-3': how a voucher number is shown everywhere. */
export const formatVoucherNo = (word: string, no: number): string => `${word}-${no}`;

export const VOUCHER_MESSAGES = {
  periodRequired: '请选择会计期间',
  settled: '本期已结账，请先进行反结账',
  dateRequired: '请选择凭证日期',
  dateInvalid: '凭证日期格式错误',
  dateOutside: '凭证日期不在当前会计期间',
  wordInvalid: '凭证字错误',
  billCountInvalid: '附单据数须为0-9999的整数',
  linesRequired: '凭证至少需要两条分录',
  tooManyLines: `凭证分录最多${VOUCHER_MAX_LINES}条`,
  summaryTooLong: `摘要最多${VOUCHER_SUMMARY_MAX}个字符`,
  voucherRequired: '请选择凭证',
  voucherNotFound: '凭证不存在',
  voucherNoInvalid: '请输入正确的凭证号',
  voucherNoTaken: '凭证号已存在',
  templateNameRequired: '请输入模板名称',
  templateNameTooLong: '模板名称最多50个字符',
  templateNameTaken: '模板名称已存在',
  templateNotFound: '模板不存在',
} as const;
const M = VOUCHER_MESSAGES;

// ---------------------------------------------------------------- field rules

/** A positive integer id as number or numeric string. */
const idField = (msg: string) =>
  z
    .union([z.number({ error: msg }), z.string({ error: msg }).trim().regex(/^\d+$/, msg)], { error: msg })
    .transform(Number)
    .pipe(z.number({ error: msg }).int(msg).positive(msg));

/** An optional id: '', 0 and null mean none (the entry grid sends empty cells that way). */
const optionalId = (msg: string) =>
  z
    .union([z.number({ error: msg }), z.string({ error: msg }), z.null()], { error: msg })
    .optional()
    .transform((v, ctx): number | null => {
      if (v === undefined || v === null || v === '' || v === 0 || v === '0') return null;
      const n = typeof v === 'number' ? v : Number(v.trim());
      if (!Number.isInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return n;
    });

/**
 * An amount cell: yuan as a number or a string ('1,234.50' loses its thousand separators). Empty means no
 * amount on that side. Precision and range are judged by the domain's parseAmount with line numbers.
 */
export const amountInput = z
  .union([z.number({ error: '金额格式错误' }), z.string({ error: '金额格式错误' }), z.null()], { error: '金额格式错误' })
  .optional()
  .transform((v): string => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v.replace(/[,\s]/g, '')));

const PERIOD_RE = /^\d{4}(0[1-9]|1[0-2])$/;
export const periodField = (msg = '会计期间格式错误') => z.string({ error: msg }).trim().regex(PERIOD_RE, msg);

/** 'YYYY-MM-DD', 'YYYY/MM/DD' or 'YYYYMMDD' → 'YYYY-MM-DD', and a real calendar day. */
export function normalizeDate(raw: string): string | null {
  const m = /^(\d{4})[-/]?(\d{1,2})[-/]?(\d{1,2})$/.exec(raw.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > last) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export const voucherDateField = z
  .string({ error: M.dateRequired })
  .trim()
  .min(1, M.dateRequired)
  .transform((v, ctx) => {
    const d = normalizeDate(v);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: M.dateInvalid });
      return z.NEVER;
    }
    return d;
  });

export const voucherWordField = z
  .string({ error: M.wordInvalid })
  .trim()
  .default(DEFAULT_VOUCHER_WORD)
  .transform((v) => (v === '' ? DEFAULT_VOUCHER_WORD : v))
  .pipe(z.enum(VOUCHER_WORDS, { error: M.wordInvalid }));

const billCountField = z
  .union([z.number({ error: M.billCountInvalid }), z.string({ error: M.billCountInvalid }), z.null()], { error: M.billCountInvalid })
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? 0 : Number(v)))
  .pipe(z.number({ error: M.billCountInvalid }).int(M.billCountInvalid).min(0, M.billCountInvalid).max(9999, M.billCountInvalid));

const pageField = z.coerce.number({ error: '分页参数错误' }).int('分页参数错误').min(1, '分页参数错误').default(1);
const limitField = z.coerce.number({ error: '分页参数错误' }).int('分页参数错误').min(1, '分页参数错误').max(500, '每页最多500条').default(20);

// ---------------------------------------------------------------- saveVoucher

/** One entry line as the grid sends it. subjectId null = not chosen yet ('第N行请选择科目' on the server). */
export const voucherLineInput = z.object({
  summary: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(VOUCHER_SUMMARY_MAX, M.summaryTooLong)),
  subjectId: optionalId('科目参数错误'),
  fzhsId: optionalId('辅助核算参数错误'),
  /** 借方 (debit), yuan. */
  inAmount: amountInput,
  /** 贷方 (credit), yuan. */
  outAmount: amountInput,
});
export type VoucherLineInput = z.output<typeof voucherLineInput>;

export const voucherInfoInput = z.object({
  /** Present when editing: the voucher keeps its number. */
  id: optionalId('凭证参数错误'),
  voucherWord: voucherWordField,
  voucherDate: voucherDateField,
  billCount: billCountField,
});

export const saveVoucherBody = z.object({
  info: voucherInfoInput,
  voucherItem: z.array(voucherLineInput, { error: M.linesRequired }).max(VOUCHER_MAX_LINES, M.tooManyLines),
});
export type SaveVoucherBody = z.input<typeof saveVoucherBody>;
export type SaveVoucherInput = z.output<typeof saveVoucherBody>;

export interface SaveVoucherResult {
  id: number;
  voucherNo: number;
  /** '记-3' */
  voucherNoText: string;
}

// ---------------------------------------------------------------- list, info, preview

export const voucherListBody = z.object({
  /** One period; or a range with beginPeriod/endPeriod; neither = the Period header. */
  period: periodField().optional(),
  beginPeriod: periodField().optional(),
  endPeriod: periodField().optional(),
  voucherWord: z.enum(VOUCHER_WORDS, { error: M.wordInvalid }).optional().or(z.literal('').transform(() => undefined)),
  /** Matches any line's summary. */
  summary: z.string().trim().max(100, '搜索内容过长').optional(),
  /** Vouchers with a line on this subject or one of its descendants. */
  subjectId: optionalId('科目参数错误'),
  voucherNoFrom: z.coerce.number({ error: M.voucherNoInvalid }).int(M.voucherNoInvalid).positive(M.voucherNoInvalid).optional(),
  voucherNoTo: z.coerce.number({ error: M.voucherNoInvalid }).int(M.voucherNoInvalid).positive(M.voucherNoInvalid).optional(),
  page: pageField,
  limit: limitField,
});
export type VoucherListBody = z.input<typeof voucherListBody>;

export const recycleListBody = z.object({
  period: periodField().optional(),
  page: pageField,
  limit: limitField,
});

export const voucherIdBody = z.object({ id: idField(M.voucherRequired) });
export const voucherIdsBody = z.object({
  ids: z
    .array(idField(M.voucherRequired), { error: M.voucherRequired })
    .min(1, M.voucherRequired)
    .max(500, '一次最多选择500张凭证'),
});

/** Preview of a saved voucher ({ id }, spec 001: also sent as voucherId) or of an unsaved draft ({ info, voucherItem }). */
export const voucherPreviewBody = z
  .object({
    id: optionalId('凭证参数错误'),
    voucherId: optionalId('凭证参数错误'),
    from: z.string().optional(),
    info: voucherInfoInput.optional(),
    voucherItem: z.array(voucherLineInput).max(VOUCHER_MAX_LINES, M.tooManyLines).optional(),
  })
  .refine((b) => b.id !== null || b.voucherId !== null || (b.info !== undefined && b.voucherItem !== undefined), M.voucherRequired);

export const getNewVoucherNoBody = z.object({ voucherWord: voucherWordField }).default({ voucherWord: DEFAULT_VOUCHER_WORD });

export const voucherNextInfoBody = z.object({
  id: idField(M.voucherRequired),
  direction: z.enum(['prev', 'next'], { error: '方向参数错误' }).default('next'),
});

/** 凭证整理: renumber the period's live vouchers by date then entry order; one word or all. */
export const voucherSortBody = z
  .object({ voucherWord: z.enum(VOUCHER_WORDS, { error: M.wordInvalid }).optional() })
  .default({});

export const editVoucherNoBody = z.object({
  id: idField(M.voucherRequired),
  voucherNo: z.coerce.number({ error: M.voucherNoInvalid }).int(M.voucherNoInvalid).min(1, M.voucherNoInvalid).max(99999, M.voucherNoInvalid),
});

/** Copy a voucher as a new one into the Period header's period (same lines; the date moves into that period). */
export const saveEaVoucherCopyBody = z.object({ id: idField(M.voucherRequired) });

export interface VoucherLineView {
  lineNo: number;
  summary: string;
  subjectId: number;
  subjectCode: string;
  /** Full path name, e.g. '应交税费-应交增值税-进项税额'. */
  subjectName: string;
  fzhsId: number | null;
  fzhsName: string;
  /** Debit / credit in yuan ('1000.00'), '' when that side is empty. */
  inAmount: string;
  outAmount: string;
}

export interface VoucherHeader {
  id: number;
  period: string;
  voucherWord: string;
  voucherNo: number;
  /** '记-3' */
  voucherNoText: string;
  voucherDate: string;
  billCount: number;
  debitTotal: string;
  creditTotal: string;
  status: number;
  source: string;
  creatorId: number | null;
  creatorName: string;
}

export interface VoucherListRow extends VoucherHeader {
  items: VoucherLineView[];
}

export interface VoucherListResult {
  list: VoucherListRow[];
  total: number;
  /** Totals over every matching voucher (not only this page). */
  debitSum: string;
  creditSum: string;
}

export interface VoucherInfoResult {
  info: VoucherHeader;
  voucherItem: VoucherLineView[];
}

/** voucherNextInfo: the neighbour, or null at either end ('已经是第一张' / '已经是最后一张' in the UI). */
export type VoucherNextInfoResult = VoucherInfoResult | null;

/** Spec 001 凭证预览. */
export interface VoucherPreviewResult {
  info: {
    id: number | null;
    /** '记-3' (empty number for an unsaved draft: '记-') */
    voucherNo: string;
    voucherDate: string;
    billCount: number;
    inSumAmount: string;
    outSumAmount: string;
    /** The total in capital Chinese (壹仟元整); '' from 1e15 up. */
    bigwrite: string;
  };
  voucherItem: {
    summary: string;
    subjectName: string;
    inAmount: string;
    outAmount: string;
    inventoryIds: { inventoryId: number; inventoryName3: string }[];
  }[];
}

export interface NewVoucherNoResult {
  voucherNo: number;
}

export interface VoucherSortResult {
  /** How many vouchers got another number. */
  changed: number;
}

// ---------------------------------------------------------------- templates (常用凭证)

/** Template lines may leave amounts empty (only subjects and summaries are remembered). */
export const voucherTemplateSaveBody = z.object({
  id: optionalId('模板参数错误'),
  name: z.string({ error: M.templateNameRequired }).trim().min(1, M.templateNameRequired).max(50, M.templateNameTooLong),
  voucherItem: z.array(voucherLineInput, { error: '模板至少需要一条分录' }).min(1, '模板至少需要一条分录').max(VOUCHER_MAX_LINES, M.tooManyLines),
});
export type VoucherTemplateSaveBody = z.input<typeof voucherTemplateSaveBody>;

export const voucherTemplateListBody = z.object({ name: z.string().trim().max(50, '搜索内容过长').optional() }).default({});
export const voucherTemplateIdBody = z.object({ id: idField('请选择模板') });

export interface VoucherTemplateRow {
  id: number;
  name: string;
  lineCount: number;
  createdAt: string;
}

export interface VoucherTemplateInfo {
  id: number;
  name: string;
  voucherItem: (VoucherLineInput & { subjectCode: string; subjectName: string; fzhsName: string })[];
}
