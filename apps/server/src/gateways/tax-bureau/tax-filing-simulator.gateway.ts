/**
 * Filing simulator (default): no bureau is reachable from a self-hosted install, so outcomes are decided
 * deterministically from the submission, with the rules a real bureau applies in spirit:
 * - the bureau takes 1–3 minutes per task (from the request number);
 * - keepStatus ≠ 1 (not authorized / offline) → failed for lack of permission, for kinds that have that failure
 *   (增值税申报, 扣款, 个税综合所得); 社保 and 经营所得 have none;
 * - a tax number ending in '7' stands for data the bureau rejects → failed (data error);
 * - zero sales in the period → no need to file or deduct VAT, and no 经营所得 filing;
 * - otherwise done.
 */
import type { FilingCode, FilingColumn, FilingOutcome, FilingSubmission, TaxFilingGateway } from './tax-filing.gateway';

/** FNV-1a: a stable small hash so the same request always behaves the same. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Minutes the simulated bureau needs for a request. */
export const simulatedMinutes = (reqNo: string): number => 1 + (hash(reqNo) % 3);

const MSG: Record<FilingCode, string> = { 1: '无需申报', 2: '申报成功', 3: '申报失败：申报数据有误', 4: '申报失败：税局权限不足' };
const DEDUCT_MSG: Record<FilingCode, string> = { 1: '无需扣款', 2: '扣款成功', 3: '扣款失败：申报数据有误', 4: '扣款失败：税局权限不足' };

/** Outcome codes of one submission (exported for the demo seed and the docs; tests check behaviour through the API). */
export function simulatedResults(s: FilingSubmission): { column: FilingColumn; code: FilingCode }[] {
  const authorized = s.company.keepStatus === 1;
  const dataError = s.company.taxNo.trim().endsWith('7');
  const zeroSales = s.salesFen === 0;
  const taxCode = (): FilingCode => (!authorized ? 4 : dataError ? 3 : zeroSales ? 1 : 2);
  switch (s.kind) {
    case 'vat':
      return [{ column: 'taxFiling', code: taxCode() }];
    case 'vat-deduct':
      return [{ column: 'taxDeduction', code: taxCode() }];
    case 'gs':
      return [
        { column: 'gsComprehensive', code: !authorized ? 4 : dataError ? 3 : 2 },
        { column: 'gsBusiness', code: dataError ? 3 : zeroSales ? 1 : 2 },
      ];
    case 'social':
      return [{ column: 'socialFiling', code: dataError ? 3 : 2 }];
    case 'social-deduct':
      return [{ column: 'socialDeduction', code: dataError ? 3 : 2 }];
  }
}

export function createTaxFilingSimulator(): TaxFilingGateway {
  return {
    name: 'tax-filing-simulator',
    async submit(s) {
      return { receiptNo: `SIM${s.period}${String(hash(`${s.orgId}|${s.reqNo}`)).padStart(10, '0')}` };
    },
    async result({ submission, submittedAt }, now): Promise<FilingOutcome | null> {
      const minutes = simulatedMinutes(submission.reqNo);
      if (now.getTime() - submittedAt.getTime() < minutes * 60_000) return null;
      const results = simulatedResults(submission);
      // The task's message is its worst part (a failure outweighs a success).
      const worst = results.reduce((w, r) => (r.code >= 3 && r.code > w.code ? r : w), results[0] ?? { column: 'taxFiling', code: 2 });
      const deduct = submission.kind === 'vat-deduct' || submission.kind === 'social-deduct';
      return { minutes, results, msg: (deduct ? DEDUCT_MSG : MSG)[worst.code] };
    },
  };
}

export type { TaxFilingGateway } from './tax-filing.gateway';
