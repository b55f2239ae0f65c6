import { describe, expect, it } from 'vitest';
import { smallScaleVatStatus, surtaxAccrual, surtaxBase, surtaxHalving, surtaxVoucherLines } from './surtax';
import { toFen } from './money';
import { codeIndex, companySubjects } from './ledger.fixture';

const amounts = (a: ReturnType<typeof surtaxAccrual>) => a.items.map((i) => i.amountFen);

describe('surtaxAccrual', () => {
  it('reproduces the tax-facts.md example: small-scale, urban, 2026 Q1, VAT 4,000 → 140 / 60 / 40', () => {
    const a = surtaxAccrual({ vatPayableFen: toFen('4000'), taxpayerType: '1', period: '202603', salesFen: toFen('400000'), filing: 'quarter' });
    expect(amounts(a)).toEqual([toFen('140'), toFen('60'), toFen('40')]);
    expect(a.items.every((i) => i.halved && !i.exempt)).toBe(true);
    expect(a.totalFen).toBe(toFen('240'));
    expect(a.notes).toEqual(['财政部 税务总局公告2023年第12号 六税两费减半']);
  });

  it('uses the full rates for a general taxpayer and the location tiers for 城建税', () => {
    const base = { vatPayableFen: toFen('10000'), taxpayerType: '2' as const, period: '202611', region: '330106' };
    expect(amounts(surtaxAccrual(base))).toEqual([toFen('700'), toFen('300'), toFen('200')]);
    expect(amounts(surtaxAccrual({ ...base, cityTier: 'county' }))[0]).toBe(toFen('500'));
    expect(amounts(surtaxAccrual({ ...base, cityTier: 'other' }))[0]).toBe(toFen('100'));
    expect(amounts(surtaxAccrual({ ...base, smallMicro: true }))).toEqual([toFen('350'), toFen('150'), toFen('100')]);
  });

  it('exempts the two education fees at or under 10 万 a month (30 万 a quarter), not 城建税', () => {
    const a = surtaxAccrual({ vatPayableFen: toFen('1000'), taxpayerType: '2', period: '202611', salesFen: toFen('100000') });
    expect(amounts(a)).toEqual([toFen('70'), 0, 0]);
    expect(a.items.map((i) => i.exempt)).toEqual([false, true, true]);
    const q = surtaxAccrual({ vatPayableFen: toFen('1000'), taxpayerType: '2', period: '202611', salesFen: toFen('300000.01'), filing: 'quarter' });
    expect(amounts(q)).toEqual([toFen('70'), toFen('30'), toFen('20')]);
  });

  it('rounds like the filing form (应纳 rounded, 减征 = 应纳 × 50% rounded, 应补 = the rest) and never goes negative', () => {
    // 3.33 × 7% = 0.23, 减征 0.12 → 0.11; × 3% = 0.10 → 0.05; × 2% = 0.07, 减征 0.04 → 0.03.
    expect(amounts(surtaxAccrual({ vatPayableFen: 333, taxpayerType: '1', period: '202611' }))).toEqual([11, 5, 3]);
    expect(surtaxAccrual({ vatPayableFen: -500, taxpayerType: '2', period: '202611' }).totalFen).toBe(0);
  });
});

describe('surtaxHalving', () => {
  it.each<[string, '1' | '2', boolean, boolean]>([
    ['201812', '1', false, false],
    ['201901', '1', false, true],
    ['202112', '1', false, true],
    ['202112', '2', true, false],
    ['202201', '2', true, true],
    ['202712', '1', false, true],
    ['202801', '1', false, false],
    ['202611', '2', false, false],
  ])('%s taxpayer %s smallMicro %s → %s', (period, type, smallMicro, halved) => {
    expect(surtaxHalving(type, period, smallMicro) !== null).toBe(halved);
  });
});

describe('surtaxBase and voucher lines', () => {
  const general = companySubjects('small', '2');
  const g = codeIndex(general);

  it('takes the credits to 未交增值税 and 简易计税 for a general taxpayer', () => {
    const movements = [
      { subjectId: g('222102').id, debit: 6000, credit: 13000 },
      { subjectId: g('222108').id, debit: 0, credit: 300 },
      { subjectId: g('22210107').id, debit: 0, credit: 39000 },
    ];
    expect(surtaxBase({ standard: 'small', subjects: general, taxpayerType: '2', movements })).toBe(13300);
    expect(surtaxBase({ standard: 'small', subjects: general, taxpayerType: '2', movements, vatExempt: true })).toBe(0);
  });

  it('takes the credits to 应交增值税 for a small-scale taxpayer', () => {
    const smallScale = companySubjects('small', '1');
    const s = codeIndex(smallScale);
    const movements = [
      { subjectId: s('222101').id, debit: 900, credit: 1200 },
      { subjectId: s('222110').id, debit: 0, credit: 50 },
    ];
    expect(surtaxBase({ standard: 'small', subjects: smallScale, taxpayerType: '1', movements })).toBe(1200);
  });

  it('posts 税金及附加 details against the 应交 details, skipping zero items', () => {
    const enterprise = companySubjects('enterprise', '1');
    const byId = new Map(enterprise.map((s) => [s.id, s.code]));
    const accrual = surtaxAccrual({ vatPayableFen: 1000, taxpayerType: '2', period: '202611', salesFen: 5000 });
    const r = surtaxVoucherLines({ standard: 'enterprise', subjects: enterprise, accrual });
    expect(r.ok && r.lines.map((l) => [byId.get(l.subjectId), l.debitFen, l.creditFen])).toEqual([
      ['640302', 70, 0],
      ['222114', 0, 70],
    ]);
  });

  it('refuses when a target subject is missing', () => {
    const missing = general.filter((s) => s.code !== '222115');
    const accrual = surtaxAccrual({ vatPayableFen: 1000, taxpayerType: '2', period: '202611' });
    expect(surtaxVoucherLines({ standard: 'small', subjects: missing, accrual })).toEqual({
      ok: false,
      msg: '未找到科目「应交税费-应交教育费附加」（222115），请先在科目设置中添加',
    });
  });
});

describe('smallScaleVatStatus', () => {
  it('2023–2025: exempt at or under the line (含本数), 1%', () => {
    expect(smallScaleVatStatus({ period: '202512', salesFen: toFen('100000') })).toMatchObject({ exempt: true, reducedRate: 100 });
    expect(smallScaleVatStatus({ period: '202512', salesFen: toFen('100000.01') }).exempt).toBe(false);
  });

  it('2026–2027: exempt only below the 起征点; exactly at it is configurable', () => {
    expect(smallScaleVatStatus({ period: '202611', salesFen: toFen('99999.99') }).exempt).toBe(true);
    expect(smallScaleVatStatus({ period: '202611', salesFen: toFen('100000') }).exempt).toBe(false);
    expect(smallScaleVatStatus({ period: '202611', salesFen: toFen('100000'), exactThresholdExempt: true }).exempt).toBe(true);
    expect(smallScaleVatStatus({ period: '202603', salesFen: toFen('290000'), filing: 'quarter' })).toMatchObject({ exempt: true, reducedRate: 100 });
  });

  it('does not invent rules for other periods', () => {
    expect(smallScaleVatStatus({ period: '202801', salesFen: 1 })).toMatchObject({ exempt: false, reducedRate: null });
  });
});
