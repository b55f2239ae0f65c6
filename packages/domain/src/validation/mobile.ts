/** Mainland mobile numbers (spec 000 §5): 11 digits, first 1, second 3–9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

/** Masks the middle four digits for display: 13800000000 → 138****0000. Other strings come back unchanged. */
export function maskMobile(value: string): string {
  return isMobile(value) ? `${value.slice(0, 3)}****${value.slice(7)}` : value;
}
