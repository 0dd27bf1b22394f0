import '../../test/setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aWlPoint } from '../../test/fixtures';
import { PA_SERIES, WL_SERIES, type ChartSeries } from './chart-series';
import { ProgressChart } from './progress-chart';

const WL_POINTS = [
  aWlPoint({
    createdDate: '2024-01-08',
    totalVolume: 405,
    junkVolume: 405,
    workingVolume: 0,
    e1rm: 54,
    heaviest: 40.5,
  }),
  aWlPoint({
    createdDate: '2024-01-15',
    totalVolume: 980,
    junkVolume: 480,
    workingVolume: 500,
    e1rm: 116.67,
    heaviest: 100,
  }),
  aWlPoint({
    createdDate: '2024-01-22',
    totalVolume: 1234.5,
    junkVolume: 400,
    workingVolume: 834.5,
    e1rm: 120,
    heaviest: 110,
  }),
];
const PA_POINTS = [
  { createdDate: '2025-03-01', pace: 5.1, speed: 0.196 },
  { createdDate: '2025-03-08', pace: 4 + 58 / 60, speed: 0.201 },
];
const ALL_WL = new Set<ChartSeries['key']>(['totalVolume', 'junkVolume', 'workingVolume']);

/** jsdom lays nothing out: the chart's box reports 600 px wide (so the plot runs from 56 to 592). */
function stubResizeObserver(width = 600) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe() {
        this.callback([{ contentRect: { width } } as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      disconnect() {}
    },
  );
}

const bars = (container: HTMLElement) => [...container.querySelectorAll<SVGElement>('.chart-bar')];
const tooltip = (container: HTMLElement) => container.querySelector<HTMLElement>('.chart-tooltip');
/** The middle of the n-th date's slot (0-based) on a 600 px chart of `count` dates. */
const slotX = (n: number, count: number) => 56 + ((592 - 56) / count) * (n + 0.5);

