import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountingEquation,
  balanceSides,
  balanceTable,
  balanceTableTotals,
  closingBalance,
  inDirection,
  rollup,
  trialBalance,
} from './balances';
import { applyMovements, movementDelta, movementsOf, type Movement, type MovementLine } from './movements';
import { codeIndex, companySubjects } from './ledger.fixture';

const subjects = companySubjects('small', '2', [{ code: '100201', name: '工商银行', parentCode: '1002' }]);
const byCode = codeIndex(subjects);
const leaves = subjects.filter((s) => s.isLeaf);

describe('balance basics', () => {
  it('computes closing balances and the side a balance shows on', () => {
    expect(closingBalance(100, { debit: 50, credit: 200 })).toBe(-50);
    expect(balanceSides(120)).toEqual({ debit: 120, credit: 0 });
    expect(balanceSides(-120)).toEqual({ debit: 0, credit: 120 });
    expect(balanceSides(0)).toEqual({ debit: 0, credit: 0 });
    expect(inDirection(-300, 2)).toBe(300);
    expect(inDirection(-300, 1)).toBe(-300);
  });

  it('rolls leaves up the parent chain, summing auxiliary splits', () => {
    const rows = [
      { subjectId: byCode('22210101').id, opening: 0, debit: 2600 },
      { subjectId: byCode('22210107').id, credit: 3900 },
      { subjectId: byCode('1122').id, fzhsItemId: 1, opening: 500 },
      { subjectId: byCode('1122').id, fzhsItemId: 2, opening: -200 },
    ];
    const totals = rollup(rows, subjects);
    expect(totals.get(byCode('222101').id)).toEqual({ opening: 0, debit: 2600, credit: 3900, yearDebit: 0, yearCredit: 0 });
    expect(totals.get(byCode('2221').id)?.credit).toBe(3900);
    expect(totals.get(byCode('1122').id)?.opening).toBe(300);
    expect(totals.has(byCode('1001').id)).toBe(false);
    expect(() => rollup([{ subjectId: 99999 }], subjects)).toThrow('科目不存在');
  });

  it('shows a debit-direction subject with a credit balance in the credit column', () => {
    const table = balanceTable(subjects, [{ subjectId: byCode('1122').id, opening: -1000, debit: 300, credit: 0 }]);
    const row = table.find((r) => r.code === '1122');
    expect(row).toMatchObject({ beginDebit: 0, beginCredit: 1000, debit: 300, endDebit: 0, endCredit: 700 });
  });

  it('filters by level, code range and zero rows', () => {
    const rows = [
      { subjectId: byCode('100201').id, opening: 1000 },
      { subjectId: byCode('3001').id, opening: -1000 },
    ];
    expect(balanceTable(subjects, rows, { level: 1, hideZero: true }).map((r) => r.code)).toEqual(['1002', '3001']);
    expect(balanceTable(subjects, rows, { hideZero: true }).map((r) => r.code)).toEqual(['1002', '100201', '3001']);
    expect(balanceTable(subjects, rows, { codeFrom: '1002', codeTo: '1002' }).map((r) => r.code)).toEqual(['1002', '100201']);
    expect(balanceTable(subjects, rows, { codeFrom: '2001' }).at(0)?.code).toBe('2001');
    expect(balanceTable(subjects, rows).length).toBe(subjects.length);
  });

  it('totals trial balances', () => {
    expect(trialBalance([{ debit: 10, credit: 0 }, { debit: 0, credit: 7 }])).toEqual({ debitTotal: 10, creditTotal: 7, balanced: false, difference: 3 });
  });

  it('checks the accounting equation with open profit and 共同类 by sign', () => {
    expect(
      accountingEquation([
        { category: '资产', amount: 1000 },
        { category: '成本', amount: 200 },
        { category: '负债', amount: -300 },
        { category: '所有者权益', amount: -500 },
        { category: '损益', amount: -450 },
        { category: '损益', amount: 100 },
        { category: '共同', amount: -50 },
      ]),
    ).toEqual({ assets: 1200, liabilities: 350, equity: 500, profit: 350, balanced: true, difference: 0 });
    expect(accountingEquation([{ category: '资产', amount: 10 }, { category: '负债', amount: -9 }])).toMatchObject({ balanced: false, difference: 1 });
  });
});

