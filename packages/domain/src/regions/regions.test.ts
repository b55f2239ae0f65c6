import { describe, expect, it } from 'vitest';
import {
  PLAN_CITIES,
  PROVINCES,
  districtOptions,
  inNoAuthProvince,
  isKnownDistrict,
  isPlanCity,
  planCityOf,
  provinceOf,
  regionFullName,
  regionName,
} from './regions';

describe('regions', () => {
  it('has the 31 provinces and 5 planned cities', () => {
    expect(PROVINCES).toHaveLength(31);
    expect(new Set(PROVINCES.map((p) => p.code)).size).toBe(31);
    expect(PLAN_CITIES.map((c) => c.code).sort()).toEqual(['2102', '3302', '3502', '3702', '4403']);
  });

  it('finds the province of 2-, 4- and 6-digit codes', () => {
    expect(provinceOf('33')?.name).toBe('浙江省');
    expect(provinceOf('4201')?.name).toBe('湖北省');
    expect(provinceOf('440305')?.name).toBe('广东省');
    expect(provinceOf('710000')).toBeUndefined(); // Taiwan is not in the table
    expect(provinceOf('990000')).toBeUndefined();
    expect(provinceOf('33010')).toBeUndefined();
    expect(provinceOf('abc')).toBeUndefined();
  });

  it('recognises 计划单列市', () => {
    expect(isPlanCity('440305')).toBe(true);
    expect(isPlanCity('330203')).toBe(true);
    expect(isPlanCity('3702')).toBe(true);
    expect(isPlanCity('440106')).toBe(false);
    expect(isPlanCity('33')).toBe(false);
    expect(planCityOf('350206')?.province_name).toBe('福建省');
  });

  it('names regions', () => {
    expect(regionName('440305')).toBe('深圳市');
    expect(regionName('330106')).toBe('浙江省');
    expect(regionName('110105')).toBe('北京市');
    expect(regionName('990000')).toBe('');
    expect(regionFullName('330203')).toBe('浙江省宁波市');
    expect(regionFullName('420106')).toBe('湖北省');
    expect(regionFullName('000000')).toBe('');
  });

  it('accepts only six-digit codes of a known province as a district', () => {
    expect(isKnownDistrict('330106')).toBe(true);
    expect(isKnownDistrict('650102')).toBe(true);
    expect(isKnownDistrict('3301')).toBe(false);
    expect(isKnownDistrict('810000')).toBe(false);
    expect(isKnownDistrict('33010a')).toBe(false);
  });

  it('knows where authorization is not needed', () => {
    expect(inNoAuthProvince('330106')).toBe(true);
    expect(inNoAuthProvince('420106')).toBe(true);
    expect(inNoAuthProvince('440305')).toBe(false);
  });

  it('builds picker options with planned cities under their provinces', () => {
    const options = districtOptions();
    expect(options).toHaveLength(31);
    const gd = options.find((o) => o.value === '440000');
    expect(gd?.children).toEqual([{ value: '440300', label: '深圳市' }]);
    expect(options.find((o) => o.value === '110000')?.children).toBeUndefined();
    for (const o of options) expect(isKnownDistrict(o.value)).toBe(true);
  });
});
