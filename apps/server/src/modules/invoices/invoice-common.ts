import type { InvoiceDirection } from '@dzy/domain/contracts/invoices.contract';
import { parsePeriod } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/envelope';
import { assertPeriodOpen, periodSettleStatus } from '../account-sets/account-sets.repo';

/** Who works on which company and period (the ComId and Period headers). */
export interface InvoiceActor {
  orgId: number;
  userId: number;
  cnName: string;
  companyId: number;
  companyName: string;
  period: string;
}

export const directionName = (d: InvoiceDirection): string => (d === 1 ? '进项' : '销项');

/** 'YYYY-MM-DD' of the period's last day. */
export function lastDayOf(period: string): string {
  const { year, month } = parsePeriod(period);
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${period.slice(0, 4)}-${period.slice(4, 6)}-${String(day).padStart(2, '0')}`;
}

/** The period must be one of the company's and not settled (409 '本期已结账，请先进行反结账'). */
export async function assertOpenPeriod(tx: Tx, k: { orgId: number; companyId: number; period: string }): Promise<void> {
  if ((await periodSettleStatus(tx, k)) === undefined) throw badRequest('会计期间不存在');
  await assertPeriodOpen(tx, k);
}
