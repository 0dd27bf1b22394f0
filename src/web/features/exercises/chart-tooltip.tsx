import { useLayoutEffect, useRef } from 'react';

export interface TooltipRow {
  key: string;
  name: string;
  color: string;
  value: string;
}

interface ChartTooltipProps {
  /** Where it points, in px from the chart's top left corner. */
  x: number;
  y: number;
  /** The chart's size: the box is kept inside it. */
  bounds: { width: number; height: number };
  date: string;
  rows: TooltipRow[];
  fontSize: number;
}

const OFFSET = 10;

/**
 * The date and values under the pointer, beside it like Recharts' tooltip: to the right and
 * below, flipped to the left or above where it would leave the chart. Screen readers hear the
 * same text from the chart's live region, so this box is hidden from them.
 */
export function ChartTooltip({ x, y, bounds, date, rows, fontSize }: ChartTooltipProps) {
  const ref = useRef<HTMLDivElement>(null);

  // Placed once its size is known, before the browser paints it.
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const { offsetWidth: w, offsetHeight: h } = box;
    const left = x + OFFSET + w <= bounds.width ? x + OFFSET : x - OFFSET - w;
    const top = y + OFFSET + h <= bounds.height ? y + OFFSET : y - OFFSET - h;
    const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));
    box.style.transform = `translate(${clamp(left, bounds.width - w)}px, ${clamp(top, bounds.height - h)}px)`;
  });

  return (
    <div ref={ref} className="chart-tooltip" style={{ fontSize }} aria-hidden="true">
      <p className="chart-tooltip-date">{date}</p>
      {rows.length > 0 && (
        <ul className="chart-tooltip-rows">
          {rows.map((row) => (
            <li key={row.key} style={{ color: row.color }}>
              {row.name} : {row.value}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
