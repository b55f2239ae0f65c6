import { describe, expect, it } from 'vitest';
import { buildChart, keySubjectCodes, recommendSubjects, taxpayerTypeDiff, type ChartSubject } from './chart';
import { ENTERPRISE_FIRST_LEVEL, SMALL_REFERENCE } from './chart-data';

const byCode = (chart: ChartSubject[]) => new Map(chart.map((s) => [s.code, s]));

/** 财会〔2016〕22号: the 10 应交增值税 columns and 7 VAT details that only general taxpayers use. */
const GENERAL_ONLY = [
  ...Array.from({ length: 10 }, (_, i) => `222101${String(i + 1).padStart(2, '0')}`),
  '222102',
  '222103',
  '222104',
  '222105',
  '222106',
  '222107',
  '222108',
];

describe('reference data', () => {
  it('has the 66 small-enterprise and the general-business enterprise first-level accounts', () => {
    expect(SMALL_REFERENCE.filter((a) => a.level === 1)).toHaveLength(66);
    expect(SMALL_REFERENCE).toHaveLength(191);
    // 156 in the guide minus 65 industry-specific, plus 其他综合收益 4003, 专项储备 4301, 资产处置损益 6115.
    expect(ENTERPRISE_FIRST_LEVEL).toHaveLength(94);
    expect(ENTERPRISE_FIRST_LEVEL.find((a) => a.code === '1003')).toBeUndefined(); // 银行专用
    expect(ENTERPRISE_FIRST_LEVEL.find((a) => a.code === '6115')?.name).toBe('资产处置损益');
  });
});

describe('buildChart', () => {
  it.each([
    ['small', '1', 174, 66],
    ['small', '2', 191, 66],
    ['enterprise', '1', 179, 94],
    ['enterprise', '2', 196, 94],
  ] as const)('%s / taxpayer %s → %i subjects, %i first-level', (standard, taxpayerType, total, first) => {
    const chart = buildChart({ standard, taxpayerType });
    expect(chart).toHaveLength(total);
    expect(chart.filter((s) => s.level === 1)).toHaveLength(first);
  });

  it.each(['small', 'enterprise'] as const)('%s: codes unique, every parent exists, levels and leaves consistent', (standard) => {
    for (const taxpayerType of ['1', '2'] as const) {
      const chart = buildChart({ standard, taxpayerType });
      const map = byCode(chart);
      expect(map.size).toBe(chart.length);
      for (const s of chart) {
        if (s.parentCode === null) {
          expect(s.level).toBe(1);
          continue;
        }
        const parent = map.get(s.parentCode);
        expect(parent, s.code).toBeDefined();
        expect(parent?.level).toBe(s.level - 1);
        expect(parent?.isLeaf).toBe(false);
        expect(s.code.startsWith(s.parentCode)).toBe(true);
        expect(s.category).toBe(parent?.category);
      }
      const parents = new Set(chart.map((s) => s.parentCode));
      for (const s of chart) expect(s.isLeaf).toBe(!parents.has(s.code));
      // Parents come before children.
      const seen = new Set<string>();
      for (const s of chart) {
        if (s.parentCode) expect(seen.has(s.parentCode)).toBe(true);
        seen.add(s.code);
      }
    }
  });

  it('gives a general taxpayer the 22号 VAT columns and details', () => {
    const general = byCode(buildChart({ standard: 'small', taxpayerType: '2' }));
    for (const code of GENERAL_ONLY) expect(general.has(code), code).toBe(true);
    expect(general.get('222101')?.isLeaf).toBe(false);
    expect(general.get('22210101')?.name).toBe('进项税额');
    expect(general.get('22210107')?.name).toBe('销项税额');
    expect(general.get('22210109')?.name).toBe('进项税额转出');
    expect(general.get('22210104')?.name).toBe('转出未交增值税');
    expect(general.get('222102')?.name).toBe('未交增值税');
    expect(general.get('222105')?.name).toBe('待认证进项税额');
    expect(general.get('222108')?.name).toBe('简易计税');
  });

  it('keeps 应交增值税 a leaf for a small-scale taxpayer', () => {
    for (const standard of ['small', 'enterprise'] as const) {
      const small = byCode(buildChart({ standard, taxpayerType: '1' }));
      expect(small.get('222101')).toMatchObject({ name: '应交增值税', isLeaf: true });
      for (const code of GENERAL_ONLY) expect(small.has(code), code).toBe(false);
      expect(small.get('222109')?.name).toBe('转让金融商品应交增值税');
      expect(small.get('222110')?.name).toBe('代扣代交增值税');
      expect(small.get('222114')?.name).toBe('应交城市维护建设税');
    }
  });

  it('maps the conventional details onto the enterprise parents', () => {
    const chart = byCode(buildChart({ standard: 'enterprise', taxpayerType: '2' }));
    expect(chart.get('4103')?.name).toBe('本年利润');
    expect(chart.get('410405')).toMatchObject({ name: '未分配利润', parentCode: '4104', category: '所有者权益' });
    expect(chart.get('660204')?.name).toBe('业务招待费');
    expect(chart.get('66020101')?.name).toBe('工资');
    expect(chart.get('640302')?.name).toBe('城市维护建设税');
    expect(chart.get('410101')?.name).toBe('法定盈余公积');
    expect(chart.get('3101')).toMatchObject({ name: '衍生工具', category: '共同', eitherSide: true, direction: 1 });
    // 营业外收支 details follow the small-enterprise list and are not carried over.
    expect([...chart.keys()].some((c) => c.startsWith('6301') && c.length > 4)).toBe(false);
  });

  it('re-encodes into another code scheme and refuses one that cannot hold the chart', () => {
    const chart = byCode(buildChart({ standard: 'small', taxpayerType: '2', codeLevels: [4, 3, 3] }));
    expect(chart.get('2221001001')).toMatchObject({ name: '进项税额', parentCode: '2221001' });
    expect(() => buildChart({ standard: 'small', taxpayerType: '2', codeLevels: [4, 1, 2] })).toThrow(RangeError);
  });
});

