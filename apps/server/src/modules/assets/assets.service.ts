/**
 * Asset cards: list, save (the dialog's checks from @dzy/domain/assets), delete, the per-kind summary and a card's
 * history. The monthly run lives in asset-run.service.ts, clearing and splitting in asset-changes.service.ts.
 */
import {
  ASSET_API_MESSAGES as M,
  type AssetHistoryRow,
  type AssetItem,
  type AssetListResult,
  type AssetSubjectDefaults,
  type AssetTotalRow,
  type SaveAssetBody,
} from '@dzy/domain/contracts/assets.contract';
import { ASSET_KIND_INFO, ASSET_KINDS, depreciationStateFromForm, lastDayOfPeriod, validateAssetForm, type AssetKind } from '@dzy/domain/assets/index';
import { fenToYuan, numericToFen, toFen } from '@dzy/domain/ledger/index';
import { comparePeriods } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { badRequest, notFound } from '../../http/envelope';
import { logOperation } from '../audit/operation-log.repo';
import { listSubjects, type SubjectRow } from '../subjects/subjects.repo';
import { lockWritablePeriod } from '../vouchers/ledger-guards';
import { kindOf, toAssetItem } from './asset-state';
import {
  assetsByIds,
  deleteAssets,
  depreciationsOfAsset,
  depreciationsUpTo,
  insertAsset,
  listAssets,
  runOf,
  updateAsset,
  type AssetInsert,
  type AssetRow,
} from './assets.repo';

/** Who acts, for which company and period. */
export interface AssetCtx {
  orgId: number;
  userId: number;
  cnName: string;
  companyId: number;
  companyName: string;
  period: string;
}

export const scopeOf = (c: AssetCtx) => ({ orgId: c.orgId, companyId: c.companyId });

export async function logAsset(tx: Tx, c: AssetCtx, method: string, target: string, content: string): Promise<void> {
  await logOperation(tx, { orgId: c.orgId, userId: c.userId, cnName: c.cnName, companyId: c.companyId, companyName: c.companyName, period: c.period, method, target, content });
}

/** Cards entered by the period (beginPeriod ≤ period). */
const enteredBy = (rows: AssetRow[], period: string) => rows.filter((r) => comparePeriods(r.beginPeriod, period) <= 0);

/** Default subjects per kind: the kind's first-level codes and 管理费用's 折旧费 / 摊销费 leaf, when leaves. */
export function defaultSubjects(chart: SubjectRow[]): AssetListResult['defaults'] {
  const leaf = (code: string) => chart.find((s) => s.code === code && s.isLeaf && s.status === 1)?.id ?? null;
  const admin = chart.find((s) => s.level === 1 && s.name === '管理费用');
  const expense = (name: string) => chart.find((s) => admin && s.parentId === admin.id && s.name === name && s.isLeaf && s.status === 1)?.id ?? null;
  const of = (k: AssetKind): AssetSubjectDefaults => ({
    yzSubjectId: leaf(ASSET_KIND_INFO[k].originalSubjectCode),
    subjectId: leaf(ASSET_KIND_INFO[k].accumulatedSubjectCode),
    fySubjectId: expense(k === 1 ? '折旧费' : '摊销费'),
  });
  return { '1': of(1), '2': of(2), '3': of(3) };
}

export async function assetList(tx: Tx, c: AssetCtx, f: { type?: number; name?: string }): Promise<AssetListResult> {
  const s = scopeOf(c);
  const [rows, history, run, chart] = await Promise.all([listAssets(tx, s, { kind: f.type }), depreciationsUpTo(tx, s, c.period), runOf(tx, s, c.period), listSubjects(tx, s)]);
  const name = f.name?.trim();
  const list = enteredBy(rows, c.period)
    .filter((r) => !name || r.name.includes(name))
    .map((r) => toAssetItem(r, history, c.period));
  return { list, period: c.period, run: run ? { voucherId: run.voucherId, total: run.total } : null, defaults: defaultSubjects(chart) };
}

export async function assetTotals(tx: Tx, c: AssetCtx): Promise<AssetTotalRow[]> {
  const { list } = await assetList(tx, c, {});
  return ASSET_KINDS.map((kind) => {
    const own = list.filter((a: AssetItem) => a.type === kind);
    const sum = (pick: (a: AssetItem) => string) => fenToYuan(own.reduce((t, a) => t + toFen(pick(a)), 0));
    return { type: kind, count: own.length, originalValue: sum((a) => a.originalValue), accumulated: sum((a) => a.accumulated), periodAmount: sum((a) => a.periodAmount), netValue: sum((a) => a.netValue) };
  });
}

export async function assetHistory(tx: Tx, c: AssetCtx, id: number): Promise<AssetHistoryRow[]> {
  const [row] = await assetsByIds(tx, scopeOf(c), [id]);
  if (!row) throw notFound(M.notFound);
  let acc = numericToFen(row.initAccumulated);
  return (await depreciationsOfAsset(tx, scopeOf(c), id)).map((h) => {
    acc += numericToFen(h.amount);
    return { period: h.period, amount: h.amount, voucherId: h.voucherId, accumulated: fenToYuan(acc) };
  });
}

