/**
 * Monthly filing deadline (申报纳税期限) per calendar month, kept as DATA so an agency (or we) can correct a
 * day in one place when the 国家税务总局办公厅 publishes or amends its yearly 申报纳税期限安排 notice.
 *
 * How the days were set (docs/features/dashboard.md): the statutory day is the 15th (税收征收管理法实施细则
 * 第一百零九条). When days 1–15 hold a holiday block of 3 or more consecutive statutory rest days, the deadline
 * moves by the number of those rest days that fall within 1–15; a deadline on a rest day moves to the next
 * working day (国家税务总局 申报纳税期限顺延 rule). Holiday blocks and make-up working days are those of the
 * 国务院办公厅 holiday notices for 2024–2026; 2027 uses the expected blocks (the notice was not at hand) and is
 * PROVISIONAL. None of the days was checked against the published 申报纳税日历 here — verify each year against
 * the official calendar (www.chinatax.gov.cn → 纳税服务 → 办税日历) and edit this table.
 */
import { parsePeriod } from '../period/period';

export const FILING_DEADLINES: Readonly<Record<number, readonly number[]>> = {
  //     Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec
  2024: [16, 21, 15, 18, 20, 18, 15, 15, 18, 22, 15, 16],
  2025: [15, 19, 17, 18, 20, 17, 15, 15, 15, 23, 17, 15],
  2026: [19, 24, 16, 20, 20, 15, 15, 17, 15, 22, 16, 15],
  /** Provisional: expected holiday blocks. */
  2027: [18, 23, 15, 19, 20, 15, 15, 16, 16, 22, 15, 15],
};

/** The statutory day, used for a year outside the table. */
export const STATUTORY_DEADLINE_DAY = 15;

/** Filing deadline day of the calendar month of `period` ('YYYYMM'). */
export function deadlineDay(period: string): number {
  const { year, month } = parsePeriod(period);
  return FILING_DEADLINES[year]?.[month - 1] ?? STATUTORY_DEADLINE_DAY;
}

/**
 * Days left until the deadline, counting today as 0 on the deadline itself; null unless `period` is the
 * current period of `today` and today is on or before the deadline (spec 000 §2.4). `today` is the
 * Beijing calendar date as { year, month, day }.
 */
export function daysLeft(period: string, today: { year: number; month: number; day: number }): number | null {
  const { year, month } = parsePeriod(period);
  if (year !== today.year || month !== today.month) return null;
  const day = deadlineDay(period);
  return today.day <= day ? day - today.day : null;
}

/** The Beijing calendar date of an instant (UTC+8 all year). */
export function beijingDate(now: Date): { year: number; month: number; day: number; hour: number } {
  const b = new Date(now.getTime() + 8 * 3600_000);
  return { year: b.getUTCFullYear(), month: b.getUTCMonth() + 1, day: b.getUTCDate(), hour: b.getUTCHours() };
}