describe('taxpayerTypeDiff', () => {
  it('adds the VAT columns when becoming a general taxpayer', () => {
    const diff = taxpayerTypeDiff('1', '2', 'small');
    expect(diff.add.map((s) => s.code).sort()).toEqual([...GENERAL_ONLY].sort());
    expect(diff.remove).toEqual([]);
    expect(diff.leafChanges).toEqual([{ code: '222101', isLeaf: false }]);
    const pos = new Map(diff.add.map((s, i) => [s.code, i]));
    expect(pos.get('222102')).toBeLessThan(diff.add.length);
  });

  it('removes them, children first, when becoming small-scale', () => {
    const diff = taxpayerTypeDiff('2', '1', 'enterprise');
    expect(diff.add).toEqual([]);
    expect(diff.remove.map((s) => s.code).sort()).toEqual([...GENERAL_ONLY].sort());
    expect(diff.remove[0]?.code).toBe('222108');
    expect(diff.leafChanges).toEqual([{ code: '222101', isLeaf: true }]);
  });

  it('is empty for no change', () => {
    expect(taxpayerTypeDiff('2', '2', 'small')).toEqual({ add: [], remove: [], leafChanges: [] });
  });
});

describe('recommendSubjects', () => {
  it('offers the reference children of 管理费用, 应交税费 and 应交增值税 only', () => {
    const admin = recommendSubjects('5602', 'small');
    expect(admin).toHaveLength(19);
    expect(admin[0]).toEqual({ name: '职工薪酬', type: 1 });
    expect(admin.map((s) => s.name)).toContain('业务招待费');
    expect(recommendSubjects('6602', 'enterprise')).toEqual(admin);
    expect(recommendSubjects('2221', 'small')).toHaveLength(23);
    expect(recommendSubjects('222101', 'small')).toContainEqual({ name: '销项税额', type: 2 });
    expect(recommendSubjects('1002', 'small')).toEqual([]);
    expect(recommendSubjects('5601', 'small')).toEqual([]);
    expect(recommendSubjects('9999', 'small')).toEqual([]);
  });

  it('leaves out general-taxpayer-only details for a small-scale taxpayer', () => {
    const names = recommendSubjects('2221', 'small', { taxpayerType: '1' }).map((s) => s.name);
    expect(names).toHaveLength(16);
    expect(names).not.toContain('未交增值税');
    expect(names).toContain('代扣代交增值税');
    expect(recommendSubjects('222101', 'small', { taxpayerType: '1' })).toEqual([]);
  });

  it('understands other code schemes', () => {
    expect(recommendSubjects('2221001', 'small', { codeLevels: [4, 3, 3] })).toHaveLength(10);
  });
});

describe('keySubjectCodes', () => {
  it('finds the closing subjects by name', () => {
    expect(keySubjectCodes('small')).toMatchObject({
      profitThisYear: '3103',
      undistributedProfit: '310405',
      vatTransferOutUnpaid: '22210104',
      vatUnpaid: '222102',
      cityTaxExpense: '540302',
      priorYearAdjustment: null,
    });
    expect(keySubjectCodes('enterprise')).toMatchObject({
      profitThisYear: '4103',
      undistributedProfit: '410405',
      taxesAndSurcharges: '6403',
      priorYearAdjustment: '6901',
    });
  });
});
