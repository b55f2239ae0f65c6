/** Voucher templates (常用凭证): lines remembered per company, amounts optional. */
import { and, asc, eq, ilike, ne } from 'drizzle-orm';
import { VOUCHER_MESSAGES, type VoucherLineInput, type VoucherTemplateInfo, type VoucherTemplateRow } from '@dzy/domain/contracts/vouchers.contract';
import { parseAmount } from '@dzy/domain/ledger/index';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { voucherTemplates } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/envelope';
import { logOperation } from '../audit/operation-log.repo';
import { loadFzhsItems, loadSubjectIndex } from '../books/subject-index';
import type { ActorCtx } from './voucher-lifecycle.service';
import type { CompanyScope } from './vouchers.repo';

/** What the lines column holds: the template's lines as JSON. */
const storedLines = z.array(
  z.object({
    summary: z.string(),
    subjectId: z.number().nullable(),
    fzhsId: z.number().nullable(),
    inAmount: z.string(),
    outAmount: z.string(),
  }),
);
type StoredLine = z.infer<typeof storedLines>[number];

function parseStored(text: string): StoredLine[] {
  const parsed = storedLines.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : [];
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function saveTemplate(tx: Tx, ctx: ActorCtx, body: { id: number | null; name: string; voucherItem: VoucherLineInput[] }): Promise<{ id: number }> {
  const scope = { orgId: ctx.orgId, companyId: ctx.companyId };
  const index = await loadSubjectIndex(tx, scope);
  const lines: StoredLine[] = body.voucherItem.map((l, i) => {
    const n = i + 1;
    if (l.subjectId !== null && !index.byId.has(l.subjectId)) throw badRequest(`第${n}行科目不存在`);
    for (const a of [l.inAmount, l.outAmount]) {
      if (a === '') continue;
      const r = parseAmount(a);
      if (!r.ok) throw badRequest(`第${n}行${r.msg}`);
    }
    return { summary: l.summary, subjectId: l.subjectId, fzhsId: l.fzhsId, inAmount: l.inAmount, outAmount: l.outAmount };
  });
  const sameName = await tx
    .select({ id: voucherTemplates.id })
    .from(voucherTemplates)
    .where(
      and(
        eq(voucherTemplates.orgId, ctx.orgId),
        eq(voucherTemplates.companyId, ctx.companyId),
        eq(voucherTemplates.name, body.name),
        ...(body.id ? [ne(voucherTemplates.id, body.id)] : []),
      ),
    )
    .limit(1);
  if (sameName.length > 0) throw conflict(VOUCHER_MESSAGES.templateNameTaken);
  let id: number;
  if (body.id) {
    const updated = await tx
      .update(voucherTemplates)
      .set({ name: body.name, lines: JSON.stringify(lines) })
      .where(and(eq(voucherTemplates.orgId, ctx.orgId), eq(voucherTemplates.companyId, ctx.companyId), eq(voucherTemplates.id, body.id)))
      .returning({ id: voucherTemplates.id });
    if (updated.length === 0) throw notFound(VOUCHER_MESSAGES.templateNotFound);
    id = body.id;
  } else {
    const [row] = await tx
      .insert(voucherTemplates)
      .values({ orgId: ctx.orgId, companyId: ctx.companyId, name: body.name, lines: JSON.stringify(lines) })
      .returning({ id: voucherTemplates.id });
    if (!row) throw new Error('template insert failed');
    id = row.id;
  }
  await logOperation(tx, { ...ctx, method: body.id ? '修改凭证模板' : '新增凭证模板', target: `voucherTemplate:${id}`, content: body.name });
  return { id };
}

export async function listTemplates(tx: Tx, s: CompanyScope, name?: string): Promise<{ list: VoucherTemplateRow[] }> {
  const rows = await tx
    .select()
    .from(voucherTemplates)
    .where(and(eq(voucherTemplates.orgId, s.orgId), eq(voucherTemplates.companyId, s.companyId), ...(name ? [ilike(voucherTemplates.name, likePattern(name))] : [])))
    .orderBy(asc(voucherTemplates.name), asc(voucherTemplates.id));
  return {
    list: rows.map((r) => ({ id: r.id, name: r.name, lineCount: parseStored(r.lines).length, createdAt: r.createdAt.toISOString() })),
  };
}

export async function templateInfo(tx: Tx, s: CompanyScope, id: number): Promise<VoucherTemplateInfo> {
  const [row] = await tx
    .select()
    .from(voucherTemplates)
    .where(and(eq(voucherTemplates.orgId, s.orgId), eq(voucherTemplates.companyId, s.companyId), eq(voucherTemplates.id, id)))
    .limit(1);
  if (!row) throw notFound(VOUCHER_MESSAGES.templateNotFound);
  const lines = parseStored(row.lines);
  const index = await loadSubjectIndex(tx, s);
  const items = await loadFzhsItems(tx, { ...s, ids: lines.map((l) => l.fzhsId).filter((x): x is number => x !== null) });
  return {
    id: row.id,
    name: row.name,
    voucherItem: lines.map((l) => {
      // A subject deleted since the template was saved is dropped from the line rather than offered stale.
      const subject = l.subjectId === null ? undefined : index.byId.get(l.subjectId);
      const item = l.fzhsId === null ? undefined : items.get(l.fzhsId);
      return {
        ...l,
        subjectId: subject ? subject.id : null,
        fzhsId: item ? item.id : null,
        subjectCode: subject?.code ?? '',
        subjectName: subject?.name3 ?? '',
        fzhsName: item ? `${item.code} ${item.name}` : '',
      };
    }),
  };
}

export async function deleteTemplate(tx: Tx, ctx: ActorCtx, id: number): Promise<void> {
  const deleted = await tx
    .delete(voucherTemplates)
    .where(and(eq(voucherTemplates.orgId, ctx.orgId), eq(voucherTemplates.companyId, ctx.companyId), eq(voucherTemplates.id, id)))
    .returning({ name: voucherTemplates.name });
  const row = deleted[0];
  if (!row) throw notFound(VOUCHER_MESSAGES.templateNotFound);
  await logOperation(tx, { ...ctx, method: '删除凭证模板', target: `voucherTemplate:${id}`, content: row.name });
}
