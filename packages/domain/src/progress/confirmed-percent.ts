/**
 * Confirmed percentage of a confirmation step (spec 000 §4): completed ÷ (not started + in progress +
 * completed), as a percentage rounded to 2 decimals; 0 when there is nothing to count.
 */
export interface StepCounts {
  notStarted: number;
  inProgress: number;
  completed: number;
}

export function confirmedPercent(c: StepCounts): number {
  const total = c.notStarted + c.inProgress + c.completed;
  if (total <= 0) return 0;
  // Scale in integers first so 2/3 gives 66.67 and not 66.66 from binary fractions.
  return Math.round((c.completed * 10000) / total) / 100;
}
