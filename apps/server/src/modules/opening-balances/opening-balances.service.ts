import type { z } from 'zod';
import {
  OPENING_MESSAGES,
  type OpeningCheckResult,
  type OpeningListResult,
  type OpeningRow,
  type OpeningSaveResult,
  type openingSaveBody,
} from '@dzy/domain/contracts/opening-balances.contract';
import { SUBJECT_MESSAGES } from '@dzy/domain/contracts/subjects.contract';
import {
  accountingEquation,
  balanceSides,
  fenToYuan,
  inDirection,
  parseAmount,
  rollup,
  trialBalance,
  type LedgerSubject,
} from '@dzy/domain/ledger/index';
import { formatCode } from '@dzy/domain/ledger/code-scheme';
import { parsePeriod } from '@dzy/domain/period/period';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import type { CompanyRow } from '../companies/company-visibility';
import { SETTLED_STATUS, assertPeriodOpen, periodSettleStatus, setOpeningChecked } from '../account-sets/account-sets.repo';
import { listItems } from '../fzhs/fzhs.repo';
import { inLedger, type LedgerScope } from '../subjects/subject-ledger';
import { pathNames } from '../subjects/subject-mapper';
import { listSubjects, type SubjectRow } from '../subjects/subjects.repo';
import { deleteOpening, listOpening, upsertOpening, type OpeningFen } from './opening-balances.repo';

const isMidYear = (startPeriod: string) => parsePeriod(startPeriod).month !== 1;

function ledgerSubjects(rows: readonly SubjectRow[]): LedgerSubject[] {
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    parentId: r.parentId,
    level: r.level,
    category: r.category as LedgerSubject['category'],
    direction: r.direction === 2 ? 2 : 1,
    isLeaf: r.isLeaf,
  }));
}

async function startEditable(s: LedgerScope): Promise<boolean> {
  return (await periodSettleStatus(s.tx, { ...s.k, period: s.set.startPeriod })) !== SETTLED_STATUS;
}

/**
 * The opening balance sheet: every subject (parents and bound leaves add up their rows) and, under each leaf with
 * auxiliary accounting, one row per item that has an opening. Amounts on the subject's side.
 */
export function openingList(db: Db, a: AuthContext, company: CompanyRow): Promise<OpeningListResult> {
  return inLedger(db, a, company, async (s) => {
    const subjects = await listSubjects(s.tx, s.k);
    const opening = await listOpening(s.tx, s.k);
    const totals = rollup(
      opening.map((o) => ({ subjectId: o.subjectId, fzhsItemId: o.fzhsItemId, opening: o.amount, yearDebit: o.yearDebit, yearCredit: o.yearCredit })),
      ledgerSubjects(subjects),
    );
    const items = new Map((await listItems(s.tx, s.k)).map((i) => [i.id, i]));
    const names = pathNames(subjects);
    const editable = await startEditable(s);
    const list: OpeningRow[] = [];
    for (const subject of subjects) {
      const direction = subject.direction === 2 ? 2 : 1;
      const row = (fzhsItemId: number, o: { amount: number; yearDebit: number; yearCredit: number }, rowEditable: boolean): OpeningRow => {
        const item = items.get(fzhsItemId);
        return {
          subjectId: subject.id,
          code: subject.code,
          displayCode: formatCode(subject.code, s.set.codeLevels, s.set.codeSeparator),
          name: subject.name,
          name3: names.get(subject.id) ?? subject.name,
          level: subject.level,
          parentId: subject.parentId,
          isLeaf: subject.isLeaf,
          category: subject.category as OpeningRow['category'],
          type: direction,
          fzhsId: subject.fzhsCategoryId,
          fzhsItemId,
          fzhsItemCode: item?.code ?? '',
          fzhsItemName: item?.name ?? '',
          amount: fenToYuan(inDirection(o.amount, direction)),
          yearDebit: fenToYuan(o.yearDebit),
          yearCredit: fenToYuan(o.yearCredit),
          yearBeginAmount: fenToYuan(inDirection(o.amount - o.yearDebit + o.yearCredit, direction)),
          editable: rowEditable,
        };
      };
      const t = totals.get(subject.id);
      list.push(
        row(0, { amount: t?.opening ?? 0, yearDebit: t?.yearDebit ?? 0, yearCredit: t?.yearCredit ?? 0 }, editable && subject.isLeaf && subject.fzhsCategoryId === null),
      );
      if (subject.isLeaf && subject.fzhsCategoryId !== null) {
        const itemRows = opening
          .filter((o) => o.subjectId === subject.id && o.fzhsItemId !== 0)
          .sort((x, y) => (items.get(x.fzhsItemId)?.code ?? '').localeCompare(items.get(y.fzhsItemId)?.code ?? ''));
        for (const o of itemRows) list.push(row(o.fzhsItemId, o, editable));
      }
    }
    return { startPeriod: s.set.startPeriod, midYear: isMidYear(s.set.startPeriod), editable, openingChecked: s.set.openingChecked, list };
  });
}

function parseOrThrow(label: string, input: string): number {
  const r = parseAmount(input);
  if (!r.ok) throw badRequest(`${label}：${r.msg}`);
  return r.fen;
}

