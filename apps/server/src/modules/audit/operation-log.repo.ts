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
  /** Human-readable detail, e.g. the before/after summary or the reason. */
  content?: string;
}

/** Records a write in the operation log, inside the caller's transaction so it commits or rolls back with it. */
export async function logOperation(tx: Tx, e: OperationEntry): Promise<void> {
  await tx.insert(operationLogs).values({
    orgId: e.orgId,
    userId: e.userId,
    cnName: e.cnName,
    companyId: e.companyId ?? null,
    companyName: e.companyName ?? '',
    period: e.period ?? '',
    method: e.method,
    target: e.target ?? '',
    content: e.content ?? '',
  });
}
