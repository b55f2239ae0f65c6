import type { Tx } from '../../db/client';
import { operationLogs } from '../../db/schema';

export interface OperationEntry {
  orgId: number;
  userId: number | null;
  cnName: string;
  companyId?: number | null;
  companyName?: string;
  period?: string | null;
  /** Short Chinese action, e.g. '登录', '新增员工', '反结账'. */
  method: string;
  /** What was acted on, e.g. 'user:12'. */
  target?: string;
  /** Human-readable detail, e.g. the reason. */
  content?: string;
  /** Short summary of the record before / after the write: a string, or a value stored as JSON. */
  before?: unknown;
  after?: unknown;
}

/** Summaries stay short: the audit trail records what changed, not whole documents. */
export const SUMMARY_MAX = 2000;

export function summarize(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > SUMMARY_MAX ? `${s.slice(0, SUMMARY_MAX - 1)}…` : s;
}

/**
 * Records a write in the operation log, inside the caller's transaction so it commits or rolls back with it.
 * The database chains the row into the org's audit trail (chain_seq, prev_hash, hash) and refuses later changes.
 */
export async function logOperation(tx: Tx, e: OperationEntry): Promise<void> {
  await tx.insert(operationLogs).values(logRow(e));
}

/**
 * Several entries in one multi-row INSERT, in the given order (the chain trigger runs per row, so the trail is
 * the same as one logOperation per entry). For writers that produce thousands of entries in one transaction.
 */
export async function logOperations(tx: Tx, entries: readonly OperationEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) await tx.insert(operationLogs).values(entries.slice(i, i + 1000).map(logRow));
}

function logRow(e: OperationEntry) {
  return {
    orgId: e.orgId,
    userId: e.userId,
    cnName: e.cnName.slice(0, 50),
    companyId: e.companyId ?? null,
    companyName: (e.companyName ?? '').slice(0, 200),
    period: e.period ?? '',
    method: e.method.slice(0, 50),
    target: (e.target ?? '').slice(0, 100),
    content: e.content ?? '',
    before: summarize(e.before),
    after: summarize(e.after),
  };
}
