/**
 * Filing and deduction tasks at the tax bureau (and the social-insurance bureau). The platform submits a task
 * and later asks for its result by receipt number; it never knows whether it talks to the bureau or the
 * simulator. Result codes follow spec 000 §4: 1 no need, 2 done, 3 failed (data error), 4 failed (permission).
 */
import type { TaxTaskKind } from '@dzy/domain/contracts/tax-tasks.contract';

/** company_progress columns a task writes. */
export type FilingColumn = 'taxFiling' | 'taxDeduction' | 'gsComprehensive' | 'gsBusiness' | 'socialFiling' | 'socialDeduction';
export type FilingCode = 1 | 2 | 3 | 4;

export interface FilingSubmission {
  orgId: number;
  reqNo: string;
  kind: TaxTaskKind;
  period: string;
  company: {
    id: number;
    taxNo: string;
    /** Tax-bureau authorization state (1 = authorized and online). */
    keepStatus: number;
  };
  /** Sales declared for the period in fen, from the books. */
  salesFen: number;
}

export interface FilingOutcome {
  /** Minutes the bureau took. */
  minutes: number;
  results: { column: FilingColumn; code: FilingCode }[];
  /** Short Chinese text of the outcome. */
  msg: string;
}

export interface TaxFilingGateway {
  readonly name: string;
  /** Hands a task to the bureau; answers its receipt number. */
  submit(s: FilingSubmission, now: Date): Promise<{ receiptNo: string }>;
  /** The outcome once the bureau has finished, or null while it is still working. */
  result(q: { receiptNo: string; submission: FilingSubmission; submittedAt: Date }, now: Date): Promise<FilingOutcome | null>;
}
