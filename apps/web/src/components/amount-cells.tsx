/**
 * Amounts in digit-per-cell form (spec 001 §9: voucher amounts use 13 digit cells, 百亿 down to 分), shared by
 * the voucher entry grid, the voucher preview and the totals rows.
 *
 *     <AmountHeader />                       // 百 十 亿 千 百 十 万 千 百 十 元 角 分
 *     <AmountDigits fen={123450} />          // …  1 2 3 4 5 0, negative amounts in red
 *     <AmountCellInput value={text} onChange={setText} testId="voucher-debit-0" />
 *
 * Amounts are integer fen; zero shows as empty cells, as on paper vouchers.
 */
import { forwardRef, type KeyboardEvent } from 'react';
import styles from './amount-cells.module.css';

export const AMOUNT_CELL_COUNT = 13;
/** Unit of each cell, left to right. */
export const AMOUNT_CELL_UNITS = ['百', '十', '亿', '千', '百', '十', '万', '千', '百', '十', '元', '角', '分'] as const;
/** Width of the cell block in px (13 × 15). */
export const AMOUNT_CELLS_WIDTH = AMOUNT_CELL_COUNT * 15;

/** Index (from the left) of cells followed by a darker line: thousands groups and the 元|角 boundary. */
const GROUP_AFTER = new Set([1, 4, 7]);
const YUAN_INDEX = 10;

function cellClass(index: number): string {
  if (index === YUAN_INDEX) return `${styles.cell} ${styles.yuan}`;
  if (GROUP_AFTER.has(index)) return `${styles.cell} ${styles.group}`;
  return `${styles.cell}`;
}

/** The 13 characters to show for an amount in fen ('' where a leading cell is empty); null if it does not fit. */
export function amountDigits(fen: number): string[] | null {
  const abs = Math.abs(Math.trunc(fen));
  if (abs === 0) return Array<string>(AMOUNT_CELL_COUNT).fill('');
  const text = String(abs);
  if (text.length > AMOUNT_CELL_COUNT) return null;
  // At least 元角分 are shown once there is any amount (0.05 → 0 0 5 in 元 角 分).
  const shown = text.padStart(3, '0');
  return [...Array<string>(AMOUNT_CELL_COUNT - shown.length).fill(''), ...shown.split('')];
}

/** '1,234.50' for the overflow fallback and titles. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

export function AmountHeader({ testId }: { testId?: string }) {
  return (
    <div className={styles.header} data-testid={testId}>
      {AMOUNT_CELL_UNITS.map((u, i) => (
        <span key={i} className={cellClass(i)}>
          {u}
        </span>
      ))}
    </div>
  );
}

export function AmountDigits({ fen, testId }: { fen: number; testId?: string }) {
  const digits = amountDigits(fen);
  const negative = fen < 0;
  if (!digits) {
    return (
      <div className={`${styles.overflow} ${negative ? styles.negative : ''}`} data-testid={testId} data-fen={fen}>
        {formatFen(fen)}
      </div>
    );
  }
  return (
    <div
      className={`${styles.digits} ${negative ? styles.negative : ''}`}
      data-testid={testId}
      data-fen={fen}
      title={fen === 0 ? undefined : formatFen(fen)}
    >
      {digits.map((d, i) => (
        <span key={i} className={cellClass(i)}>
          {d}
        </span>
      ))}
    </div>
  );
}

export interface AmountCellInputProps {
  /** The text being typed (yuan, e.g. '1234.5'). */
  value: string;
  /** The parsed amount shown in the cells while the input is not focused (NaN-free; 0 when empty or invalid). */
  fen: number;
  onChange: (text: string) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  testId?: string;
  disabled?: boolean;
}

/**
 * An amount the user types into: a plain text input laid over the 13 cells. Unfocused it is invisible and
 * the digits show; focused it shows the typed text. Keeping the input mounted makes focus moves cheap.
 */
export const AmountCellInput = forwardRef<HTMLInputElement, AmountCellInputProps>(function AmountCellInput(
  { value, fen, onChange, onKeyDown, onFocus, onBlur, testId, disabled },
  ref,
) {
  return (
    <div className={styles.editor}>
      <input
        ref={ref}
        className={styles.input}
        value={value}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          e.currentTarget.select();
          onFocus?.();
        }}
        onBlur={onBlur}
      />
      <AmountDigits fen={fen} />
    </div>
  );
});
