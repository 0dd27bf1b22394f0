export const DATE_MESSAGE = 'Must be a valid date';
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/** `YYYY-MM-DD`, optionally with a time (`T` or a space) and an offset. */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;
/** PostgreSQL refuses UTC offsets beyond ±15:59 (22009). */
const MAX_OFFSET_HOURS = 15;

/** A UTC offset PostgreSQL accepts: within ±15:59, its minutes a real minute. */
function isStorableOffset(hours: string, minutes = '00'): boolean {
  return Number(hours) <= MAX_OFFSET_HOURS && Number(minutes) <= 59;
}

/**
 * A date and a time as a file may write them: `T` or a space between, seconds and a fraction
 * optional, the zone as Z, ±HH, ±HHMM or ±HH:MM, or none (UTC).
 */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

/**
 * Reads a timestamp written as a date and a time, in the one form the API writes
 * (`2026-01-01T10:00:00.5+02:00`): 'no such time' when its date or time does not exist (hour 25,
 * 30 February), 'unstorable' when PostgreSQL cannot store it (year 0, an offset beyond ±15:59),
 * null when the text is not a date and a time at all.
 */
export function readTimestamp(input: string): string | 'no such time' | 'unstorable' | null {
  const match = TIMESTAMP.exec(input.trim());
  if (!match) return null;
  const [, y, m, d, hh, mm, ss = '00', fraction, utc, sign, offsetHours, offsetMinutes = '00'] = match;
  const month = Number(m);
  const dayExists = month >= 1 && month <= 12 && Number(d) >= 1 && Number(d) <= daysInMonth(Number(y), month);
  if (!dayExists || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return 'no such time';
  if (Number(y) < 1 || (sign !== undefined && !isStorableOffset(offsetHours, offsetMinutes)))
    return 'unstorable';
  const zone = utc || sign === undefined ? 'Z' : `${sign}${offsetHours}:${offsetMinutes}`;
  return `${y}-${m}-${d}T${hh}:${mm}:${ss}${fraction ? `.${fraction}` : ''}${zone}`;
}

/**
 * Reads a calendar date from `YYYY-MM-DD` or an ISO date-time (its date part, as written:
 * never converted through a time zone, so it cannot shift by a day). Returns null when invalid.
 */
export function parseCalendarDate(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const match = DATE_TIME.exec(input.trim());
  if (!match) return null;
  const [, y, m, d, hh, mm, ss, offsetHours, offsetMinutes] = match;
  // A time, when there is one, must exist too (no hour 25), with an offset PostgreSQL accepts.
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)) return null;
  if (offsetHours !== undefined && !isStorableOffset(offsetHours, offsetMinutes)) return null;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return `${y}-${m}-${d}`;
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC keeps the local zone out of it.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Today's date where the user is (the browser's zone), as `YYYY-MM-DD`. */
export function todayLocal(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Formats a stored `YYYY-MM-DD` for people without going through a Date (no zone shift). */
export function formatCalendarDate(date: string): string {
  const parsed = parseCalendarDate(date);
  if (!parsed) return date;
  return `${formatDayMonth(parsed)} ${Number(parsed.slice(0, 4))}`;
}

/**
 * A moment where the user is, as the app writes dates, with the time on a 24-hour clock:
 * '29 Nov 2026, 03:45' (the trash, the devices, a kept draft).
 */
export function formatMoment(moment: string | Date): string {
  const at = new Date(moment);
  if (Number.isNaN(at.getTime())) return String(moment);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatCalendarDate(todayLocal(at))}, ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** '2026-03-07' → '7 Mar' (the chart's date axis); anything else comes back unchanged. */
export function formatDayMonth(date: string): string {
  const parsed = parseCalendarDate(date);
  if (!parsed) return date;
  const [, m, d] = parsed.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]}`;
}
