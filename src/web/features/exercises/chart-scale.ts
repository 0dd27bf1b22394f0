import { formatDayMonth } from '../../../contract/dates';
import { formatNumber, formatPace, formatSpeed } from '../../../contract/metrics';
import type { ChartSeries } from './chart-series';

export interface AxisScale {
  /** The value at the top of the plot (the last tick). */
  max: number;
  ticks: number[];
}

const NICE_MULTIPLES = [1, 2, 2.5, 5, 10];
// Tried in this order, so a tie goes to 4 intervals (5 ticks, as Recharts drew them).
const INTERVAL_CHOICES = [4, 5, 3];

/** Drops the binary noise of decimal steps (3 × 0.05 = 0.15000000000000002). */
const clean = (value: number) => Number(value.toPrecision(12));

/** The smallest 1, 2, 2.5 or 5 × 10^n that is at least `rough`. */
export function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiple = NICE_MULTIPLES.find((m) => clean(m * power) >= rough) ?? 10;
  return clean(multiple * power);
}

/**
 * Ticks from 0 for axes that share the grid lines, so every axis gets the same number of
 * intervals: 3 to 5, whichever leaves the least empty space above the tallest bar on the
 * worst-filled axis. An axis whose maximum is 0 is scaled as if it were 1.
 */
export function niceAxes(maxima: number[]): AxisScale[] {
  const tops = maxima.map((max) => (max > 0 ? max : 1));
  let best: { fill: number; intervals: number; steps: number[] } | undefined;
  for (const intervals of INTERVAL_CHOICES) {
    const steps = tops.map((top) => niceStep(top / intervals));
    const fill = Math.min(...tops.map((top, i) => top / (steps[i] * intervals)));
    if (!best || fill > best.fill + 1e-9) best = { fill, intervals, steps };
  }
  const { intervals, steps } = best!;
  return steps.map((step) => {
    const ticks = Array.from({ length: intervals + 1 }, (_, i) => clean(i * step));
    return { max: ticks[intervals], ticks };
  });
}

/**
 * Every how many dates a label is printed so that labels `labelWidth` wide (gap included) never
 * overlap; 1 prints them all.
 */
export function labelStep(count: number, plotWidth: number, labelWidth: number): number {
  if (count <= 1 || plotWidth <= 0) return 1;
  return Math.max(1, Math.ceil((labelWidth * count) / plotWidth));
}

/** Labels are counted back from the latest date, which is always labelled. */
export const isLabelled = (index: number, count: number, step: number) => (count - 1 - index) % step === 0;

/** '2026-03-07' → '7 Mar', read from the string itself: no Date, no time-zone shift. */
export const shortDate = formatDayMonth;

/** Left-axis volumes: 12500 → '12.5k' from 10 000 up, as written below that. */
export function compactNumber(value: number): string {
  return Math.abs(value) >= 10_000 ? `${clean(value / 1000)}k` : String(clean(value));
}

/** A chart pace (minutes + seconds/60) back to m:ss. */
export function formatPaceTick(value: number): string {
  let minutes = Math.floor(value);
  let seconds = Math.round((value - minutes) * 60);
  if (seconds === 60) {
    minutes += 1;
    seconds = 0;
  }
  return formatPace(minutes, seconds);
}

/** A value as the tooltip shows it, with its unit. */
export function formatSeriesValue(series: Pick<ChartSeries, 'key' | 'unit'>, value: number): string {
  if (series.key === 'pace') return `${formatPaceTick(value)} min/km`;
  if (series.key === 'speed') return `${formatSpeed(value)} km/min`;
  return `${formatNumber(value)} ${series.unit}`;
}
