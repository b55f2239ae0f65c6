/**
 * Opening-balance grid arithmetic: typed rows (leaves without auxiliary accounting, auxiliary item rows) keep
 * what the user typed; parents and auxiliary-bound subjects add up their children live, converting between
 * balance sides (a credit-side child under a debit-side parent counts negative). All sums in integer fen.
 */
import type { OpeningRow } from '@dzy/domain/contracts/opening-balances.contract';
import { fenToYuan, parseAmount } from '@dzy/domain/ledger/money';

export type OpeningField = 'amount' | 'yearDebit' | 'yearCredit';
export type OpeningEdits = ReadonlyMap<string, Partial<Record<OpeningField, string>>>;

export interface GridRow extends OpeningRow {
  key: string;
  /** Text shown in each typed cell (what the user typed, or the saved value). */
  text: Record<OpeningField, string>;
  /** Fen on the subject's side for amount and yearBegin; plain fen for the year columns. */
  fen: { amount: number; yearDebit: number; yearCredit: number; yearBegin: number };
  /** First invalid cell's message ('' when all parse). */
  error: string;
  /** Added in this session (an auxiliary item row not saved yet). */
  added?: boolean;
}

export const rowKey = (r: Pick<OpeningRow, 'subjectId' | 'fzhsItemId'>): string => `${r.subjectId}:${r.fzhsItemId}`;

const sign = (dir: number) => (dir === 2 ? -1 : 1);

function parseFen(text: string): { fen: number; msg: string } {
  const r = parseAmount(text);
  return r.ok ? { fen: r.fen, msg: '' } : { fen: 0, msg: r.msg };
}

/** Shown text of a saved amount: '' for zero so empty cells stay empty. */
export function savedText(yuan: string): string {
  const r = parseAmount(yuan);
  return r.ok && r.fen !== 0 ? fenToYuan(r.fen) : '';
}

/** An auxiliary item row for a subject bound to a category, before it has any saved amount. */
export function newItemRow(subject: OpeningRow, item: { id: number; code: string; name: string }): OpeningRow {
  return {
    ...subject,
    fzhsItemId: item.id,
    fzhsItemCode: item.code,
    fzhsItemName: item.name,
    amount: '0.00',
    yearDebit: '0.00',
    yearCredit: '0.00',
    yearBeginAmount: '0.00',
    editable: true,
  };
}

/**
 * The grid in display order (each subject followed by its item rows and descendants), with typed values
 * applied and the non-typed rows summed from their children.
 */
export function buildGrid(list: readonly OpeningRow[], added: readonly OpeningRow[], edits: OpeningEdits): GridRow[] {
  const rows: GridRow[] = [...list, ...added.map((r) => ({ ...r, added: true }))].map((r) => {
    const key = rowKey(r);
    const e = edits.get(key) ?? {};
    const text = {
      amount: e.amount ?? savedText(r.amount),
      yearDebit: e.yearDebit ?? savedText(r.yearDebit),
      yearCredit: e.yearCredit ?? savedText(r.yearCredit),
    };
    const a = parseFen(text.amount);
    const d = parseFen(text.yearDebit);
    const c = parseFen(text.yearCredit);
    const yearBegin = a.fen - sign(r.type) * (d.fen - c.fen);
    return {
      ...r,
      key,
      text,
      fen: { amount: a.fen, yearDebit: d.fen, yearCredit: c.fen, yearBegin },
      error: r.editable ? a.msg || d.msg || c.msg : '',
    };
  });

  // Children by parent key: item rows under their subject row, subjects under their parent subject row.
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const children = new Map<string, GridRow[]>();
  for (const r of rows) {
    const parentKey = r.fzhsItemId > 0 ? `${r.subjectId}:0` : r.parentId === null ? '' : `${r.parentId}:0`;
    if (!parentKey || !byKey.has(parentKey)) continue;
    const bucket = children.get(parentKey) ?? [];
    bucket.push(r);
    children.set(parentKey, bucket);
  }

  const done = new Set<string>();
  const total = (r: GridRow): GridRow => {
    if (done.has(r.key)) return r;
    done.add(r.key);
    const kids = children.get(r.key);
    if (!r.editable && kids?.length) {
      let amount = 0;
      let yearBegin = 0;
      let yearDebit = 0;
      let yearCredit = 0;
      for (const k of kids.map(total)) {
        // Signed debit-positive, then back to this row's side.
        amount += sign(k.type) * k.fen.amount;
        yearBegin += sign(k.type) * k.fen.yearBegin;
        yearDebit += k.fen.yearDebit;
        yearCredit += k.fen.yearCredit;
      }
      r.fen = { amount: sign(r.type) * amount, yearBegin: sign(r.type) * yearBegin, yearDebit, yearCredit };
    }
    return r;
  };
  rows.forEach(total);

  // Display order: depth-first from the roots, codes ascending, item rows right after their subject.
  const ordered: GridRow[] = [];
  const visit = (r: GridRow) => {
    ordered.push(r);
    const kids = [...(children.get(r.key) ?? [])].sort((a, b) =>
      a.fzhsItemId > 0 || b.fzhsItemId > 0 ? a.fzhsItemCode.localeCompare(b.fzhsItemCode) : a.code.localeCompare(b.code),
    );
    kids.forEach(visit);
  };
  rows
    .filter((r) => r.fzhsItemId === 0 && (r.parentId === null || !byKey.has(`${r.parentId}:0`)))
    .sort((a, b) => a.code.localeCompare(b.code))
    .forEach(visit);
  return ordered;
}

/** The save body rows: every typed row. */
export function saveItems(grid: readonly GridRow[]) {
  return grid
    .filter((r) => r.editable)
    .map((r) => ({
      subjectId: r.subjectId,
      fzhsId: r.fzhsItemId,
      amount: fenToYuan(r.fen.amount),
      yearDebit: fenToYuan(r.fen.yearDebit),
      yearCredit: fenToYuan(r.fen.yearCredit),
    }));
}
