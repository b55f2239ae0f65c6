/**
 * The checks a close runs, as the close page lists them. Each failing check's msg is exactly what settle
 * answers when it refuses, so the page and the refusal never disagree.
 */
import { CLOSE_SOURCE_NAMES, SETTLE_MESSAGES as M, type CarryForwardPreview, type SettleCheck } from '@dzy/domain/contracts/settle.contract';
import { formatVoucherNo } from '@dzy/domain/contracts/vouchers.contract';
import { fenToYuan, formatMoney } from '@dzy/domain/ledger/index';
import type { SubjectIndex } from '../books/subject-index';
import type { PlannedVoucher } from './settle-plan';
import type { CloseState } from './settle-state';
import { SETTLED, type PeriodState } from './settle.repo';

export interface CheckInput {
  period: string;
  row: PeriodState;
  /** The previous period's row; undefined at the account set's start period (or when it is missing). */
  previous: PeriodState | undefined;
  state: CloseState;
  unbalanced: { voucherWord: string; voucherNo: number }[];
  plan: PlannedVoucher[];
}

const check = (key: SettleCheck['key'], name: string, ok: boolean, okMsg: string, failMsg: string): SettleCheck => ({
  key,
  name,
  ok,
  msg: ok ? okMsg : failMsg,
});

export function closeChecks(c: CheckInput): SettleCheck[] {
  const start = c.state.set.startPeriod;
  const isStart = c.period === start;
  const settled = c.row.settleStatus === SETTLED;
  const { trial, periodTotals } = c.state;
  const failed = c.plan.find((p) => !p.ok);
  const generated = c.plan.map((p) => `${p.name} ${formatMoney(p.totalFen)}`).join('，');
  return [
    check('settled', '结账状态', !settled, '本期未结账', M.settled),
    check('previous', '上期结账', isStart || c.previous?.settleStatus === SETTLED, isStart ? '本期为建账期间' : '上期已结账', M.previousOpen),
    check(
      'opening',
      '期初试算平衡',
      !isStart || c.state.set.openingChecked,
      isStart ? '期初余额已通过试算平衡' : '期初余额已在建账期间检查',
      M.openingUnchecked,
    ),
    check(
      'vouchers',
      '凭证借贷平衡',
      c.unbalanced.length === 0,
      '本期凭证均借贷平衡',
      `${M.vouchersUnbalanced}：${c.unbalanced.map((v) => formatVoucherNo(v.voucherWord, v.voucherNo)).join('、')}`,
    ),
    check(
      'trialBalance',
      '试算平衡',
      trial.balanced && periodTotals.balanced,
      `期末借方余额 ${formatMoney(trial.debitTotal)}，贷方余额 ${formatMoney(trial.creditTotal)}`,
      M.trialUnbalanced,
    ),
    settled
      ? check('carryForward', '结转凭证', true, '结转凭证已生成', '')
      : check(
          'carryForward',
          '结转凭证',
          failed === undefined,
          c.plan.length === 0 ? '本期无需生成结转凭证' : `将生成：${generated}`,
          failed ? `${failed.name}：${failed.msg}` : '',
        ),
  ];
}

/** The plan as the status page shows it: each voucher with its lines named by full subject path. */
export function previewOf(plan: PlannedVoucher[], index: SubjectIndex): CarryForwardPreview[] {
  return plan.map((p) => ({
    source: p.source,
    name: CLOSE_SOURCE_NAMES[p.source],
    ok: p.ok,
    msg: p.msg,
    amount: fenToYuan(p.totalFen),
    notes: p.notes,
    lines: p.lines.map((l) => {
      const s = index.byId.get(l.subjectId);
      return {
        summary: l.summary,
        subjectId: l.subjectId,
        code: s?.code ?? '',
        name: s?.name3 ?? '',
        debit: fenToYuan(l.debitFen),
        credit: fenToYuan(l.creditFen),
      };
    }),
  }));
}
