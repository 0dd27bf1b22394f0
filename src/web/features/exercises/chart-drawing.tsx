import { memo } from 'react';
import type { Axis, ChartLayout, Line } from './chart-layout';

// Theme colours (styles/tokens.css), as styles: SVG presentation attributes do not take var().
const AXIS = { fill: 'var(--muted)', stroke: 'var(--muted)' };
const GRID = { stroke: 'var(--border)' };
const TICK = 6;
// Half a marker's size; its white (or dark) edge keeps it apart from a bar or line behind it.
const MARK = 3.5;
const POINT_EDGE = 'var(--surface)';

// Both parts are memoised: moving the pointer redraws only the cursor and the tooltip.

/** Horizontal grid lines at the left axis' ticks (the right axis shares them). */
export const ChartGrid = memo(function ChartGrid({ layout }: { layout: ChartLayout }) {
  const { plot, left } = layout;
  return (
    <g style={GRID} shapeRendering="crispEdges">
      {left.ticks.map((tick) => {
        const y = yOf(tick, left, layout);
        return <line key={tick} x1={plot.left} x2={plot.right} y1={y} y2={y} />;
      })}
    </g>
  );
});

interface ChartMarksProps {
  layout: ChartLayout;
  height: number;
  fontSize: number;
}

/**
 * Bars, then the lines with a marker per session (a circle for the e1RM, a square for the
 * heaviest set, so the two differ by more than colour), then the axes over the bars' feet, with
 * tick labels and the 'Date' title.
 */
export const ChartMarks = memo(function ChartMarks({ layout, height, fontSize }: ChartMarksProps) {
  const { plot, bars, lines, labels, left, right } = layout;
  return (
    <>
      <g>
        {bars.map((bar) => (
          <path
            key={`${bar.index}-${bar.key}`}
            className="chart-bar"
            data-series={bar.key}
            style={{ fill: bar.color }}
            d={bar.d}
          />
        ))}
      </g>
      {lines.map((line) => (
        <ChartLine key={line.key} line={line} />
      ))}
      <g fontSize={fontSize} style={AXIS} shapeRendering="crispEdges">
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
        {labels.map((label) => {
          const tickX = plot.left + (label.index + 0.5) * layout.band;
          return (
            <g key={label.index}>
              <line x1={tickX} x2={tickX} y1={plot.bottom} y2={plot.bottom + TICK} />
              <text x={label.x} y={plot.bottom + TICK + 4} dy="0.71em" textAnchor="middle" stroke="none">
                {label.text}
              </text>
            </g>
          );
        })}
        <text x={(plot.left + plot.right) / 2} y={height - 8} textAnchor="middle" stroke="none">
          Date
        </text>
        <YAxis axis={left} x={plot.left} side={-1} layout={layout} />
        {right && <YAxis axis={right} x={plot.right} side={1} layout={layout} />}
      </g>
    </>
  );
});

function ChartLine({ line }: { line: Line }) {
  const mark = { fill: line.color, stroke: POINT_EDGE };
  return (
    <g className="chart-line" data-series={line.key}>
      <path d={line.d} style={{ stroke: line.color }} fill="none" strokeWidth={2} strokeLinejoin="round" />
      {line.points.map((p) =>
        line.key === 'heaviest' ? (
          <rect
            key={p.index}
            className="chart-point"
            data-series={line.key}
            x={p.x - MARK}
            y={p.y - MARK}
            width={2 * MARK}
            height={2 * MARK}
            style={mark}
          />
        ) : (
          <circle
            key={p.index}
            className="chart-point"
            data-series={line.key}
            cx={p.x}
            cy={p.y}
            r={MARK + 0.5}
            style={mark}
          />
        ),
      )}
    </g>
  );
}

function YAxis({ axis, x, side, layout }: { axis: Axis; x: number; side: -1 | 1; layout: ChartLayout }) {
  const labelX = x + side * (TICK + 2);
  const anchor = side < 0 ? 'end' : 'start';
  return (
    <g>
      <line x1={x} x2={x} y1={layout.plot.top} y2={layout.plot.bottom} />
      {/* The unit sits above the top tick's label (its baseline clear of that label's half height),
          from the chart's outer edge inwards: 'min/km' is wider than a phone's axis. */}
      <text
        className="chart-axis-unit"
        x={side < 0 ? 0 : layout.width}
        y={layout.plot.top}
        dy="-0.85em"
        textAnchor={side < 0 ? 'start' : 'end'}
        stroke="none"
      >
        {axis.unit}
      </text>
      {axis.ticks.map((tick) => {
        const y = yOf(tick, axis, layout);
        return (
          <g key={tick}>
            <line x1={x} x2={x + side * TICK} y1={y} y2={y} />
            <text x={labelX} y={y} dy="0.355em" textAnchor={anchor} stroke="none">
              {axis.format(tick)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const yOf = (value: number, axis: Axis, { plot }: ChartLayout) =>
  plot.bottom - ((value - axis.min) / (axis.max - axis.min)) * (plot.bottom - plot.top);
