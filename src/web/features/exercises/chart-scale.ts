import { formatDayMonth } from '../../../contract/dates';
import { formatNumber, formatPace, formatSpeed } from '../../../contract/metrics';
import { isLine, type ChartSeries } from './chart-series';

export interface AxisScale {
  /** The value at the bottom of the plot (the first tick): 0 but on a fitted axis. */
  min: number;
  /** The value at the top of the plot (the last tick). */
  max: number;
  ticks: number[];
}

/** The span an axis must cover: from 0 to a maximum for bars, or a fitted range for lines. */
export interface AxisRange {
  min: number;
  max: number;
}

const NICE_MULTIPLES = [1, 2, 2.5, 5, 10];
// Tried in this order, so a tie goes to 4 intervals (5 ticks, as Recharts drew them).
const INTERVAL_CHOICES = [4, 5, 3];
// A fitted axis leaves a tenth of its data's span free above and below it (a twentieth of the
// value when every value is the same), so a line's top and bottom points are not drawn on the
// plot's edges.
const PADDING = 0.1;
const SINGLE_VALUE_PADDING = 0.05;

/** Drops the binary noise of decimal steps (3 × 0.05 = 0.15000000000000002). */
const clean = (value: number) => Number(value.toPrecision(12));

/** The smallest 1, 2, 2.5 or 5 × 10^n that is at least `rough`. */
export function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiple = NICE_MULTIPLES.find((m) => clean(m * power) >= rough) ?? 10;
  return clean(multiple * power);
}

/**
 * The range a line's axis is fitted to: the values' own range with some padding, so a change of a
 * few kilograms fills the plot instead of a sliver at the top of an axis from 0. It reaches down
 * to 0 only when the padding would cross it (the values are near 0). Values of 0 are 'none'
 * (docs/api.md §10: a session without a qualifying set) and left out; none at all give 0 to 1.
 */
export function fittedRange(values: readonly number[]): AxisRange {
  const positive = values.filter((v) => v > 0);
  if (positive.length === 0) return { min: 0, max: 1 };
  const low = Math.min(...positive);
  const high = Math.max(...positive);
  const pad = high > low ? (high - low) * PADDING : high * SINGLE_VALUE_PADDING;
  return { min: Math.max(0, low - pad), max: high + pad };
}

/** The first tick and step of `intervals` nice steps that cover `range`, whole multiples of the step. */
function cover(range: AxisRange, intervals: number): { start: number; step: number } {
  const span = Math.max(range.max - range.min, Number.EPSILON);
  let step = niceStep(span / intervals);
  // Snapping the start down to a multiple of the step can leave the top uncovered: a step up then.
  for (;;) {
    const start = clean(Math.floor(clean(range.min / step)) * step);
    if (clean(start + intervals * step) >= range.max) return { start, step };
    step = niceStep(clean(step * 1.000001));
  }
}

/**
 * Ticks for axes that share the grid lines, so every axis gets the same number of intervals: 3 to
 * 5, whichever leaves the least empty space on the worst-filled axis. A number is an axis from 0
 * to that maximum (0 is scaled as if it were 1); a range is covered from a multiple of its step
 * at or below its minimum (see `fittedRange`).
 */
export function niceAxes(ranges: ReadonlyArray<number | AxisRange>): AxisScale[] {
  const spans = ranges.map((r) =>
    typeof r === 'number'
      ? { min: 0, max: r > 0 ? r : 1 }
      : r.max > r.min
        ? r
        : { min: r.min, max: r.min + 1 },
  );
  let best: { fill: number; covers: { start: number; step: number }[]; intervals: number } | undefined;
  for (const intervals of INTERVAL_CHOICES) {
    const covers = spans.map((span) => cover(span, intervals));
    const fill = Math.min(...spans.map((s, i) => (s.max - s.min) / (covers[i].step * intervals)));
    if (!best || fill > best.fill + 1e-9) best = { fill, covers, intervals };
  }
  const { intervals, covers } = best!;
  return covers.map(({ start, step }) => {
    const ticks = Array.from({ length: intervals + 1 }, (_, i) => clean(start + i * step));
    return { min: ticks[0], max: ticks[intervals], ticks };
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

/**
 * Axis volumes in at most about five characters, so a phone's narrow axis shows them whole:
 * 12500 → '12.5k' from 10 000 up and 12 500 000 → '12.5M' from a million; smaller values as they are.
 */
export function compactNumber(value: number): string {
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${clean(value / 1_000_000)}M`;
  return size >= 10_000 ? `${clean(value / 1000)}k` : String(clean(value));
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

/**
 * A value as the tooltip shows it, with its unit. A session whose sets are all warm-ups (or have
 * no weight) has no e1RM or heaviest set: the server sends 0 (docs/api.md §10), the line has no
 * marker there, and the tooltip says so rather than "0 kg".
 */
export function formatSeriesValue(series: Pick<ChartSeries, 'key' | 'unit'>, value: number): string {
  if (isLine(series) && value <= 0) return 'none';
  if (series.key === 'pace') return `${formatPaceTick(value)} min/km`;
  if (series.key === 'speed') return `${formatSpeed(value)} km/min`;
  return `${formatNumber(value)} ${series.unit}`;
}
