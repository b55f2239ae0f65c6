import { describe, expect, it } from 'vitest';
import { BANK_BUSINESS_TYPES } from '../contracts/bank.contract';
import { checkInventory, inventoryNewName } from '../contracts/inventory.contract';
import { INVOICE_BUSINESS_TYPES } from '../contracts/invoices.contract';
import {
  DEFAULT_BUSINESS_TYPES,
  FIRST_CUSTOM_BUSINESS_TYPE_ID,
  assetKindOfCard,
  businessTypeCode,
  isAssetTypeCode,
  isInventoryTypeCode,
} from './business-types';

describe('default business types', () => {
  it('keep the invoice ids and bank keys that saved lines use, and every id and key is unique and below the custom range', () => {
    for (const t of INVOICE_BUSINESS_TYPES) expect(DEFAULT_BUSINESS_TYPES.find((d) => d.id === t.id)).toMatchObject({ group: t.group, name: t.name });
    for (const t of BANK_BUSINESS_TYPES) expect(DEFAULT_BUSINESS_TYPES.find((d) => d.key === t.key)).toMatchObject({ group: 'bank', name: t.name, direction: t.type });
    const ids = DEFAULT_BUSINESS_TYPES.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.max(...ids)).toBeLessThan(FIRST_CUSTOM_BUSINESS_TYPE_ID);
    const keys = DEFAULT_BUSINESS_TYPES.flatMap((d) => (d.key ? [d.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives bank and cash types a direction and a key, the others neither; every default has a setting or a name path', () => {
    for (const d of DEFAULT_BUSINESS_TYPES) {
      const keyed = d.group === 'bank' || d.group === 'cash';
      expect(d.direction !== null, d.name).toBe(keyed);
      expect(d.key !== null, d.name).toBe(keyed);
      expect(d.setting !== null || (d.path?.length ?? 0) > 0, d.name).toBe(true);
    }
    for (const g of ['in', 'out', 'bank', 'cash', 'bill']) expect(DEFAULT_BUSINESS_TYPES.some((d) => d.group === g)).toBe(true);
  });
});

describe('type codes (spec 001 §9)', () => {
  it('1–11, 20, 21, 22 are inventory codes; 14, 16, 17 asset codes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20, 21, 22].every(isInventoryTypeCode)).toBe(true);
    expect([0, 12, 13, 14, 19, 23].some(isInventoryTypeCode)).toBe(false);
    expect([14, 16, 17].every(isAssetTypeCode)).toBe(true);
    expect([15, 1, 18].some(isAssetTypeCode)).toBe(false);
  });

  it('maps kinds to codes and asset cards to kinds', () => {
    expect(businessTypeCode('inventory', 20)).toBe(20);
    expect(businessTypeCode('fixed', null)).toBe(14);
    expect(businessTypeCode('intangible', null)).toBe(16);
    expect(businessTypeCode('deferred', null)).toBe(17);
    expect(businessTypeCode('', null)).toBe(0);
    expect(businessTypeCode('clearFixed', null)).toBe(0);
    expect([1, 2, 3, 4].map(assetKindOfCard)).toEqual(['fixed', 'intangible', 'deferred', undefined]);
  });
});

describe('inventory dialog rules (spec 001 §5)', () => {
  const ok = { name: '钢板', type: 1, subjectId: 7, unit: '吨', spec: '', modelInName: false };
  it('answers the first problem in the dialog order', () => {
    expect(checkInventory(ok)).toBeNull();
    expect(checkInventory({ ...ok, name: '  ' })).toBe('请输入名称');
    expect(checkInventory({ ...ok, name: 'x'.repeat(201) })).toBe('名称不能超过200个字');
    expect(checkInventory({ ...ok, name: 'x'.repeat(200) })).toBeNull();
    expect(checkInventory({ ...ok, type: null })).toBe('请选择类别');
    expect(checkInventory({ ...ok, type: 12 })).toBe('请选择类别');
    expect(checkInventory({ ...ok, subjectId: null })).toBe('请选择科目');
    expect(checkInventory({ ...ok, unit: 'x'.repeat(171) })).toBe('单位不能超过170个字');
    expect(checkInventory({ ...ok, spec: 'x'.repeat(171) })).toBe('规格型号不能超过170个字');
    expect(checkInventory({ ...ok, modelInName: true })).toBe('未输入型号，无法使用');
    expect(checkInventory({ ...ok, spec: 'Q235', modelInName: true })).toBeNull();
  });

  it('appends the model to the name only when chosen and present', () => {
    expect(inventoryNewName(' 钢板 ', 'Q235', true)).toBe('钢板 Q235');
    expect(inventoryNewName('钢板', 'Q235', false)).toBe('钢板');
    expect(inventoryNewName('钢板', ' ', true)).toBe('钢板');
  });
});
