import '../../test/setup';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { todayLocal } from '../../../contract/dates';
import { mockApi, renderWithApp, reply } from '../../test/render';
import { activityRange, addDays, buildActivityGrid } from './activity-grid';
import { ActivityHeatmap, ActivitySection } from './activity-heatmap';

const TODAY = '2026-03-10'; // a Tuesday
const DAYS = [
  { date: '2025-03-11', sessions: 1 }, // the first day of the year shown
  { date: '2026-01-15', sessions: 4 }, // more than 30 days ago
  { date: '2026-02-09', sessions: 1 }, // the first of the last 30 days
  { date: '2026-03-03', sessions: 2 },
  { date: '2026-03-10', sessions: 3 },
];

const cells = () =>
  within(screen.getByRole('table'))
    .getAllByRole('cell')
    .filter((cell) => cell.getAttribute('aria-hidden') !== 'true' && cell.classList.contains('heatmap-day'));

describe('the activity grid', () => {
  it('asks for 365 days ending today', () => {
    expect(activityRange(TODAY)).toEqual({ from: '2025-03-11', to: TODAY });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('lays the days out in Monday-first weeks, up to today', () => {
    const grid = buildActivityGrid(TODAY, DAYS);
    expect(grid.weeks.flat().filter(Boolean)).toHaveLength(365);
    const last = grid.weeks[grid.weeks.length - 1];
    expect(last.map((c) => c?.date ?? null)).toEqual([
      '2026-03-09',
      '2026-03-10',
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(grid.weeks[0][0]).toBeNull(); // 2025-03-10 is a Monday before the range
    expect(grid.weeks[0][1]?.date).toBe('2025-03-11');
    expect(grid.total).toBe(11);
    expect(grid.activeDays).toBe(5);
    expect(grid.lastThirtyDays).toBe(6);
    expect(grid.months.reduce((n, m) => n + m.span, 0)).toBe(grid.weeks.length);
  });
});

describe('ActivityHeatmap', () => {
  it('names every day with its count, colours by 0, 1, 2 and 3+, and says the last 30 days', () => {
    render(
      <MemoryRouter>
        <ActivityHeatmap today={TODAY} days={DAYS} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/in the last 30 days/).textContent).toBe('6 sessions in the last 30 days');
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe(
      'Training days in the last 12 months: 11 sessions on 5 days',
    );
    expect(cells()).toHaveLength(365);
    const day = (name: string) => screen.getByRole('cell', { name });
    expect(day('3 Mar 2026: 2 sessions').className).toContain('level-2');
    expect(day('10 Mar 2026: 3 sessions').className).toContain('level-3');
    expect(day('15 Jan 2026: 4 sessions').className).toContain('level-3');
    expect(day('11 Mar 2025: 1 session').className).toContain('level-1');
    expect(day('4 Mar 2026: 0 sessions').className).toContain('level-0');
    // A day with sessions opens that day (docs/api.md §14); an empty one is no link.
    expect(within(day('3 Mar 2026: 2 sessions')).getByRole('link').getAttribute('href')).toBe(
      '/history/2026-03-03',
    );
    expect(within(day('4 Mar 2026: 0 sessions')).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('cell', { name: /10 Mar 2025/ })).toBeNull();
    expect(screen.queryByRole('cell', { name: /11 Mar 2026/ })).toBeNull();
    expect(screen.getByRole('region', { name: /Training days/ }).tabIndex).toBe(0);
    expect(screen.queryByText(/No sessions in the last year/)).toBeNull();
  });

  it('has no empty header: a month too narrow for its name is a plain cell (axe empty-table-header)', () => {
    render(<ActivityHeatmap today={TODAY} days={[]} />);
    const headers = Array.from(screen.getByRole('table').querySelectorAll('th'));
    expect(headers.length).toBeGreaterThan(7);
    expect(headers.filter((th) => !th.textContent?.trim())).toEqual([]);
  });

  it('says so when the year is empty', () => {
    render(<ActivityHeatmap today={TODAY} days={[]} />);
    expect(screen.getByText(/in the last 30 days/).textContent).toBe('0 sessions in the last 30 days');
    expect(screen.getByText(/No sessions in the last year yet/)).toBeTruthy();
    expect(screen.getByRole('cell', { name: '1 Jan 2026: 0 sessions' })).toBeTruthy();
  });
});

describe('ActivitySection', () => {
  it("asks the server for the year ending at the browser's today", async () => {
    const today = todayLocal();
    const { calls } = mockApi({ 'GET /api/activity': { days: [{ date: today, sessions: 1 }] } });
    renderWithApp(<ActivitySection />);
    expect((await screen.findByText(/in the last 30 days/)).textContent).toBe(
      '1 session in the last 30 days',
    );
    const { from } = activityRange(today);
    expect(calls[0].path).toBe(`/api/activity?from=${from}&to=${today}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Activity' })).toBeTruthy();
  });

  it('shows a load error', async () => {
    mockApi({ 'GET /api/activity': reply(500, { message: 'Server down' }) });
    renderWithApp(<ActivitySection />);
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
  });
});