/** The accumulated subject must sit under the kind's 累计 code (1602 / 1702 / 1801). */
function checkSubjects(kind: AssetKind, chart: Map<number, SubjectRow>, v: { subjectId: number; fySubjectId: number; yzSubjectId: number }): void {
  const info = ASSET_KIND_INFO[kind];
  const acc = chart.get(v.subjectId);
  if (!acc || !acc.code.startsWith(info.accumulatedSubjectCode)) throw badRequest(`累计${info.verb}科目只能选择${info.accumulatedSubjectCode}下的科目`);
  if (!chart.get(v.fySubjectId)) throw badRequest('请选择费用科目');
  for (const id of [v.subjectId, v.fySubjectId, v.yzSubjectId]) {
    const s = chart.get(id);
    if (s && !s.isLeaf) throw badRequest(`科目${s.code}${s.name}不是末级科目`);
    if (s && s.status !== 1) throw badRequest(`科目${s.code}${s.name}已停用`);
  }
}

/** Fields a card keeps once a period has been depreciated (the history and vouchers depend on them). */
const LOCKED: (keyof AssetInsert)[] = ['kind', 'count', 'originalValue', 'initAccumulated', 'transDate', 'depreciationPeriods', 'residualRateBp', 'yzSubjectId', 'subjectId', 'thisNext', 'startPeriod'];

export async function saveAsset(tx: Tx, c: AssetCtx, body: SaveAssetBody): Promise<{ id: number }> {
  const s = scopeOf(c);
  await lockWritablePeriod(tx, { ...s, period: c.period });
  const chartRows = await listSubjects(tx, s);
  const chart = new Map(chartRows.map((r) => [r.id, r]));
  const checked = validateAssetForm(
    {
      ...body,
      type: body.type,
      assetType: body.assetType,
      count: body.count,
      depreciationMethod: body.depreciationMethod,
      depreciationPeriods: body.depreciationPeriods,
      originalValue: body.originalValue,
      initLjDepreciation: body.initLjDepreciation,
      amortizeAmount: body.amortizeAmount,
      status: body.status,
      yzSubjectId: body.yzSubjectId,
      fySubjectId: body.fySubjectId,
      subjectId: body.subjectId,
    },
    { period: c.period, subjectCode: (id) => chart.get(id)?.code },
  );
  if (!checked.ok) throw badRequest(checked.msg);
  const v = checked.value;
  checkSubjects(v.kind, chart, v);
  const state = depreciationStateFromForm(v);
  const values = {
    orgId: c.orgId,
    companyId: c.companyId,
    kind: v.kind,
    name: v.name,
    unit: v.unit,
    spec: v.spec,
    assetType: v.assetType,
    count: v.count.toFixed(2),
    transDate: v.transDate,
    startPeriod: state.startPeriod,
    depreciationMethod: v.depreciationMethod,
    depreciationPeriods: v.depreciationPeriods,
    thisNext: v.thisNext,
    originalValue: fenToYuan(v.originalFen),
    initAccumulated: fenToYuan(v.initAccumulatedFen),
    monthlyAmount: fenToYuan(v.monthlyFen),
    residualRateBp: v.residualRateBp,
    status: v.status,
    remark: v.remark,
    yzSubjectId: v.yzSubjectId,
    yzFzhsId: body.yzFzhsId,
    fySubjectId: v.fySubjectId,
    fyFzhsId: body.fyFzhsId,
    subjectId: v.subjectId,
    fzhsId: body.fzhsId,
  } satisfies Omit<AssetInsert, 'beginPeriod'>;
  const verb = ASSET_KIND_INFO[v.kind].verb;

  if (!body.id) {
    const row = await insertAsset(tx, { ...values, beginPeriod: c.period });
    await logAsset(tx, c, `新增${ASSET_KIND_INFO[v.kind].name}`, `asset:${row.id}`, `${v.name} 原值 ${fenToYuan(v.originalFen)}`);
    return { id: row.id };
  }
  const [old] = await assetsByIds(tx, s, [body.id], true);
  if (!old) throw notFound(M.notFound);
  if (old.clearedPeriod) throw badRequest(M.cleared);
  const history = await depreciationsOfAsset(tx, s, old.id);
  if (history.length > 0) {
    const oldValues: Record<string, unknown> = { ...old, kind: kindOf(old) };
    const newValues: Record<string, unknown> = values;
    const changed = LOCKED.filter((k) => String(oldValues[k] ?? '') !== String(newValues[k] ?? ''));
    if (changed.length > 0) throw badRequest(M.lockedValues(ASSET_KIND_INFO[kindOf(old)].verb));
  }
  await updateAsset(tx, s, old.id, values);
  await logAsset(tx, c, `修改${ASSET_KIND_INFO[v.kind].name}`, `asset:${old.id}`, `${v.name} 原值 ${fenToYuan(v.originalFen)}，本月${verb}额 ${fenToYuan(v.monthlyFen)}`);
  return { id: old.id };
}

export async function deleteEaAssets(tx: Tx, c: AssetCtx, ids: number[]): Promise<{ count: number }> {
  const s = scopeOf(c);
  const unique = [...new Set(ids)];
  const rows = await assetsByIds(tx, s, unique, true);
  if (rows.length !== unique.length) throw notFound(M.notFound);
  for (const row of rows) {
    const verb = ASSET_KIND_INFO[kindOf(row)].verb;
    if (row.clearedPeriod) throw badRequest(`${row.name}：${M.noDeleteCleared}`);
    if ((await depreciationsOfAsset(tx, s, row.id)).length > 0) throw badRequest(`${row.name}：${M.noDelete(verb)}`);
  }
  await deleteAssets(tx, s, unique);
  for (const row of rows) await logAsset(tx, c, `删除${ASSET_KIND_INFO[kindOf(row)].name}`, `asset:${row.id}`, `${row.name} 原值 ${row.originalValue}`);
  return { count: rows.length };
}

/** The voucher date of a generated asset voucher: the period's last day. */
export const periodEndDate = (period: string): string => lastDayOfPeriod(period);
