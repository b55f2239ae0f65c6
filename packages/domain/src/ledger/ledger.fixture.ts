/** Test support: a company's subjects (with ids) built from the standard chart plus extra children. */
import { buildChart } from './chart';
import type { LedgerStandard, LedgerSubject, TaxpayerType } from './ledger-types';

export interface FixtureSubject extends LedgerSubject {
  status: number;
  fzhsCategoryId: number | null;
}

export function companySubjects(
  standard: LedgerStandard,
  taxpayerType: TaxpayerType,
  extras: readonly { code: string; name: string; parentCode: string }[] = [],
  fzhsBindings: Readonly<Record<string, number>> = {},
  codeLevels?: readonly number[],
): FixtureSubject[] {
  const chart = buildChart({ standard, taxpayerType, codeLevels });
  const subjects: FixtureSubject[] = [];
  const byCode = new Map<string, FixtureSubject>();
  for (const s of chart) {
    const subject: FixtureSubject = {
      id: subjects.length + 1,
      code: s.code,
      name: s.name,
      parentId: s.parentCode ? (byCode.get(s.parentCode)?.id ?? null) : null,
      level: s.level,
      category: s.category,
      direction: s.direction,
      isLeaf: s.isLeaf,
      status: 1,
      fzhsCategoryId: fzhsBindings[s.code] ?? null,
    };
    subjects.push(subject);
    byCode.set(s.code, subject);
  }
  for (const e of extras) {
    const parent = byCode.get(e.parentCode);
    if (!parent) throw new Error(`no parent ${e.parentCode}`);
    parent.isLeaf = false;
    const subject: FixtureSubject = {
      ...parent,
      id: subjects.length + 1,
      code: e.code,
      name: e.name,
      parentId: parent.id,
      level: parent.level + 1,
      isLeaf: true,
      fzhsCategoryId: fzhsBindings[e.code] ?? null,
    };
    subjects.push(subject);
    byCode.set(e.code, subject);
  }
  return subjects;
}

export function codeIndex(subjects: readonly FixtureSubject[]): (code: string) => FixtureSubject {
  const byCode = new Map(subjects.map((s) => [s.code, s]));
  return (code) => {
    const s = byCode.get(code);
    if (!s) throw new Error(`no subject ${code}`);
    return s;
  };
}
