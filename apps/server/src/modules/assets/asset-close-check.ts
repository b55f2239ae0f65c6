/**
 * The period-close check of the assets (decision: a close refuses while the period's depreciation is not booked,
 * instead of booking it itself, so the accountant sees and can correct the voucher before the period locks).
 */
import type { SettleCheck } from '@dzy/domain/contracts/settle.contract';
import { depreciationRun } from '@dzy/domain/assets/index';
import { formatMoney, numericToFen } from '@dzy/domain/ledger/index';
import { comparePeriods } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { stateBefore } from './asset-state';
import { depreciationsUpTo, listAssets, runOf, type CompanyScope } from './assets.repo';

export const ASSET_CLOSE_MESSAGE = '本期资产尚未计提折旧';
export const ASSET_RERUN_MESSAGE = '本期有资产尚未计提折旧，请重新计提';

export async function assetCloseCheck(tx: Tx, s: CompanyScope, period: string, settled: boolean): Promise<SettleCheck> {
  const name = '资产折旧';
  if (settled) return { key: 'assets', name, ok: true, msg: '本期已结账' };
  const [run, rows, history] = await Promise.all([runOf(tx, s, period), listAssets(tx, s), depreciationsUpTo(tx, s, period)]);
  // Cards the period's run did not book (none, or added after it) and that have an amount due.
  const booked = new Set(history.filter((h) => h.period === period).map((h) => h.assetId));
  const pending = rows.filter((r) => comparePeriods(r.beginPeriod, period) <= 0 && !booked.has(r.id));
  const due = depreciationRun(pending.map((r) => stateBefore(r, history, period)), period).total;
  if (due > 0) return { key: 'assets', name, ok: false, msg: run ? ASSET_RERUN_MESSAGE : ASSET_CLOSE_MESSAGE };
  if (run) return { key: 'assets', name, ok: true, msg: `本期已计提折旧/摊销 ${formatMoney(numericToFen(run.total))}` };
  return { key: 'assets', name, ok: true, msg: rows.length === 0 ? '无资产' : '本期无需计提折旧' };
}
