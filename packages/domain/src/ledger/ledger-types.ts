/** Shared ledger vocabulary (plain literals so server, web and bench can use them without zod). */

/** 'small' 小企业会计准则 (2013), 'enterprise' 企业会计准则. Same values as the company's accountingStandard. */
export type LedgerStandard = 'small' | 'enterprise';
/** '1' 小规模纳税人, '2' 一般纳税人. Same values as the company's type. */
export type TaxpayerType = '1' | '2';
export type SubjectCategory = '资产' | '负债' | '共同' | '所有者权益' | '成本' | '损益';
/** 1 借 (debit), 2 贷 (credit): the normal balance side. */
export type Direction = 1 | 2;

export const SUBJECT_CATEGORIES: readonly SubjectCategory[] = ['资产', '负债', '共同', '所有者权益', '成本', '损益'];
export const DIRECTION_LABELS: Record<Direction, string> = { 1: '借', 2: '贷' };

/**
 * A company subject as the ledger math needs it (a row of the subjects table). Amount inputs elsewhere are
 * keyed by `id`.
 */
export interface LedgerSubject {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  level: number;
  category: SubjectCategory;
  direction: Direction;
  isLeaf: boolean;
}
