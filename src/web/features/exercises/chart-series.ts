import type { SessionKind } from '../../../contract/exercises';
import type { WeightUnit } from '../../../contract/metrics';
import type { Progress } from '../../../contract/sessions';

export interface ChartSeries {
  key: 'totalVolume' | 'junkVolume' | 'workingVolume' | 'e1rm' | 'heaviest' | 'pace' | 'speed';
  name: string;
  /** Fixed per series (docs/product.md §2), so a colour means the same thing on every exercise. */
  color: string;
  unit: string;
}

export const WL_SERIES: ChartSeries[] = [
  { key: 'totalVolume', name: 'Total Volume', color: 'var(--series-total)', unit: 'kg' },
  { key: 'junkVolume', name: 'Junk Volume', color: 'var(--series-junk)', unit: 'kg' },
  { key: 'workingVolume', name: 'Work Volume', color: 'var(--series-work)', unit: 'kg' },
  // A set's weight, not a volume: lines on an axis of their own on the right (chart-layout.ts).
  { key: 'e1rm', name: 'Estimated 1RM', color: 'var(--series-e1rm)', unit: 'kg' },
  { key: 'heaviest', name: 'Heaviest', color: 'var(--series-heaviest)', unit: 'kg' },
];

/** The weights chart draws a set's weight as a line, volumes and the pace chart's series as bars. */
export const isLine = (series: Pick<ChartSeries, 'key'>) =>
  series.key === 'e1rm' || series.key === 'heaviest';

export const PA_SERIES: ChartSeries[] = [
  { key: 'pace', name: 'Pace', color: 'var(--series-pace)', unit: 'min/km' },
  { key: 'speed', name: 'Speed', color: 'var(--series-speed)', unit: 'km/min' },
];

export const chartTitle = (kind: SessionKind) =>
  kind === 'wlsession' ? 'Volume Over Time' : 'Pace & Speed Over Time';

const WL_SERIES_LB = WL_SERIES.map((s) => ({ ...s, unit: 'lb' }));

export const seriesFor = (kind: SessionKind, unit: WeightUnit = 'kg') =>
  kind === 'pasession' ? PA_SERIES : unit === 'lb' ? WL_SERIES_LB : WL_SERIES;

/** The points in the user's unit: a pound user's weight points are the server's `inPounds`. */
export function pointsIn(points: Progress['points'], unit: WeightUnit): Progress['points'] {
  if (unit === 'kg') return points;
  return points.map((point) => ('inPounds' in point ? { ...point, ...point.inPounds } : point));
}