/** A balanced voucher over random leaves: debit amounts, and the same total split over credit lines. */
const voucherArb = fc
  .record({
    debits: fc.array(fc.record({ leaf: fc.nat(leaves.length - 1), fzhs: fc.nat(2), fen: fc.integer({ min: 1, max: 1e11 }) }), { minLength: 1, maxLength: 4 }),
    creditLeaves: fc.array(fc.record({ leaf: fc.nat(leaves.length - 1), fzhs: fc.nat(2) }), { minLength: 1, maxLength: 4 }),
    cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }),
  })
  .map(({ debits, creditLeaves, cuts }): MovementLine[] => {
    const total = debits.reduce((s, d) => s + d.fen, 0);
    const points = cuts.slice(0, creditLeaves.length - 1).map((c) => Math.floor(c * total)).sort((a, b) => a - b);
    const bounds = [0, ...points, total];
    const lines: MovementLine[] = debits.map((d) => ({ subjectId: leaves[d.leaf]?.id ?? 1, fzhsItemId: d.fzhs, debitFen: d.fen, creditFen: 0 }));
    creditLeaves.forEach((c, i) => {
      const amount = (bounds[i + 1] ?? 0) - (bounds[i] ?? 0);
      if (amount > 0) lines.push({ subjectId: leaves[c.leaf]?.id ?? 1, fzhsItemId: c.fzhs, debitFen: 0, creditFen: amount });
    });
    return lines;
  });

type Op = { kind: 'save'; lines: MovementLine[] } | { kind: 'edit' | 'delete' | 'restore'; pick: number; lines: MovementLine[] };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  voucherArb.map((lines) => ({ kind: 'save' as const, lines })),
  fc.record({ kind: fc.constantFrom('edit' as const, 'delete' as const, 'restore' as const), pick: fc.nat(), lines: voucherArb }),
);

describe('property: random voucher histories', () => {
  it('keep incremental movements equal to a full recomputation, and every trial balance balanced', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 40 }), (ops) => {
        const live = new Map<number, MovementLine[]>();
        const bin = new Map<number, MovementLine[]>();
        const incremental = new Map<string, Movement>();
        let nextId = 1;
        for (const op of ops) {
          if (op.kind === 'save') {
            live.set(nextId++, op.lines);
            applyMovements(incremental, op.lines, 1);
            continue;
          }
          const pool = op.kind === 'restore' ? bin : live;
          const ids = [...pool.keys()];
          if (ids.length === 0) continue;
          const id = ids[op.pick % ids.length] as number;
          const old = pool.get(id) as MovementLine[];
          if (op.kind === 'edit') {
            // An edit writes only the difference, as the server does.
            for (const d of movementDelta(old, op.lines)) {
              applyMovements(incremental, [{ subjectId: d.subjectId, fzhsItemId: d.fzhsItemId, debitFen: d.debit, creditFen: d.credit }], 1);
            }
            live.set(id, op.lines);
          } else if (op.kind === 'delete') {
            applyMovements(incremental, old, -1);
            live.delete(id);
            bin.set(id, old);
          } else {
            applyMovements(incremental, old, 1);
            bin.delete(id);
            live.set(id, old);
          }
        }
        const full = movementsOf([...live.values()].flat());
        expect(new Map([...incremental].sort())).toEqual(new Map([...full].sort()));

        const leafRows = [...full.entries()].map(([key, m]) => ({ subjectId: Number(key.split(':')[0]), debit: m.debit, credit: m.credit, yearDebit: m.debit, yearCredit: m.credit }));
        const table = balanceTable(subjects, leafRows);
        const totals = balanceTableTotals(table);
        for (const tb of Object.values(totals)) expect(tb.balanced).toBe(true);
        // Parents equal the sum of their children.
        const rowById = new Map(table.map((r) => [r.subjectId, r]));
        for (const parent of subjects.filter((s) => !s.isLeaf)) {
          const children = subjects.filter((s) => s.parentId === parent.id).map((s) => rowById.get(s.id));
          const p = rowById.get(parent.id);
          expect(p?.debit).toBe(children.reduce((s, c) => s + (c?.debit ?? 0), 0));
          expect(p?.credit).toBe(children.reduce((s, c) => s + (c?.credit ?? 0), 0));
        }
        const eq = accountingEquation(
          leafRows.map((r) => ({ category: subjects[r.subjectId - 1]?.category ?? '资产', amount: r.debit - r.credit })),
        );
        expect(eq.balanced).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
