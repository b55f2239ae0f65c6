/**
 * The voucher entry grid, built for the keyboard (as in 亿企代账 / 金蝶精斗云):
 * - Enter moves on: 摘要 → 会计科目 → (辅助核算) → 借方 → 贷方 → next line's 摘要; from a 借方 that has an
 *   amount it goes straight to the next line (a line has one side only). A new line is added past the last.
 * - Entering an empty 摘要 by Enter copies the line above (selected, so typing replaces it); typing '..' in a
 *   摘要 copies the line above, '//' copies the first line.
 * - '=' in an amount cell fills the amount that balances the voucher; Space moves the amount to the other side.
 * - ↑ / ↓ move between lines in the same column; Ctrl+Delete removes the line.
 */
import { forwardRef, useCallback, useImperativeHandle, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { SubjectItem } from '@dzy/domain/contracts/subjects.contract';
import { capitalChinese } from '@dzy/domain/ledger/capital-chinese';
import { fenToYuan, formatMoney } from '@dzy/domain/ledger/money';
import { AmountDigits, AmountHeader } from '../../../components/amount-cells';
import { balancingFill, blankLine, totals, type EditorLine } from './voucher-lines';
import { VoucherLineRow, type Col, type Focusable } from './voucher-line-row';
import styles from './voucher-grid.module.css';

export interface VoucherGridHandle {
  focus: (row: number, col: Col, summaryText?: string) => void;
}

export interface VoucherGridProps {
  lines: EditorLine[];
  onChange: (lines: EditorLine[]) => void;
  subjects: readonly SubjectItem[];
  readOnly: boolean;
  /** Rendered under the subject list (新增科目); gets the row it was opened from. */
  subjectFooter: (row: number) => ReactNode;
}

export const VoucherGrid = forwardRef<VoucherGridHandle, VoucherGridProps>(function VoucherGrid(
  { lines, onChange, subjects, readOnly, subjectFooter },
  ref,
) {
  const cells = useRef(new Map<string, Focusable>());
  // Latest lines for key handlers that run before React re-renders (fast typing then Enter).
  const latest = useRef(lines);
  latest.current = lines;
  const byId = useMemo(() => new Map(subjects.map((s) => [s.id, s])), [subjects]);
  const leafSubjects = useMemo(() => subjects.filter((s) => s.isLeaf), [subjects]);

  const set = useCallback(
    (next: EditorLine[]) => {
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );

  /**
   * Moves the focus at once when the cell exists, so keys typed right after Enter land in the new cell; a cell
   * that appears only after the next render (a new line, the auxiliary select) is focused once it exists.
   */
  const focus = useCallback((row: number, col: Col, summaryText?: string) => {
    const attempt = (): boolean => {
      const el = cells.current.get(`${row}:${col}`);
      if (!el) return false;
      el.focus();
      if (el instanceof HTMLInputElement) {
        // Put the copied summary in the DOM now: React then finds the same value and keeps the selection.
        if (summaryText !== undefined) el.value = summaryText;
        el.select();
      }
      return true;
    };
    if (attempt()) return;
    let tries = 0;
    const retry = () => {
      if (!attempt() && ++tries < 10) window.setTimeout(retry, 16);
    };
    window.setTimeout(retry, 0);
  }, []);
  useImperativeHandle(ref, () => ({ focus }), [focus]);

  const patch = (row: number, p: Partial<EditorLine>) => {
    set(latest.current.map((l, i) => (i === row ? { ...l, ...p } : l)));
  };

  const hasFzhs = (row: number) => !!byId.get(latest.current[row]?.subjectId ?? -1)?.fzhsId;

  /** Next line's 摘要, adding a line past the last and copying the summary above into an empty one. */
  const toNextLine = (row: number) => {
    let next = latest.current;
    if (row + 1 >= next.length) next = [...next, blankLine()];
    const target = next[row + 1];
    const above = next[row];
    let copied: string | undefined;
    if (target && above && !target.summary && above.summary) {
      copied = above.summary;
      next = next.map((l, i) => (i === row + 1 ? { ...l, summary: above.summary } : l));
    }
    if (next !== latest.current) set(next);
    focus(row + 1, 'summary', copied);
  };

  const moveNext = (row: number, col: Col) => {
    const line = latest.current[row];
    if (!line) return;
    if (col === 'summary') focus(row, 'subject');
    else if (col === 'subject') focus(row, hasFzhs(row) ? 'fzhs' : 'debit');
    else if (col === 'fzhs') focus(row, 'debit');
    else if (col === 'debit') {
      if (line.debit.trim()) toNextLine(row);
      else focus(row, 'credit');
    } else toNextLine(row);
  };

  const removeRow = (row: number) => {
    const next = latest.current.filter((_, i) => i !== row);
    set(next.length >= 2 ? next : [...next, blankLine()]);
  };

  const onKey = (row: number, col: Col, e: KeyboardEvent<HTMLElement>) => {
    if (readOnly) return;
    const line = latest.current[row];
    if (!line) return;
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      moveNext(row, col);
      return;
    }
    if (e.key === 'Delete' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      removeRow(row);
      focus(Math.min(row, latest.current.length - 1), col === 'fzhs' ? 'subject' : col);
      return;
    }
    if (col === 'subject' || col === 'fzhs') return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const target = row + (e.key === 'ArrowDown' ? 1 : -1);
      if (target >= 0 && target < latest.current.length) {
        e.preventDefault();
        focus(target, col);
      }
      return;
    }
    if (col !== 'debit' && col !== 'credit') return;
    if (e.key === '=') {
      e.preventDefault();
      const fill = balancingFill(latest.current, row, col);
      if (!fill) return;
      patch(row, fill.side === 'debit' ? { debit: fill.text, credit: '' } : { credit: fill.text, debit: '' });
      if (fill.side !== col) focus(row, fill.side);
      return;
    }
    if (e.key === ' ') {
      e.preventDefault();
      const other = col === 'debit' ? 'credit' : 'debit';
      const text = col === 'debit' ? line.debit : line.credit;
      patch(row, col === 'debit' ? { debit: '', credit: text } : { credit: '', debit: text });
      focus(row, other);
    }
  };

  /** '..' copies the summary above, '//' the first line's. */
  const onSummary = (row: number, text: string) => {
    const ls = latest.current;
    if (text === '..' && row > 0) patch(row, { summary: ls[row - 1]?.summary ?? '' });
    else if (text === '//' && row > 0) patch(row, { summary: ls[0]?.summary ?? '' });
    else patch(row, { summary: text });
  };

  const sum = totals(lines);
  const balanced = sum.debit === sum.credit;
  const capital = sum.debit > 0 ? capitalChinese(fenToYuan(sum.debit)) : '';

  return (
    <table className={styles.grid} data-testid="voucher-grid">
      <colgroup>
        <col style={{ width: 44 }} />
        <col style={{ width: '28%' }} />
        <col />
        <col style={{ width: 196 }} />
        <col style={{ width: 196 }} />
      </colgroup>
      <thead>
        <tr>
          <th rowSpan={2}>序号</th>
          <th rowSpan={2}>摘要</th>
          <th rowSpan={2}>会计科目</th>
          <th>借方金额</th>
          <th>贷方金额</th>
        </tr>
        <tr>
          <th>
            <AmountHeader />
          </th>
          <th>
            <AmountHeader />
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, row) => (
          <VoucherLineRow
            key={line.uid}
            index={row}
            line={line}
            subject={line.subjectId === null ? undefined : byId.get(line.subjectId)}
            subjects={leafSubjects}
            readOnly={readOnly}
            register={(col, el) => {
              const key = `${row}:${col}`;
              if (el) cells.current.set(key, el);
              else cells.current.delete(key);
            }}
            onPatch={(p) => (p.summary !== undefined && Object.keys(p).length === 1 ? onSummary(row, p.summary) : patch(row, p))}
            onKey={(col, e) => onKey(row, col, e)}
            onPicked={(col) => moveNext(row, col === 'subject' ? 'subject' : 'fzhs')}
            onInsert={() => set([...latest.current.slice(0, row), blankLine(), ...latest.current.slice(row)])}
            onRemove={() => removeRow(row)}
            subjectFooter={subjectFooter(row)}
          />
        ))}
        <tr className={styles.total}>
          <td colSpan={3} className={styles.capital}>
            合计：<span data-testid="voucher-total-capital">{capital}</span>
            {!balanced && (
              <span className={styles.unbalanced} data-testid="voucher-unbalanced">
                借贷不平衡，差额 {formatMoney(sum.debit - sum.credit)}
              </span>
            )}
          </td>
          <td>
            <AmountDigits fen={sum.debit} testId="voucher-total-debit" />
          </td>
          <td>
            <AmountDigits fen={sum.credit} testId="voucher-total-credit" />
          </td>
        </tr>
      </tbody>
    </table>
  );
});
