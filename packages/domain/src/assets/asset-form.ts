/**
 * The asset dialog's checks (spec 002 §5 "Asset form"), in the order of the form, with the spec's Chinese messages
 * where it gives them. The first problem wins and names its field, so the dialog can focus it.
 */
import { parseAmount } from '../ledger/money';
import { isValidPeriod, parsePeriod } from '../period/period';
import {
  ASSET_KIND_INFO,
  ASSET_STATUS,
  STRAIGHT_LINE,
  assetTypeInfo,
  isAssetKind,
  isOriginalSubjectAllowed,
  type AssetKind,
  type AssetStatus,
} from './asset-catalogue';
import { firstDepreciationPeriod, residualValue, type AssetDepreciationState } from './depreciation';

export const ASSET_LIMITS = {
  nameMax: 50,
  countMax: 99999999.99,
  /** Characters of the original value and opening accumulated inputs. */
  amountChars: 16,
  rateChars: 6,
  periodsMax: 1200,
} as const;

/** Messages; kind-dependent ones use 折旧 for fixed assets and 摊销 otherwise. */
export const ASSET_MESSAGES = {
  kind: '请选择资产种类',
  nameRequired: '资产名称不能为空',
  nameTooLong: '资产名称不能超过50个字',
  assetType: '请选择资产类型',
  countRequired: '数量不能为空',
  countFormat: '请输入正确的数量',
  countTooLarge: '数量超过最大限度99999999.99！',
  countNegative: '数量不能为负数',
  countZero: '填写的数量应大于0',
  transDate: '请选择入账时间',
  transDateTooLate: '入账时间应早于本期最后一天',
  method: (verb: string) => `请选择${verb}方法`,
  periodsRequired: (verb: string) => `${verb}期限不能为空`,
  periodsFormat: (verb: string) => `${verb}期限应为正整数`,
  rateRequired: '残值率不能为空',
  rateFormat: '请输入正确格式',
  rateTooLarge: '残值率不能大于1',
  rateNegative: '残值率不能为负数',
  monthlyRequired: (verb: string) => `本月${verb}额不能为空`,
  monthlyFormat: (verb: string) => `请输入正确的本月${verb}额`,
  originalRequired: '原值不能为空',
  originalFormat: '请输入正确的原值',
  originalNegative: '原值不能为负数!',
  originalZero: '填写的原值应大于0',
  originalTooLong: '原值不能超过16位',
  initRequired: (verb: string) => `期初累计${verb}不能为空`,
  initFormat: (verb: string) => `请输入正确的期初累计${verb}`,
  initTooLong: (verb: string) => `期初累计${verb}不能超过16位`,
  initTooLarge: (verb: string) => `期初累计${verb}不能大于原值减残值`,
  accumulatedSubject: (verb: string) => `请选择累计${verb}科目`,
  expenseSubject: '请选择费用科目',
  thisNext: '请选择摊销方式',
  status: '请选择状态',
  originalSubject: '请选择原值科目',
  originalSubjectKind: (code: string) => `原值科目只能选择${code}下的科目`,
} as const;

type Raw = string | number | null | undefined;

/** The dialog's fields as sent (spec 002 §3); numbers may arrive as text. */
export interface AssetFormInput {
  type: Raw;
  name?: string | null;
  unit?: string | null;
  spec?: string | null;
  assetType: Raw;
  count: Raw;
  transDate?: string | null;
  depreciationMethod: Raw;
  depreciationPeriods: Raw;
  thisNext?: Raw;
  originalValue: Raw;
  initLjDepreciation: Raw;
  amortizeAmount: Raw;
  rmValueRate?: Raw;
  status: Raw;
  remark?: string | null;
  yzSubjectId: Raw;
  fySubjectId: Raw;
  subjectId: Raw;
}

export interface AssetFormValue {
  kind: AssetKind;
  name: string;
  unit: string;
  spec: string;
  assetType: number;
  count: number;
  transDate: string;
  depreciationMethod: number;
  depreciationPeriods: number;
  thisNext: 0 | 1 | 2;
  originalFen: number;
  initAccumulatedFen: number;
  monthlyFen: number;
  /** Residual rate in basis points of 1/10000 (0.05 → 500); 0 for intangible assets and deferred expenses. */
  residualRateBp: number;
  status: AssetStatus;
  remark: string;
  yzSubjectId: number;
  fySubjectId: number;
  subjectId: number;
}

export type AssetFormField = keyof AssetFormInput;
export type AssetFormCheck = { ok: true; value: AssetFormValue } | { ok: false; field: AssetFormField; msg: string };

