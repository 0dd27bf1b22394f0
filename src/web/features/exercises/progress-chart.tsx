import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCalendarDate } from '../../../contract/dates';
import { formatPace, formatSpeed } from '../../../contract/metrics';
import type { Progress } from '../../../contract/sessions';
import { useMediaQuery } from '../../lib/hooks';
import type { ChartSeries } from './chart-series';

interface ProgressChartProps {
  points: Progress['points'];
  series: ChartSeries[];
  /** Keys of the series whose 'show bar' box is ticked. */
  visible: ReadonlySet<ChartSeries['key']>;
}

const AXIS_COLOR = '#9aa4b2';
const GRID_COLOR = 'rgba(154, 164, 178, 0.16)';

/** Loaded on demand (React.lazy): Recharts is most of the exercise page's weight. */
export function ProgressChart({ points, series, visible }: ProgressChartProps) {
  // The 'show bar' toggles above carry each series' colour, so the chart needs no legend of its own.
  // SPEC.md §9: the mobile breakpoint is 800 px; smaller fonts below it.
  const isSmall = useMediaQuery('(max-width: 799.98px)');
  const fontSize = isSmall ? 10 : 12;
  const isPace = series.some((s) => s.key === 'pace');
  const shown = series.filter((s) => visible.has(s.key));

  return (
    <ResponsiveContainer width="100%" height={isSmall ? 260 : 340}>
      <BarChart data={points} margin={{ top: 8, right: isPace ? 4 : 8, bottom: 20, left: 0 }} barGap={2}>
        <CartesianGrid stroke={GRID_COLOR} vertical={false} />
        <XAxis
          dataKey="createdDate"
          tickFormatter={shortDate}
          tick={{ fontSize, fill: AXIS_COLOR }}
          stroke={AXIS_COLOR}
          label={{ value: 'Date', position: 'insideBottom', offset: -14, fontSize, fill: AXIS_COLOR }}
        />
        <YAxis
          yAxisId="left"
          tick={{ fontSize, fill: AXIS_COLOR }}
          stroke={AXIS_COLOR}
          width={isSmall ? 40 : 56}
          tickFormatter={isPace ? formatPaceTick : compactNumber}
        />
        {isPace && (
          <YAxis
            yAxisId="right"
            orientation="right"
            tick={{ fontSize, fill: AXIS_COLOR }}
            stroke={AXIS_COLOR}
            width={isSmall ? 40 : 52}
          />
        )}
        <Tooltip
          cursor={{ fill: 'rgba(148, 163, 184, 0.1)' }}
          // Same order as the bars and the toggles (Recharts sorts by name otherwise).
          itemSorter={(item) => series.findIndex((s) => s.key === item.dataKey)}
          contentStyle={{ background: '#161b22', border: '1px solid #30363d', borderRadius: 10, fontSize }}
          labelStyle={{ color: '#e6edf3', fontWeight: 600 }}
          labelFormatter={(label) => formatCalendarDate(String(label))}
          formatter={(value, name) => [formatValue(Number(value), String(name)), name]}
        />
        {shown.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={s.color}
            radius={[4, 4, 0, 0]}
            maxBarSize={36}
            yAxisId={s.key === 'speed' ? 'right' : 'left'}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03-07' → '7 Mar', read from the string itself: no Date, no time-zone shift. */
function shortDate(value: unknown): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
  if (!match) return String(value);
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1]}`;
}

function compactNumber(value: number): string {
  return Math.abs(value) >= 10_000 ? `${Math.round(value / 1000)}k` : String(value);
}

function formatPaceTick(value: number): string {
  return toPace(value);
}

/** A chart pace (minutes + seconds/60) back to m:ss. */
function toPace(value: number): string {
  let minutes = Math.floor(value);
  let seconds = Math.round((value - minutes) * 60);
  if (seconds === 60) {
    minutes += 1;
    seconds = 0;
  }
  return formatPace(minutes, seconds);
}

function formatValue(value: number, name: string): string {
  if (name === 'Pace') return `${toPace(value)} min/km`;
  if (name === 'Speed') return `${formatSpeed(value)} km/min`;
  return `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(value)} kg`;
}
