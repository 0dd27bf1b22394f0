import type { Progress } from '../../../contract/sessions';
import {
  compactNumber,
  fittedRange,
  formatPaceTick,
  isLabelled,
  labelStep,
  niceAxes,
  shortDate,
  type AxisScale,
} from './chart-scale';
import { isLine, type ChartSeries } from './chart-series';

type Point = Progress['points'][number];
type SeriesKey = ChartSeries['key'];

export interface LayoutInput {
  width: number;
  height: number;
  fontSize: number;
  isSmall: boolean;
  points: Point[];
  series: ChartSeries[];
  visible: ReadonlySet<SeriesKey>;
}

export interface Axis extends AxisScale {
  format: (value: number) => string;
  /** Written above the axis' top tick: the ticks are bare numbers. */
  unit: string;
}

export interface Bar {
  index: number;
  key: SeriesKey;
  color: string;
  /** SVG path: a rectangle with rounded top corners. */
  d: string;
}

export interface Line {
  key: SeriesKey;
  color: string;
  /** SVG path through the points in date order. */
  d: string;
  /** A marker per session with a value, at its date's centre. */
  points: { index: number; x: number; y: number }[];
}

export interface ChartLayout {
  /** The whole chart's width: the axes' units are kept inside it. */
  width: number;
  plot: { left: number; top: number; right: number; bottom: number };
  /** Width of one date's slot on the x axis. */
  band: number;
  left: Axis;
  right?: Axis;
  bars: Bar[];
  lines: Line[];
  labels: { index: number; x: number; text: string }[];
}

// Recharts' geometry, kept so the chart looks as it did: margins, axis widths, 10 % gap
// around each date's group, 2 px between bars, bars at most 36 px wide with 4 px corners.
const MARGIN_TOP = 8;
const X_AXIS_HEIGHT = 50;
const CATEGORY_GAP = 0.1;
const BAR_GAP = 2;
const MAX_BAR = 36;
const RADIUS = 4;
// Estimated width of a character of the axis font, in font sizes (no text measuring in layout).
const CHAR_WIDTH = 0.62;

export const valueOf = (point: Point, key: SeriesKey): number =>
  (point as Partial<Record<SeriesKey, number>>)[key] ?? 0;

