/**
 * The bench's two middles of a list of figures, pure (no browser, no server), so the report and
 * `bench/compare.ts` can take them without loading what measures.
 */

/** The median: the mean of the two middle values when the count is even. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The lower of the two middle values when the count is even: a figure one of the runs had, for a
 * verdict or a figure printed as some run's (the Done tick's median run, a calibration's middle,
 * a page's Lighthouse performance).
 */
export function middleRun(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
}
