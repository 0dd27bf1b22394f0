import { useId, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatCalendarDate } from '../../../contract/dates';
import type { Progress } from '../../../contract/sessions';
import { useMediaQuery } from './use-media-query';
import { ChartGrid, ChartMarks } from './chart-drawing';
import { indexAt, layoutChart, valueOf } from './chart-layout';
import { formatSeriesValue } from './chart-scale';
import { isLine, type ChartSeries } from './chart-series';
import { ChartTooltip, type TooltipRow } from './chart-tooltip';
import { useElementWidth } from './use-element-width';

interface ProgressChartProps {
  points: Progress['points'];
  series: ChartSeries[];
  /** Keys of the series whose 'show bar' box is ticked. */
  visible: ReadonlySet<ChartSeries['key']>;
}

/** The highlighted date and where the tooltip points, in px from the chart's top left corner. */
interface Highlight {
  index: number;
  x: number;
  y: number;
  byKeyboard: boolean;
}

const CURSOR = { fill: 'var(--muted)', fillOpacity: 0.12 };

/**
 * A grouped bar chart drawn as plain SVG (docs/decisions/0006): a bar per ticked volume (or pace
 * series) and session, the weights' e1RM and heaviest set as lines on their own fitted axis, a
 * tooltip per date on hover, tap or the arrow keys. Still loaded on demand.
 */
export function ProgressChart({ points, series, visible }: ProgressChartProps) {
  // The 'show bar' toggles above carry each series' colour, so the chart needs no legend of its own.
  // docs/product.md §9: the mobile breakpoint is 800 px; smaller fonts below it.
  const isSmall = useMediaQuery('(max-width: 799.98px)');
  const fontSize = isSmall ? 10 : 12;
  const height = isSmall ? 260 : 340;
  const [boxRef, width] = useElementWidth<HTMLDivElement>();
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const hintId = useId();

  const layout = useMemo(
    () => (width > 0 ? layoutChart({ width, height, fontSize, isSmall, points, series, visible }) : null),
    [width, height, fontSize, isSmall, points, series, visible],
  );
  const shown = series.filter((s) => visible.has(s.key));
  // A highlight can outlive its point when the data changes under it.
  const active = highlight && highlight.index < points.length ? highlight : null;
  const rows: TooltipRow[] = active
    ? shown.map((s) => ({
        key: s.key,
        name: s.name,
        color: s.color,
        value: formatSeriesValue(s, valueOf(points[active.index], s.key)),
      }))
    : [];
  const activeDate = active ? formatCalendarDate(points[active.index].createdDate) : '';

  const pointTo = (event: PointerEvent<HTMLDivElement>) => {
    if (!layout) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    const index = indexAt(layout, points.length, x, y);
    setHighlight(index === null ? null : { index, x, y, byKeyboard: false });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!layout || points.length === 0) return;
    const last = points.length - 1;
    const current = active?.index;
    let index: number;
    if (event.key === 'ArrowRight') index = current === undefined ? 0 : Math.min(last, current + 1);
    else if (event.key === 'ArrowLeft') index = current === undefined ? last : Math.max(0, current - 1);
    else if (event.key === 'Home') index = 0;
    else if (event.key === 'End') index = last;
    else if (event.key === 'Escape' && active) {
      event.preventDefault();
      setHighlight(null);
      return;
    } else return;
    event.preventDefault();
    const x = layout.plot.left + (index + 0.5) * layout.band;
    setHighlight({ index, x, y: layout.plot.top, byKeyboard: true });
  };

  return (
    <div
      ref={boxRef}
      className="chart-plot"
      style={{ height }}
      tabIndex={0}
      role="group"
      aria-label="Chart"
      aria-describedby={hintId}
      onPointerMove={pointTo}
      onPointerDown={pointTo}
      // A finger lifting off the screen also 'leaves': a tapped tooltip stays until the chart loses focus.
      onPointerLeave={(event) => event.pointerType !== 'touch' && setHighlight(null)}
      onBlur={() => setHighlight(null)}
      onKeyDown={onKeyDown}
    >
      {layout && (
        <svg
          className="progress-chart"
          width={width}
          height={height}
          role="img"
          aria-label={describe(points, shown)}
        >
          <ChartGrid layout={layout} />
          {active && (
            <rect
              className="chart-cursor"
              x={layout.plot.left + active.index * layout.band}
              y={layout.plot.top}
              width={layout.band}
              height={layout.plot.bottom - layout.plot.top}
              style={CURSOR}
            />
          )}
          <ChartMarks layout={layout} height={height} fontSize={fontSize} />
        </svg>
      )}
      {active && (
        <ChartTooltip
          x={active.x}
          y={active.y}
          bounds={{ width, height }}
          date={activeDate}
          rows={rows}
          fontSize={fontSize}
        />
      )}
      <p id={hintId} className="sr-only">
        Left and Right arrow keys read each session.
      </p>
      <p className="sr-only" aria-live="polite">
        {active?.byKeyboard ? [activeDate, ...rows.map((r) => `${r.name} ${r.value}`)].join(', ') : ''}
      </p>
    </div>
  );
}

/**
 * What the chart shows, for screen readers: 'Bar chart of Pace, Speed for 12 sessions from … to …',
 * 'Bar chart of Total Volume with lines of Estimated 1RM, Heaviest for …'.
 */
function describe(points: Progress['points'], shown: ChartSeries[]): string {
  const names = (list: ChartSeries[]) => list.map((s) => s.name).join(', ');
  const bars = shown.filter((s) => !isLine(s));
  const lines = shown.filter(isLine);
  const what =
    bars.length && lines.length
      ? `Bar chart of ${names(bars)} with lines of ${names(lines)}`
      : bars.length
        ? `Bar chart of ${names(bars)}`
        : lines.length
          ? `Line chart of ${names(lines)}`
          : 'Bar chart with no series shown';
  if (points.length === 0) return `${what}: no sessions`;
  const first = formatCalendarDate(points[0].createdDate);
  if (points.length === 1) return `${what} for 1 session on ${first}`;
  const last = formatCalendarDate(points[points.length - 1].createdDate);
  return `${what} for ${points.length} sessions from ${first} to ${last}`;
}
