/** Shared display helpers of the books: yuan strings as '1,234.50' ('' for zero), test ids on table rows. */
import type { HTMLAttributes } from 'react';
import { formatMoney, parseAmount } from '@dzy/domain/ledger/money';

export function money(yuan: string | null | undefined): string {
  if (!yuan) return '';
  const r = parseAmount(yuan);
  return r.ok ? (r.fen === 0 ? '' : formatMoney(r.fen)) : yuan;
}

/** Table onRow props that name a row for the end-to-end tests. */
export function testRow(testId: string): HTMLAttributes<HTMLElement> {
  return { 'data-testid': testId, className: 'dzy-book-row' } as HTMLAttributes<HTMLElement>;
}

export const moneyColumn = { align: 'right' as const, width: 116 };
