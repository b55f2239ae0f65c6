import { and, asc, desc, eq, gt, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { CHAT_LIST_LIMIT, CHAT_PAGE_SIZE, TODO_PENDING, type ChatCategory } from '@dzy/domain/contracts/chat.contract';
import type { Tx } from '../../db/client';
import { chatMessages, chatReads, companies, companyUsers, users } from '../../db/schema';
import { visibleCompanies, type Viewer } from '../companies/company-visibility';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The caller's read mark for the company row (0 when never read). */
const lastRead = (viewer: Viewer) =>
  sql`coalesce((select ${chatReads.lastReadId} from ${chatReads} where ${chatReads.orgId} = ${companies.orgId} and ${chatReads.userId} = ${viewer.userId} and ${chatReads.companyId} = ${companies.id}), 0)`;

/** Companies in the chat list: visible to the viewer and in service, optionally by name. */
function chatCompanyFilter(viewer: Viewer, name: string): SQL {
  const conds = [visibleCompanies(viewer), eq(companies.status, '2')];
  if (name) conds.push(ilike(companies.name, `%${escapeLike(name)}%`));
  return and(...conds) as SQL;
}

export async function listChatCompanies(tx: Tx, { viewer, name, automatic, page }: { viewer: Viewer; name: string; automatic: number; page: number }) {
  const read = lastRead(viewer);
  const stats = sql`(select count(*) filter (where m.user_id <> ${viewer.userId} and m.id > ${read}) as wd,
                            count(*) filter (where m.user_id <> ${viewer.userId} and m.id > ${read} and m.type = 'invoice') as wd_fp,
                            bool_or(m.todo_state = ${TODO_PENDING}) as todo,
                            max(m.id) as last_id
                     from ${chatMessages} m where m.org_id = ${companies.orgId} and m.company_id = ${companies.id})`;
  const rows = await tx
    .select({
      id: companies.id,
      name: companies.name,
      wd: sql<number>`s.wd`.mapWith(Number),
      wdFp: sql<number>`s.wd_fp`.mapWith(Number),
      todo: sql<boolean | null>`s.todo`,
    })
    .from(companies)
    .innerJoin(sql`lateral ${stats} s`, sql`true`)
    .where(and(chatCompanyFilter(viewer, name), eq(companies.automatic, automatic)))
    // Unread first, then the latest conversation, then the rest by id: where work is waiting comes first.
    .orderBy(sql`s.wd desc`, sql`s.last_id desc nulls last`, asc(companies.id))
    .limit(CHAT_PAGE_SIZE + 1)
    .offset((page - 1) * CHAT_PAGE_SIZE);
  return { rows: rows.slice(0, CHAT_PAGE_SIZE), hasNext: rows.length > CHAT_PAGE_SIZE };
}

export async function countChatCompaniesByEdition(tx: Tx, { viewer, name }: { viewer: Viewer; name: string }) {
  const rows = await tx
    .select({ automatic: companies.automatic, n: sql<number>`count(*)`.mapWith(Number) })
    .from(companies)
    .where(chatCompanyFilter(viewer, name))
    .groupBy(companies.automatic);
  const of = (a: number) => rows.find((r) => r.automatic === a)?.n ?? 0;
  return { autoCount: of(1), notAutoCount: rows.reduce((s, r) => s + r.n, 0) - of(1) };
}

export async function listMessages(
  tx: Tx,
  f: { orgId: number; companyId: number; type: ChatCategory; contentFilter: string; onlyTodoOf: number | null },
): Promise<ChatMessageRow[]> {
  const rows = await tx
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.orgId, f.orgId), eq(chatMessages.companyId, f.companyId), eq(chatMessages.type, f.type), ...messageFilters(f)))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_LIST_LIMIT);
  return rows.reverse();
}

function messageFilters(f: { contentFilter: string; onlyTodoOf: number | null }): SQL[] {
  const conds: SQL[] = [];
  if (f.contentFilter) {
    const like = `%${escapeLike(f.contentFilter)}%`;
    conds.push(or(ilike(chatMessages.plain, like), ilike(chatMessages.userName, like)) as SQL);
  }
  if (f.onlyTodoOf !== null) conds.push(eq(chatMessages.todoState, TODO_PENDING), eq(chatMessages.todoUserId, f.onlyTodoOf));
  return conds;
}

export async function countByCategory(tx: Tx, f: { orgId: number; companyId: number; contentFilter: string; onlyTodoOf: number | null }) {
  return tx
    .select({ type: chatMessages.type, n: sql<number>`count(*)`.mapWith(Number) })
    .from(chatMessages)
    .where(and(eq(chatMessages.orgId, f.orgId), eq(chatMessages.companyId, f.companyId), ...messageFilters(f)))
    .groupBy(chatMessages.type);
}

export async function readMark(tx: Tx, { orgId, userId, companyId }: { orgId: number; userId: number; companyId: number }): Promise<number> {
  const rows = await tx
    .select({ id: chatReads.lastReadId })
    .from(chatReads)
    .where(and(eq(chatReads.orgId, orgId), eq(chatReads.userId, userId), eq(chatReads.companyId, companyId)));
  return rows[0]?.id ?? 0;
}

