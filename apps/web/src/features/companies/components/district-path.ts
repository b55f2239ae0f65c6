/** A company's 6-digit district code ↔ the province → 计划单列市 path of the district cascader. */
import { districtOptions, planCityOf, provinceOf, type DistrictOption } from '@dzy/domain/regions/regions';

export const DISTRICT_OPTIONS: DistrictOption[] = districtOptions();

/** The cascader path for a stored district ([] when unknown). */
export function districtPath(code: string): string[] {
  const province = provinceOf(code);
  if (!province) return [];
  const city = planCityOf(code);
  return city ? [province.code6, city.code6] : [province.code6];
}

/** The district to save for a cascader path: the deepest level chosen. */
export function districtFromPath(path: readonly string[] | undefined): string {
  return path && path.length > 0 ? (path[path.length - 1] ?? '') : '';
}
