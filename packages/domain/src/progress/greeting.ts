/** Greeting banner helpers (spec 000 §2.4): time-of-day greeting and the closing encouragement line. */

/** Hour on the Beijing clock (0–23), the greeting's time of day. */
export function timeGreeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

const ENCOURAGEMENTS = ['每一笔账都算得清清楚楚，辛苦了！', '稳扎稳打，本月申报一定顺利！', '专业让客户安心，加油！', '今天也是认真负责的一天！'];

/**
 * The closing line: urgent when the deadline is near, otherwise one of a few lines chosen by the day of the
 * month (stable for a day, so the banner does not flicker between renders).
 */
export function encouragement(daysLeft: number | null, dayOfMonth: number): string {
  if (daysLeft === 0) return '今天是申报截止日，请抓紧完成申报！';
  if (daysLeft !== null && daysLeft <= 3) return `距申报截止仅剩${daysLeft}天，请抓紧完成申报！`;
  return ENCOURAGEMENTS[Math.abs(dayOfMonth) % ENCOURAGEMENTS.length] ?? '加油！';
}
