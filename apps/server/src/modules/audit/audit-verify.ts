import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { queryRows } from '../books/sql-rows';

/** First hash of every chain (prev_hash of row 1). */
export const GENESIS_HASH = '0'.repeat(64);
const BATCH = 5000;

export type AuditProblemKind = 'altered' | 'removed' | 'broken-link' | 'duplicate' | 'tail-removed' | 'head-mismatch' | 'no-head';

export interface AuditProblem {
  kind: AuditProblemKind;
  /** Chain position where the problem shows (the missing one for 'removed'). */
  chainSeq: number;
  /** Row id, when a row is at hand. */
  id: number | null;
  message: string;
}

export interface OrgChainReport {
  orgId: number;
  rows: number;
  /** Hash of the last row as recomputed; publish it elsewhere to anchor the chain against a full rewrite. */
  lastHash: string;
  problem: AuditProblem | null;
}

export interface AuditVerifyReport {
  ok: boolean;
  orgs: OrgChainReport[];
}

interface LogRow extends Record<string, unknown> {
  org_id: string;
  id: string;
  chain_seq: string;
  user_id: string | null;
  cn_name: string;
  company_id: string | null;
  company_name: string;
  period: string;
  method: string;
  target: string;
  content: string;
  before: string;
  after: string;
  ts: string;
  prev_hash: string;
  hash: string;
}

/** The same text the insert trigger hashes (drizzle/0008_audit_trail.sql): fields joined by U+001F. */
export function canonicalRow(r: LogRow): string {
  return [
    r.org_id,
    r.id,
    r.chain_seq,
    r.user_id ?? '',
    r.cn_name,
    r.company_id ?? '',
    r.company_name,
    r.period,
    r.method,
    r.target,
    r.content,
    r.before,
    r.after,
    r.ts,
  ].join('\x1f');
}

export function rowHash(prevHash: string, r: LogRow): string {
  return createHash('sha256').update(prevHash + canonicalRow(r), 'utf8').digest('hex');
}

/**
 * Walks each org's chain in chain order, recomputing every hash in this process (not with the trigger's SQL), and
 * reports the first problem per org: an altered row, a removed row (gap in chain_seq / broken prev_hash link), or
 * removed tail rows (the chain head counts more rows than remain). Runs as the owner: it reads every org.
 */
export async function verifyAuditChains(db: Db, opts: { orgId?: number } = {}): Promise<AuditVerifyReport> {
  const orgFilter = opts.orgId === undefined ? sql`true` : sql`org_id = ${opts.orgId}`;
  const orgIds = await withSystem(db, (tx) =>
    queryRows<{ org_id: number }>(
      tx,
      sql`select org_id::int as org_id from audit_chain_heads where ${orgFilter}
          union select distinct org_id::int from operation_logs where ${orgFilter} order by 1`,
    ),
  );
  const orgs: OrgChainReport[] = [];
  for (const { org_id } of orgIds) orgs.push(await verifyOrg(db, org_id));
  return { ok: orgs.every((o) => o.problem === null), orgs };
}

async function verifyOrg(db: Db, orgId: number): Promise<OrgChainReport> {
  let prev = GENESIS_HASH;
  let expected = 1;
  let rows = 0;
  let problem: AuditProblem | null = null;
  const fail = (p: AuditProblem) => {
    problem ??= p;
  };
  for (;;) {
    const batch = await withSystem(db, (tx) =>
      queryRows<LogRow>(
        tx,
        sql`select org_id::text, id::text, chain_seq::text, user_id::text, cn_name, company_id::text, company_name, period,
                   method, target, content, before, after, prev_hash, hash,
                   to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts
            from operation_logs where org_id = ${orgId} and chain_seq >= ${expected}
            order by chain_seq, id limit ${BATCH}`,
      ),
    );
    for (const r of batch) {
      const seq = Number(r.chain_seq);
      const id = Number(r.id);
      rows++;
      if (seq < expected) fail({ kind: 'duplicate', chainSeq: seq, id, message: `链位置 ${seq} 出现重复行 (id ${id})` });
      else if (seq > expected) fail({ kind: 'removed', chainSeq: expected, id: null, message: `链位置 ${expected} 的记录已被删除（下一条为 id ${id}）` });
      else if (r.prev_hash !== prev) fail({ kind: 'broken-link', chainSeq: seq, id, message: `id ${id} 的前序哈希与上一条不符` });
      const h = rowHash(r.prev_hash, r);
      if (h !== r.hash) fail({ kind: 'altered', chainSeq: seq, id, message: `id ${id}（链位置 ${seq}）的内容已被修改` });
      prev = r.hash;
      expected = seq + 1;
    }
    if (batch.length < BATCH) break;
  }
  const [head] = await withSystem(db, (tx) =>
    queryRows<{ last_hash: string; row_count: string }>(tx, sql`select last_hash, row_count::text from audit_chain_heads where org_id = ${orgId}`),
  );
  const last = expected - 1;
  if (!head) {
    if (rows > 0) fail({ kind: 'no-head', chainSeq: last, id: null, message: '缺少链头记录' });
  } else if (Number(head.row_count) > last) {
    fail({ kind: 'tail-removed', chainSeq: last + 1, id: null, message: `链尾 ${Number(head.row_count) - last} 条记录已被删除（链头记录 ${head.row_count} 条）` });
  } else if (Number(head.row_count) !== last || head.last_hash !== prev) {
    fail({ kind: 'head-mismatch', chainSeq: last, id: null, message: '链头与最后一条记录不符' });
  }
  return { orgId, rows, lastHash: prev, problem };
}
