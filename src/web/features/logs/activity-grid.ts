import { formatCalendarDate } from '../../../contract/dates';
import type { Activity, ActivityQuery } from '../../../contract/records';

// The activity heatmap's arithmetic (docs/api.md §10): a year of days ending at the browser's own
// today, laid out in weeks (columns, Monday first) of weekdays (rows).

/** 365 days counting both ends: today and the 364 before it. */
export const ACTIVITY_DAYS = 365;
export const RECENT_DAYS = 30;
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

/** A calendar date moved by whole days; UTC noon keeps the local zone and DST out of it. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

export function activityRange(today: string): ActivityQuery {
  return { from: addDays(today, 1 - ACTIVITY_DAYS), to: today };
}

export type ActivityCell = { date: string; sessions: number; level: 0 | 1 | 2 | 3; label: string };
/** A week: seven slots, Monday first; null outside the range (before `from`, after today). */
export type ActivityWeek = Array<ActivityCell | null>;
export type MonthLabel = { label: string; span: number };

export type ActivityGrid = {
  weeks: ActivityWeek[];
  /** Month names over the week columns, each spanning the weeks that start in that month. */
  months: MonthLabel[];
  total: number;
  activeDays: number;
  lastThirtyDays: number;
};

export function sessionsLabel(n: number): string {
  return `${n} ${n === 1 ? 'session' : 'sessions'}`;
}

export function buildActivityGrid(today: string, days: Activity['days']): ActivityGrid {
  const counts = new Map(days.map((day) => [day.date, day.sessions]));
  const { from } = activityRange(today);
  const recentFrom = addDays(today, 1 - RECENT_DAYS);
  const weeks: ActivityWeek[] = [];
  let total = 0;
  let activeDays = 0;
  let lastThirtyDays = 0;
  let date = addDays(from, -weekday(from));
  while (date <= today) {
    const week: ActivityWeek = [];
    for (let i = 0; i < 7; i += 1, date = addDays(date, 1)) {
      if (date < from || date > today) {
        week.push(null);
        continue;
      }
      const sessions = counts.get(date) ?? 0;
      total += sessions;
      if (sessions > 0) activeDays += 1;
      if (date >= recentFrom) lastThirtyDays += sessions;
      const level = Math.min(sessions, 3) as ActivityCell['level'];
      week.push({ date, sessions, level, label: `${formatCalendarDate(date)}: ${sessionsLabel(sessions)}` });
    }
    weeks.push(week);
  }
  return { weeks, months: monthLabels(weeks), total, activeDays, lastThirtyDays };
}

function monthLabels(weeks: ActivityWeek[]): MonthLabel[] {
  const months: MonthLabel[] = [];
  let current = -1;
  for (const week of weeks) {
    const first = week.find((cell) => cell !== null);
    const month = first ? Number(first.date.slice(5, 7)) - 1 : current;
    if (month === current && months.length > 0) months[months.length - 1].span += 1;
    else months.push({ label: MONTHS[month], span: 1 });
    current = month;
  }
  // A month with a single column has no room for its name (it would run into the next one).
  return months.map((m) => (m.span < 2 ? { ...m, label: '' } : m));
}