describe('ProgressChart', () => {
  it('draws a bar per ticked series and session, in series order, and describes itself', () => {
    stubResizeObserver();
    const { container } = render(<ProgressChart points={WL_POINTS} series={WL_SERIES} visible={ALL_WL} />);
    expect(container.querySelector('svg.progress-chart')).toBeTruthy();
    expect(bars(container).map((b) => b.dataset.series)).toEqual(
      Array.from({ length: 3 }, () => ['totalVolume', 'junkVolume', 'workingVolume']).flat(),
    );
    expect((bars(container)[0] as unknown as SVGElement).style.fill).toBe('var(--series-total)');
    screen.getByRole('img', {
      name: 'Bar chart of Total Volume, Junk Volume, Work Volume for 3 sessions from 8 Jan 2024 to 22 Jan 2024',
    });
    expect(screen.getByText('8 Jan')).toBeTruthy();
    expect(screen.getByText('Date')).toBeTruthy();
    expect(screen.getByText('1250')).toBeTruthy(); // top tick over 1234.5
  });

  it("writes each axis' unit above it", () => {
    stubResizeObserver();
    const units = (container: HTMLElement) =>
      [...container.querySelectorAll('.chart-axis-unit')].map((e) => e.textContent);
    const { container, unmount } = render(
      <ProgressChart points={WL_POINTS} series={WL_SERIES} visible={new Set([...ALL_WL, 'e1rm'])} />,
    );
    expect(units(container)).toEqual(['kg', 'kg']);
    unmount();
    const pounds = WL_SERIES.map((s) => ({ ...s, unit: 'lb' }));
    expect(
      units(render(<ProgressChart points={WL_POINTS} series={pounds} visible={ALL_WL} />).container),
    ).toEqual(['lb']);
    const pace = new Set<ChartSeries['key']>(['pace', 'speed']);
    expect(
      units(render(<ProgressChart points={PA_POINTS} series={PA_SERIES} visible={pace} />).container),
    ).toEqual(['min/km', 'km/min']);
  });

  it('leaves out the series whose box is unticked', () => {
    stubResizeObserver();
    const visible = new Set<ChartSeries['key']>(['totalVolume', 'workingVolume']);
    const { container } = render(<ProgressChart points={WL_POINTS} series={WL_SERIES} visible={visible} />);
    expect(bars(container)).toHaveLength(6);
    expect(container.querySelector('[data-series="junkVolume"]')).toBeNull();
    screen.getByRole('img', { name: /^Bar chart of Total Volume, Work Volume for 3 sessions/ });
  });

  it('keeps its height but draws nothing until its width is known', () => {
    const { container } = render(<ProgressChart points={WL_POINTS} series={WL_SERIES} visible={ALL_WL} />);
    expect(container.querySelector('.progress-chart')).toBeNull();
    expect(container.querySelector<HTMLElement>('.chart-plot')!.style.height).toBe('340px');
  });

  it('shows the date and the ticked values under the pointer, and hides them when it leaves', () => {
    stubResizeObserver();
    const visible = new Set<ChartSeries['key']>(['totalVolume', 'workingVolume']);
    const { container } = render(<ProgressChart points={WL_POINTS} series={WL_SERIES} visible={visible} />);
    const chart = screen.getByRole('group', { name: 'Chart' });
    fireEvent.pointerMove(chart, { clientX: slotX(1, 3), clientY: 100, pointerType: 'mouse' });
    const items = [...tooltip(container)!.querySelectorAll('p, li')].map((e) => e.textContent);
    expect(items).toEqual(['15 Jan 2024', 'Total Volume : 980 kg', 'Work Volume : 500 kg']);
    expect(container.querySelector('.chart-cursor')).toBeTruthy();
    fireEvent.pointerMove(chart, { clientX: slotX(2, 3), clientY: 100, pointerType: 'mouse' });
    expect(tooltip(container)!.textContent).toContain('Total Volume : 1,234.5 kg');
    fireEvent.pointerLeave(chart, { pointerType: 'mouse' });
    expect(tooltip(container)).toBeNull();
    expect(container.querySelector('.chart-cursor')).toBeNull();
  });

  it('keeps a tapped tooltip after the finger lifts, until the chart loses focus', () => {
    stubResizeObserver();
    const { container } = render(
      <ProgressChart points={PA_POINTS} series={PA_SERIES} visible={new Set(['pace', 'speed'])} />,
    );
    const chart = screen.getByRole('group', { name: 'Chart' });
    act(() => chart.focus());
    fireEvent.pointerDown(chart, { clientX: slotX(0, 2), clientY: 100, pointerType: 'touch' });
    fireEvent.pointerLeave(chart, { pointerType: 'touch' });
    expect(tooltip(container)!.textContent).toBe('1 Mar 2025Pace : 5:06 min/kmSpeed : 0.196 km/min');
    act(() => chart.blur());
    expect(tooltip(container)).toBeNull();
  });

  it('moves between dates with the arrow keys and hides the tooltip with Escape', async () => {
    stubResizeObserver();
    const { container } = render(
      <ProgressChart points={PA_POINTS} series={PA_SERIES} visible={new Set(['pace', 'speed'])} />,
    );
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Chart' }));
    expect(tooltip(container)).toBeNull();
    await userEvent.keyboard('{ArrowRight}');
    expect(tooltip(container)!.textContent).toContain('1 Mar 2025');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(tooltip(container)!.textContent).toBe('8 Mar 2025Pace : 4:58 min/kmSpeed : 0.201 km/min');
    // Screen readers hear it from a live region.
    expect(screen.getByText('8 Mar 2025, Pace 4:58 min/km, Speed 0.201 km/min')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tooltip(container)!.textContent).toContain('1 Mar 2025');
    await userEvent.keyboard('{Escape}');
    expect(tooltip(container)).toBeNull();
  });

  it('gives Speed its own axis on pace charts', () => {
    stubResizeObserver();
    render(<ProgressChart points={PA_POINTS} series={PA_SERIES} visible={new Set(['pace', 'speed'])} />);
    for (const tick of ['0:00', '2:00', '4:00', '6:00', '0.1', '0.2', '0.3'])
      expect(screen.getByText(tick)).toBeTruthy();
  });

  it('draws the Estimated 1RM and the heaviest set as lines on a right axis fitted to them, while shown', () => {
    stubResizeObserver();
    // A few kilograms of progress: 100 → 102.5 → 105 kg e1RM, heaviest 90 → 92.5 → 95 kg.
    const points = WL_POINTS.map((p, i) => ({ ...p, e1rm: 100 + 2.5 * i, heaviest: 90 + 2.5 * i }));
    const { container, rerender } = render(
      <ProgressChart
        points={points}
        series={WL_SERIES}
        visible={new Set(['totalVolume', 'e1rm', 'heaviest'])}
      />,
    );
    // Volumes stay bars; the two weights are a line each with a marker per session.
    expect(bars(container).map((b) => b.dataset.series)).toEqual([
      'totalVolume',
      'totalVolume',
      'totalVolume',
    ]);
    const lines = [...container.querySelectorAll<SVGElement>('.chart-line')].map((l) => l.dataset.series);
    expect(lines).toEqual(['e1rm', 'heaviest']);
    expect(container.querySelectorAll('.chart-point[data-series="e1rm"]')).toHaveLength(3);
    expect(container.querySelectorAll('.chart-point[data-series="heaviest"]')).toHaveLength(3);
    // The right axis runs from 85 to 110, not from 0: the 5 kg climb spans a third of the plot.
    for (const tick of ['85', '110', '1250']) expect(screen.getByText(tick)).toBeTruthy();
    expect(screen.queryByText('0', { selector: 'text[text-anchor="start"]' })).toBeNull();
    const ys = [...container.querySelectorAll<SVGCircleElement>('circle.chart-point')].map((c) =>
      Number(c.getAttribute('cy')),
    );
    expect(ys[0] - ys[2]).toBeGreaterThan(50);
    screen.getByRole('img', {
      name: /^Bar chart of Total Volume with lines of Estimated 1RM, Heaviest for 3 sessions/,
    });

    rerender(<ProgressChart points={points} series={WL_SERIES} visible={ALL_WL} />);
    expect(screen.queryByText('110')).toBeNull();
    expect(container.querySelector('.chart-line')).toBeNull();
  });

  it("leaves a session with no qualifying set (0) off a line, and names the lines' values", () => {
    stubResizeObserver();
    const points = [WL_POINTS[0], { ...WL_POINTS[1], e1rm: 0 }, WL_POINTS[2]];
    const { container } = render(
      <ProgressChart points={points} series={WL_SERIES} visible={new Set(['e1rm', 'heaviest'])} />,
    );
    expect(container.querySelectorAll('.chart-point[data-series="e1rm"]')).toHaveLength(2);
    expect(container.querySelector('.chart-line[data-series="e1rm"] path')!.getAttribute('d')).toMatch(
      /^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/,
    );
    screen.getByRole('img', { name: /^Line chart of Estimated 1RM, Heaviest for 3 sessions/ });
    fireEvent.pointerMove(screen.getByRole('group', { name: 'Chart' }), {
      clientX: slotX(2, 3),
      clientY: 100,
      pointerType: 'mouse',
    });
    expect([...tooltip(container)!.querySelectorAll('li')].map((e) => e.textContent)).toEqual([
      'Estimated 1RM : 120 kg',
      'Heaviest : 110 kg',
    ]);
  });
});