export interface AssetFormContext {
  /** The period being edited, 'YYYYMM'. */
  period: string;
  /** Code of a subject id, to check the original value subject; undefined when the subject does not exist. */
  subjectCode: (subjectId: number) => string | undefined;
}

function isBlank(v: Raw): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

function text(v: Raw): string {
  return isBlank(v) ? '' : String(v).trim();
}

function toInt(v: Raw): number | null {
  const n = typeof v === 'number' ? v : Number(text(v));
  return Number.isSafeInteger(n) ? n : null;
}

function toId(v: Raw): number | null {
  const n = toInt(v);
  return n !== null && n > 0 ? n : null;
}

/** Residual rate text → basis points, or null when it is not a decimal with at most 4 places. */
export function residualRateToBp(v: Raw): number | null {
  const s = text(v);
  const m = /^(\d*)(?:\.(\d{0,4}))?$/.exec(s);
  if (!m || s === '' || s === '.') return null;
  return Number(m[1] || '0') * 10000 + Number((m[2] ?? '').padEnd(4, '0'));
}

/** The last day of a 'YYYYMM' period as 'YYYY-MM-DD'. */
export function lastDayOfPeriod(period: string): string {
  const { year, month } = parsePeriod(period);
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${period.slice(0, 4)}-${period.slice(4, 6)}-${String(day).padStart(2, '0')}`;
}

function isRealDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const period = `${m[1]}${m[2]}`;
  return isValidPeriod(period) && Number(m[3]) >= 1 && date <= lastDayOfPeriod(period);
}

type Money = { ok: true; fen: number } | { ok: false; msg: string };

function money(v: Raw, m: { required: string; format: string; tooLong: string }): Money {
  if (isBlank(v)) return { ok: false, msg: m.required };
  if (text(v).length > ASSET_LIMITS.amountChars) return { ok: false, msg: m.tooLong };
  const parsed = parseAmount(v);
  return parsed.ok ? parsed : { ok: false, msg: m.format };
}

/** Checks the dialog's fields; see the module comment. */
export function validateAssetForm(input: AssetFormInput, ctx: AssetFormContext): AssetFormCheck {
  const fail = (field: AssetFormField, msg: string): AssetFormCheck => ({ ok: false, field, msg });
  const kindRaw = toInt(input.type);
  if (!isAssetKind(kindRaw)) return fail('type', ASSET_MESSAGES.kind);
  const kind = kindRaw;
  const verb = ASSET_KIND_INFO[kind].verb;

  const name = text(input.name);
  if (!name) return fail('name', ASSET_MESSAGES.nameRequired);
  if ([...name].length > ASSET_LIMITS.nameMax) return fail('name', ASSET_MESSAGES.nameTooLong);

  const typeInfo = assetTypeInfo(toInt(input.assetType) ?? 0);
  if (!typeInfo || typeInfo.kind !== kind) return fail('assetType', ASSET_MESSAGES.assetType);

  if (isBlank(input.count)) return fail('count', ASSET_MESSAGES.countRequired);
  const countText = text(input.count);
  if (!/^-?\d*(\.\d{0,2})?$/.test(countText) || countText === '-' || countText === '.') return fail('count', ASSET_MESSAGES.countFormat);
  const count = Number(countText);
  if (!Number.isFinite(count)) return fail('count', ASSET_MESSAGES.countFormat);
  if (count < 0) return fail('count', ASSET_MESSAGES.countNegative);
  if (count > ASSET_LIMITS.countMax) return fail('count', ASSET_MESSAGES.countTooLarge);
  if (count === 0) return fail('count', ASSET_MESSAGES.countZero);

  const transDate = text(input.transDate);
  if (!isRealDate(transDate)) return fail('transDate', ASSET_MESSAGES.transDate);
  // Spec 002 §5: the entry date cannot be on or after the last day of the period.
  if (transDate >= lastDayOfPeriod(ctx.period)) return fail('transDate', ASSET_MESSAGES.transDateTooLate);

  if (toInt(input.depreciationMethod) !== STRAIGHT_LINE) return fail('depreciationMethod', ASSET_MESSAGES.method(verb));

  if (isBlank(input.depreciationPeriods)) return fail('depreciationPeriods', ASSET_MESSAGES.periodsRequired(verb));
  const periods = toInt(input.depreciationPeriods);
  if (periods === null || periods < 1 || periods > ASSET_LIMITS.periodsMax) {
    return fail('depreciationPeriods', ASSET_MESSAGES.periodsFormat(verb));
  }

  let residualRateBp = 0;
  if (kind === 1) {
    if (isBlank(input.rmValueRate)) return fail('rmValueRate', ASSET_MESSAGES.rateRequired);
    const rateText = text(input.rmValueRate);
    if (rateText.startsWith('-') && residualRateToBp(rateText.slice(1)) !== null) return fail('rmValueRate', ASSET_MESSAGES.rateNegative);
    const bp = residualRateToBp(rateText);
    if (bp === null || rateText.length > ASSET_LIMITS.rateChars) return fail('rmValueRate', ASSET_MESSAGES.rateFormat);
    if (bp > 10000) return fail('rmValueRate', ASSET_MESSAGES.rateTooLarge);
    residualRateBp = bp;
  }

  if (isBlank(input.amortizeAmount)) return fail('amortizeAmount', ASSET_MESSAGES.monthlyRequired(verb));
  const monthly = parseAmount(input.amortizeAmount);
  if (!monthly.ok || monthly.fen < 0) return fail('amortizeAmount', ASSET_MESSAGES.monthlyFormat(verb));

  if (!isBlank(input.originalValue) && text(input.originalValue).startsWith('-')) {
    return fail('originalValue', ASSET_MESSAGES.originalNegative);
  }
  const original = money(input.originalValue, {
    required: ASSET_MESSAGES.originalRequired,
    format: ASSET_MESSAGES.originalFormat,
    tooLong: ASSET_MESSAGES.originalTooLong,
  });
  if (!original.ok) return fail('originalValue', original.msg);
  if (original.fen < 0) return fail('originalValue', ASSET_MESSAGES.originalNegative);
  if (original.fen === 0) return fail('originalValue', ASSET_MESSAGES.originalZero);

  const init = money(input.initLjDepreciation, {
    required: ASSET_MESSAGES.initRequired(verb),
    format: ASSET_MESSAGES.initFormat(verb),
    tooLong: ASSET_MESSAGES.initTooLong(verb),
  });
  if (!init.ok) return fail('initLjDepreciation', init.msg);
  if (init.fen < 0) return fail('initLjDepreciation', ASSET_MESSAGES.initFormat(verb));
  const residualFen = residualValue(kind, original.fen, residualRateBp);
  if (init.fen > original.fen - residualFen) return fail('initLjDepreciation', ASSET_MESSAGES.initTooLarge(verb));

  const subjectId = toId(input.subjectId);
  if (subjectId === null) return fail('subjectId', ASSET_MESSAGES.accumulatedSubject(verb));
  const fySubjectId = toId(input.fySubjectId);
  if (fySubjectId === null) return fail('fySubjectId', ASSET_MESSAGES.expenseSubject);

  let thisNext: 0 | 1 | 2 = 0;
  if (kind !== 1) {
    const tn = toInt(input.thisNext);
    if (tn !== 1 && tn !== 2) return fail('thisNext', ASSET_MESSAGES.thisNext);
    thisNext = tn;
  }

  const status = toInt(input.status);
  if (status !== ASSET_STATUS.normal && status !== ASSET_STATUS.paused) return fail('status', ASSET_MESSAGES.status);

  const yzSubjectId = toId(input.yzSubjectId);
  const yzCode = yzSubjectId === null ? undefined : ctx.subjectCode(yzSubjectId);
  if (yzSubjectId === null || yzCode === undefined) return fail('yzSubjectId', ASSET_MESSAGES.originalSubject);
  if (!isOriginalSubjectAllowed(kind, yzCode)) {
    return fail('yzSubjectId', ASSET_MESSAGES.originalSubjectKind(ASSET_KIND_INFO[kind].originalSubjectCode));
  }

  return {
    ok: true,
    value: {
      kind,
      name,
      unit: text(input.unit),
      spec: text(input.spec),
      assetType: typeInfo.id,
      count,
      transDate,
      depreciationMethod: STRAIGHT_LINE,
      depreciationPeriods: periods,
      thisNext,
      originalFen: original.fen,
      initAccumulatedFen: init.fen,
      monthlyFen: monthly.fen,
      residualRateBp,
      status,
      remark: text(input.remark),
      yzSubjectId,
      fySubjectId,
      subjectId,
    },
  };
}

/**
 * The state the monthly run starts from for a newly saved card: depreciation from firstDepreciationPeriod, the
 * opening accumulated amount already counted, the card's monthly amount.
 */
export function depreciationStateFromForm(value: AssetFormValue): AssetDepreciationState {
  return {
    originalFen: value.originalFen,
    residualFen: residualValue(value.kind, value.originalFen, value.residualRateBp),
    periods: value.depreciationPeriods,
    status: value.status,
    startPeriod: firstDepreciationPeriod(value.kind, value.transDate, value.thisNext),
    monthlyFen: value.monthlyFen,
    accumulatedFen: value.initAccumulatedFen,
    depreciatedMonths: 0,
    clearedPeriod: null,
  };
}
