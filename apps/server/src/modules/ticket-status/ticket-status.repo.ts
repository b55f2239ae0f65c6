import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ticketStatuses, users } from '../../db/schema';

export interface TicketKey {
  orgId: number;
  companyId: number;
  period: string;
}

export interface TicketStatusRow {
  status: number;
  items: string[];
  updatedAt: Date;
  updatedBy: number;
  updatedByName: string | null;
}

/** The saved status of one company-period with the saver's name, or undefined when never saved. */
export async function findTicketStatus(tx: Tx, k: TicketKey): Promise<TicketStatusRow | undefined> {
  const rows = await tx
    .select({
      status: ticketStatuses.status,
      items: ticketStatuses.items,
      updatedAt: ticketStatuses.updatedAt,
      updatedBy: ticketStatuses.updatedBy,
      updatedByName: users.cnName,
    })
    .from(ticketStatuses)
    .leftJoin(users, and(eq(users.orgId, ticketStatuses.orgId), eq(users.id, ticketStatuses.updatedBy)))
    .where(and(eq(ticketStatuses.orgId, k.orgId), eq(ticketStatuses.companyId, k.companyId), eq(ticketStatuses.period, k.period)))
    .limit(1);
  return rows[0];
}

export async function upsertTicketStatus(tx: Tx, v: TicketKey & { status: number; items: string[]; updatedBy: number; now: Date }): Promise<void> {
  const { now, ...row } = v;
  await tx
    .insert(ticketStatuses)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: [ticketStatuses.orgId, ticketStatuses.companyId, ticketStatuses.period],
      set: { status: row.status, items: row.items, updatedBy: row.updatedBy, updatedAt: now },
    });
}