export async function unreadByCategory(tx: Tx, { orgId, userId, companyId }: { orgId: number; userId: number; companyId: number }) {
  const mark = await readMark(tx, { orgId, userId, companyId });
  return tx
    .select({ type: chatMessages.type, n: sql<number>`count(*)`.mapWith(Number) })
    .from(chatMessages)
    .where(and(eq(chatMessages.orgId, orgId), eq(chatMessages.companyId, companyId), ne(chatMessages.userId, userId), gt(chatMessages.id, mark)))
    .groupBy(chatMessages.type);
}

export async function insertMessage(
  tx: Tx,
  v: { orgId: number; companyId: number; type: ChatCategory; content: string; plain: string; userId: number; userName: string; createdAt: Date },
): Promise<ChatMessageRow> {
  const [row] = await tx.insert(chatMessages).values(v).returning();
  if (!row) throw new Error('chat insert failed');
  return row;
}

export async function findMessage(tx: Tx, { orgId, id }: { orgId: number; id: number }): Promise<ChatMessageRow | undefined> {
  const rows = await tx.select().from(chatMessages).where(and(eq(chatMessages.orgId, orgId), eq(chatMessages.id, id))).limit(1);
  return rows[0];
}

export async function setTodo(
  tx: Tx,
  { orgId, id }: { orgId: number; id: number },
  v: { todoState: number; todoUserId: number | null; todoUserName: string; todoBy: number },
): Promise<void> {
  await tx.update(chatMessages).set(v).where(and(eq(chatMessages.orgId, orgId), eq(chatMessages.id, id)));
}

/** Marks everything up to the company's newest message read; returns false when there was nothing new. */
export async function markCompanyRead(tx: Tx, { orgId, userId, companyId }: { orgId: number; userId: number; companyId: number }): Promise<boolean> {
  const res = await tx.execute(sql`
    insert into ${chatReads} (org_id, user_id, company_id, last_read_id)
    select ${orgId}::int, ${userId}::int, ${companyId}::int, max(m.id) from ${chatMessages} m where m.org_id = ${orgId} and m.company_id = ${companyId} having max(m.id) is not null
    on conflict (org_id, user_id, company_id) do update set last_read_id = excluded.last_read_id
      where ${chatReads.lastReadId} < excluded.last_read_id
    returning company_id`);
  return rowsOf(res).length > 0;
}

/** Marks every visible company read; returns the companies that had something new. */
export async function markAllRead(tx: Tx, viewer: Viewer): Promise<number[]> {
  const res = await tx.execute(sql`
    insert into ${chatReads} (org_id, user_id, company_id, last_read_id)
    select ${viewer.orgId}::int, ${viewer.userId}::int, m.company_id, max(m.id) from ${chatMessages} m
     where m.org_id = ${viewer.orgId} and m.company_id in (select ${companies.id} from ${companies} where ${visibleCompanies(viewer)})
     group by m.company_id
    on conflict (org_id, user_id, company_id) do update set last_read_id = excluded.last_read_id
      where ${chatReads.lastReadId} < excluded.last_read_id
    returning company_id`);
  return rowsOf(res).map((r) => Number(r.company_id));
}

function rowsOf(res: unknown): Array<Record<string, unknown>> {
  // node-postgres answers { rows }, PGlite too; both drivers go through drizzle's execute.
  const rows = (res as { rows?: Array<Record<string, unknown>> }).rows;
  return rows ?? [];
}

export async function unreadTotal(tx: Tx, viewer: Viewer): Promise<number> {
  const rows = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chatMessages)
    .innerJoin(companies, and(eq(companies.orgId, chatMessages.orgId), eq(companies.id, chatMessages.companyId)))
    .where(and(visibleCompanies(viewer), eq(companies.status, '2'), ne(chatMessages.userId, viewer.userId), sql`${chatMessages.id} > ${lastRead(viewer)}`));
  return rows[0]?.n ?? 0;
}

/**
 * Who may be a to-do's executor: active users of the org who can see the company — main accounts, its
 * assigned staff, and leaders of a department one of them belongs to (the visibility rule, reversed).
 */
export async function executorsOf(tx: Tx, { orgId, companyId }: { orgId: number; companyId: number }) {
  const staff = sql`select ${companyUsers.userId} from ${companyUsers} where ${companyUsers.orgId} = ${orgId} and ${companyUsers.companyId} = ${companyId}`;
  const staffGroups = sql`select u2.group_id from ${users} u2 where u2.org_id = ${orgId} and u2.id in (${staff}) and u2.group_id is not null`;
  return tx
    .select({ id: users.id, cnName: users.cnName })
    .from(users)
    .where(
      and(
        eq(users.orgId, orgId),
        eq(users.status, 1),
        or(eq(users.isAdmin, true), sql`${users.id} in (${staff})`, and(eq(users.isLeader, true), sql`${users.groupId} in (${staffGroups})`)),
      ),
    )
    .orderBy(sql`${users.isAdmin} desc`, asc(users.id));
}

/** Visible company ids among these (the event stream's filter). */
export async function visibleIdsAmong(tx: Tx, viewer: Viewer, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: companies.id }).from(companies).where(and(visibleCompanies(viewer), inArray(companies.id, ids)));
  return rows.map((r) => r.id);
}
