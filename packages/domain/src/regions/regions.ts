/**
 * Provinces (GB/T 2260 two-digit codes) and the 5 计划单列市, from regions.json (see README.md for its origin).
 * A company's district is a 6-digit region code: the first 2 digits name the province, the first 4 a city.
 */
import data from './regions.json';

export interface Province {
  /** Two digits, e.g. '33'. */
  code: string;
  /** Six digits, e.g. '330000'. */
  code6: string;
  name: string;
  type: string;
  abbr: string;
}

export interface PlanCity {
  /** Four digits, e.g. '3302'. */
  code: string;
  code6: string;
  name: string;
  province_code: string;
  province_name: string;
}

export const PROVINCES: readonly Province[] = data.provinces;
export const PLAN_CITIES: readonly PlanCity[] = data.separately_planned_cities;

const provinceByCode = new Map(PROVINCES.map((p) => [p.code, p]));
const planCityByCode = new Map(PLAN_CITIES.map((c) => [c.code, c]));

/** Zhejiang and Hubei: tax-bureau authorization reads 'no authorization needed' there (spec 000 §4). */
export const NO_AUTH_PROVINCES: readonly string[] = ['33', '42'];

/** The province of a 2-, 4- or 6-digit region code, or undefined. */
export function provinceOf(code: string): Province | undefined {
  if (!/^\d{2}(\d{2}){0,2}$/.test(code)) return undefined;
  return provinceByCode.get(code.slice(0, 2));
}

/** The 计划单列市 of a 4- or 6-digit code (Dalian, Qingdao, Ningbo, Xiamen, Shenzhen), or undefined. */
export function planCityOf(code: string): PlanCity | undefined {
  if (!/^\d{4}(\d{2})?$/.test(code)) return undefined;
  return planCityByCode.get(code.slice(0, 4));
}

/** True for a code inside a 计划单列市, which has its own tax bureau at provincial level. */
export function isPlanCity(code: string): boolean {
  return planCityOf(code) !== undefined;
}

/** A company district we accept: six digits whose first two are a province in the table. */
export function isKnownDistrict(code: string): boolean {
  return /^\d{6}$/.test(code) && provinceOf(code) !== undefined;
}

/** The most specific name we know: the planned city ('深圳市'), else the province ('浙江省'); '' when unknown. */
export function regionName(code: string): string {
  return planCityOf(code)?.name ?? provinceOf(code)?.name ?? '';
}

/** Province plus planned city, e.g. '广东省深圳市' or '浙江省'; '' when unknown. */
export function regionFullName(code: string): string {
  const province = provinceOf(code);
  if (!province) return '';
  const city = planCityOf(code);
  return city ? `${province.name}${city.name}` : province.name;
}

export function inNoAuthProvince(district: string): boolean {
  return NO_AUTH_PROVINCES.includes(district.slice(0, 2));
}

export interface DistrictOption {
  value: string;
  label: string;
  children?: DistrictOption[];
}

/** Cascader options for the district picker: provinces, with their planned cities as children. */
export function districtOptions(): DistrictOption[] {
  return PROVINCES.map((p) => {
    const cities = PLAN_CITIES.filter((c) => c.province_code === p.code).map((c) => ({ value: c.code6, label: c.name }));
    return cities.length > 0 ? { value: p.code6, label: p.name, children: cities } : { value: p.code6, label: p.name };
  });
}
