/** Display helpers shared by the admin tables (staff, agencies, clients). */
import dayjs from 'dayjs';

/** '2026-11-22 09:30' for an ISO timestamp; '' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '';
}

/** '2026-11' for a YYYYMM period; the raw value when it is not one. */
export function formatPeriodMonth(period: string | null | undefined): string {
  return period && /^\d{6}$/.test(period) ? `${period.slice(0, 4)}-${period.slice(4)}` : (period ?? '');
}
