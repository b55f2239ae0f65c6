import type { z } from 'zod';
import { TICKET_STATUS_BUTTON, type TicketStatusInfo, type ticketStatusSaveBody } from '@dzy/domain/contracts/ticket-status.contract';
import { beijingDateTime } from '@dzy/domain/contracts/notes.contract';
import {
  TICKET_ITEMS,
  isTicketStatus,
  normalizeTicketSave,
  ticketItemsToText,
  ticketStatusLabel,
  type TicketItem,
} from '@dzy/domain/invoices/ticket-status';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, forbidden } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { SETTLED_STATUS, assertPeriodOpen, periodSettleStatus } from '../account-sets/account-sets.repo';
import { logOperation } from '../audit/operation-log.repo';
import type { CompanyRow } from '../companies/company-visibility';
import { findTicketStatus, upsertTicketStatus, type TicketKey } from './ticket-status.repo';

/** Both calls need button sy_dpzt (the main account holds every button). */
function requireTicketButton(a: AuthContext): void {
  if (!a.user.sysButton.includes(TICKET_STATUS_BUTTON)) throw forbidden('无使用权限');
}

/** The period must be one of the company's; answers its settle status. */
async function periodStatus(tx: Tx, k: TicketKey): Promise<number> {
  const s = await periodSettleStatus(tx, k);
  if (s === undefined) throw badRequest('会计期间不存在');
  return s;
}

const asItems = (items: readonly string[]): TicketItem[] => TICKET_ITEMS.filter((i) => items.includes(i));

async function readInfo(tx: Tx, k: TicketKey, settled: boolean): Promise<TicketStatusInfo> {
  const row = await findTicketStatus(tx, k);
  const status = row && isTicketStatus(row.status) ? row.status : null;
  const items = row ? asItems(row.items) : [];
  return {
    comId: k.companyId,
    period: k.period,
    status,
    statusName: ticketStatusLabel(status),
    items,
    piaoStatus: status ?? 0,
    piaoItems: ticketItemsToText(items),
    updatedBy: row?.updatedByName ?? '',
    updatedAt: row ? beijingDateTime(row.updatedAt) : '',
    settled,
  };
}

export async function ticketStatusInfo(db: Db, a: AuthContext, company: CompanyRow, period: string): Promise<TicketStatusInfo> {
  requireTicketButton(a);
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id, period };
    return readInfo(tx, k, (await periodStatus(tx, k)) === SETTLED_STATUS);
  });
}

/**
 * Saves the status by the spec's rules (partial needs an item; zero items mean 9, all five mean 2). A settled
 * period is locked like every other write to it: 409 '本期已结账，请先进行反结账'.
 */
export async function ticketStatusSave(
  db: Db,
  a: AuthContext,
  company: CompanyRow,
  v: z.output<typeof ticketStatusSaveBody>,
  now: Date,
): Promise<TicketStatusInfo> {
  requireTicketButton(a);
  const check = normalizeTicketSave(v.status, v.items);
  if (!check.ok) throw badRequest(check.msg);
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id, period: v.period };
    await periodStatus(tx, k);
    await assertPeriodOpen(tx, k);
    const before = await findTicketStatus(tx, k);
    await upsertTicketStatus(tx, { ...k, status: check.status, items: check.items, updatedBy: a.userId, now });
    const describe = (status: number, items: readonly string[]) => `${ticketStatusLabel(status)}${items.length > 0 ? `（${items.join('、')}）` : ''}`;
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.user.cnName,
      companyId: company.id,
      companyName: company.name,
      period: v.period,
      method: '保存到票状态',
      target: `ticket-status:${company.id}:${v.period}`,
      content: describe(check.status, check.items),
      before: before ? { status: before.status, items: before.items } : undefined,
      after: { status: check.status, items: check.items },
    });
    return readInfo(tx, k, false);
  });
}