export function layoutChart(input: LayoutInput): ChartLayout {
  const { width, height, fontSize, isSmall, points, series, visible } = input;
  const isPace = series.some((s) => s.key === 'pace');
  // Speed (km/min) is a hundredth of pace (min/km): it gets its own axis on the right, always.
  // The weights chart's e1RM and heaviest set are a set's weight, a fraction of a session's
  // volume: lines on a right axis fitted to their range (docs/api.md §14), there only while one of
  // them is shown, so hiding both gives the volumes the whole width.
  const onRight = (s: ChartSeries) => s.key === 'speed' || isLine(s);
  const hasRight = isPace || series.some((s) => onRight(s) && visible.has(s.key));
  const plot = {
    left: isSmall ? 40 : 56,
    // Room above the top tick's label for the axes' units.
    top: MARGIN_TOP + fontSize + 6,
    right: width - (hasRight ? 4 + (isSmall ? 40 : 52) : 8),
    bottom: height - X_AXIS_HEIGHT,
  };
  const band = Math.max(0, plot.right - plot.left) / Math.max(1, points.length);

  const shown = series.filter((s) => visible.has(s.key));
  // An axis with no ticked series keeps the scale of its hidden ones rather than jumping to 0–1.
  const axisValues = (side: boolean) => {
    const own = series.filter((s) => onRight(s) === side);
    const used = own.some((s) => visible.has(s.key)) ? own.filter((s) => visible.has(s.key)) : own;
    return points.flatMap((p) => used.map((s) => valueOf(p, s.key)));
  };
  const leftMax = Math.max(0, ...axisValues(false));
  const rightRange = isPace ? Math.max(0, ...axisValues(true)) : fittedRange(axisValues(true));
  const [leftScale, rightScale] = niceAxes(hasRight ? [leftMax, rightRange] : [leftMax]);
  // A weights chart's series share one unit (kg or lb, chart-series.ts); pace and speed have their own.
  const unitOf = (side: boolean) => series.find((s) => onRight(s) === side)?.unit ?? '';
  const left: Axis = { ...leftScale, format: isPace ? formatPaceTick : compactNumber, unit: unitOf(false) };
  const right: Axis | undefined = rightScale && {
    ...rightScale,
    format: isPace ? String : compactNumber,
    unit: unitOf(true),
  };

  const y = (value: number, axis: Axis) =>
    plot.bottom - ((Math.max(axis.min, value) - axis.min) / (axis.max - axis.min)) * (plot.bottom - plot.top);
  const axisOf = (s: ChartSeries) => (onRight(s) && right ? right : left);

  const barSeries = shown.filter((s) => !isLine(s));
  const room = band * (1 - 2 * CATEGORY_GAP);
  const gap = barSeries.length > 1 ? Math.min(BAR_GAP, (room * 0.2) / (barSeries.length - 1)) : 0;
  const barWidth = Math.min(MAX_BAR, (room - gap * (barSeries.length - 1)) / Math.max(1, barSeries.length));
  const groupWidth = barWidth * barSeries.length + gap * (barSeries.length - 1);

  const bars: Bar[] = points.flatMap((point, index) =>
    barSeries.map((s, j) => {
      const x = plot.left + index * band + (band - groupWidth) / 2 + j * (barWidth + gap);
      const top = y(valueOf(point, s.key), axisOf(s));
      return { index, key: s.key, color: s.color, d: barPath(x, top, barWidth, plot.bottom - top) };
    }),
  );

  // A session without a qualifying set has 0 ('none'): no marker, the line runs past it.
  const lines: Line[] = shown.filter(isLine).map((s) => {
    const marks = points.flatMap((point, index) => {
      const value = valueOf(point, s.key);
      return value > 0 ? [{ index, x: plot.left + (index + 0.5) * band, y: y(value, axisOf(s)) }] : [];
    });
    const d = marks.map((m, i) => `${i === 0 ? 'M' : 'L'}${round2(m.x)},${round2(m.y)}`).join('');
    return { key: s.key, color: s.color, d, points: marks };
  });

  const texts = points.map((p) => shortDate(p.createdDate));
  const longest = Math.max(0, ...texts.map((t) => t.length)) * fontSize * CHAR_WIDTH;
  // Half a label's width again as the gap, so clamping the last label inside the svg cannot
  // make it touch its neighbour.
  const step = labelStep(points.length, plot.right - plot.left, longest * 1.5);
  const labels = texts.flatMap((text, index) => {
    if (!isLabelled(index, points.length, step)) return [];
    const centre = plot.left + (index + 0.5) * band;
    const half = (text.length * fontSize * CHAR_WIDTH) / 2;
    return [{ index, x: Math.min(Math.max(centre, half), width - half), text }];
  });

  return { width, plot, band, left, right, bars, lines, labels };
}

/** The date slot under a point of the chart, or null outside the plot. */
export function indexAt(layout: ChartLayout, count: number, x: number, y: number): number | null {
  const { plot, band } = layout;
  if (x < plot.left || x > plot.right || y < plot.top || y > plot.bottom || band <= 0) return null;
  return Math.min(count - 1, Math.floor((x - plot.left) / band));
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function barPath(x: number, y: number, w: number, h: number): string {
  const r = Math.max(0, Math.min(RADIUS, w / 2, h));
  const n = round2;
  return [
    `M${n(x)},${n(y + h)}`,
    `V${n(y + r)}`,
    `A${n(r)},${n(r)} 0 0 1 ${n(x + r)},${n(y)}`,
    `H${n(x + w - r)}`,
    `A${n(r)},${n(r)} 0 0 1 ${n(x + w)},${n(y + r)}`,
    `V${n(y + h)}`,
    'Z',
  ].join('');
}