/**
 * Saves opening rows of leaf subjects (and their auxiliary items) at the start period; an all-zero row is removed.
 * Only while the start period is not settled (409, and the database guard agrees). Clears the passed check.
 */
export function openingSave(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof openingSaveBody>): Promise<OpeningSaveResult> {
  return inLedger(db, a, company, async (s) => {
    const period = s.set.startPeriod;
    await assertPeriodOpen(s.tx, { ...s.k, period });
    const subjects = new Map((await listSubjects(s.tx, s.k)).map((r) => [r.id, r]));
    const items = new Map((await listItems(s.tx, s.k)).map((i) => [i.id, i]));
    const midYear = isMidYear(period);
    const seen = new Set<string>();
    const rows: OpeningFen[] = [];
    for (const input of v.items) {
      const subject = subjects.get(input.subjectId);
      if (!subject) throw badRequest(SUBJECT_MESSAGES.notFound);
      const label = `${formatCode(subject.code, s.set.codeLevels, s.set.codeSeparator)} ${subject.name}`;
      if (!subject.isLeaf) throw badRequest(`${label}：${OPENING_MESSAGES.leafOnly}`);
      if (subject.fzhsCategoryId !== null) {
        if (input.fzhsId === 0) throw badRequest(`${label}：${OPENING_MESSAGES.fzhsRequired}`);
        if (items.get(input.fzhsId)?.categoryId !== subject.fzhsCategoryId) throw badRequest(`${label}：${OPENING_MESSAGES.fzhsMismatch}`);
      } else if (input.fzhsId !== 0) {
        throw badRequest(`${label}：${OPENING_MESSAGES.fzhsNotBound}`);
      }
      const key = `${subject.id}:${input.fzhsId}`;
      if (seen.has(key)) throw badRequest(`${label}：${OPENING_MESSAGES.duplicate}`);
      seen.add(key);
      const amount = parseOrThrow(label, input.amount);
      const yearDebit = parseOrThrow(label, input.yearDebit);
      const yearCredit = parseOrThrow(label, input.yearCredit);
      if (!midYear && (yearDebit !== 0 || yearCredit !== 0)) throw badRequest(`${label}：${OPENING_MESSAGES.yearNotMidYear}`);
      rows.push({ subjectId: subject.id, fzhsItemId: input.fzhsId, amount: subject.direction === 2 ? -amount : amount, yearDebit, yearCredit });
    }
    let saved = 0;
    for (const r of rows) {
      if (r.amount === 0 && r.yearDebit === 0 && r.yearCredit === 0) {
        await deleteOpening(s.tx, { ...s.k, subjectId: r.subjectId, fzhsItemId: r.fzhsItemId });
        continue;
      }
      await upsertOpening(s.tx, {
        ...s.k,
        period,
        subjectId: r.subjectId,
        fzhsItemId: r.fzhsItemId,
        amount: fenToYuan(r.amount),
        yearDebit: fenToYuan(r.yearDebit),
        yearCredit: fenToYuan(r.yearCredit),
      });
      saved++;
    }
    await setOpeningChecked(s.tx, { ...s.k, checked: false });
    await s.log('保存期初余额', `openingBalances:${company.id}`, `${rows.length}行（建账期间${period}）`);
    return { saved };
  });
}

/**
 * 试算平衡 of the opening balances: first-level debit balances = credit balances, and 资产 = 负债 + 所有者权益
 * (with any profit still in P&L accounts). The result is stored as account_sets.opening_checked.
 */
export function openingCheck(db: Db, a: AuthContext, company: CompanyRow): Promise<OpeningCheckResult> {
  return inLedger(db, a, company, async (s) => {
    const subjectRows = await listSubjects(s.tx, s.k);
    const subjects = ledgerSubjects(subjectRows);
    const opening = await listOpening(s.tx, s.k);
    const totals = rollup(
      opening.map((o) => ({ subjectId: o.subjectId, opening: o.amount })),
      subjects,
    );
    const tb = trialBalance(subjects.filter((x) => x.level === 1).map((x) => balanceSides(totals.get(x.id)?.opening ?? 0)));
    const byId = new Map(subjects.map((x) => [x.id, x]));
    const eq = accountingEquation(
      opening.flatMap((o) => {
        const subject = byId.get(o.subjectId);
        return subject ? [{ category: subject.category, amount: o.amount }] : [];
      }),
    );
    const checked = tb.balanced && eq.balanced;
    if (checked !== s.set.openingChecked) await setOpeningChecked(s.tx, { ...s.k, checked });
    await s.log('期初试算平衡', `openingBalances:${company.id}`, checked ? '试算平衡' : '试算不平衡');
    return {
      debitTotal: fenToYuan(tb.debitTotal),
      creditTotal: fenToYuan(tb.creditTotal),
      balanced: tb.balanced,
      equation: {
        assets: fenToYuan(eq.assets),
        liabilities: fenToYuan(eq.liabilities),
        equity: fenToYuan(eq.equity + eq.profit),
        balanced: eq.balanced,
      },
      checked,
    };
  });
}
