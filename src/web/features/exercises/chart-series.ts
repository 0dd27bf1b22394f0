import type { SessionKind } from '../../../contract/exercises';

export interface ChartSeries {
  key: 'totalVolume' | 'junkVolume' | 'workingVolume' | 'pace' | 'speed';
  name: string;
  /** Fixed per series (docs/product.md §2), so a colour means the same thing on every exercise. */
  color: string;
  unit: string;
}

export const WL_SERIES: ChartSeries[] = [
  { key: 'totalVolume', name: 'Total Volume', color: '#60a5fa', unit: 'kg' },
  { key: 'junkVolume', name: 'Junk Volume', color: '#fbbf24', unit: 'kg' },
  { key: 'workingVolume', name: 'Work Volume', color: '#34d399', unit: 'kg' },
];

export const PA_SERIES: ChartSeries[] = [
  { key: 'pace', name: 'Pace', color: '#c084fc', unit: 'min/km' },
  { key: 'speed', name: 'Speed', color: '#22d3ee', unit: 'km/min' },
];

export const chartTitle = (kind: SessionKind) =>
  kind === 'wlsession' ? 'Volume Over Time' : 'Pace & Speed Over Time';

export const seriesFor = (kind: SessionKind) => (kind === 'wlsession' ? WL_SERIES : PA_SERIES);
