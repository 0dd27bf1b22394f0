import { z } from 'zod';
import { DATE_MESSAGE, readTimestamp } from './dates';

/** The years a calendar date may have (dates.ts), so a start is never in year 1 or 9999. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/** readTimestamp's one output form: `2026-01-01T10:00:00.5+02:00` or `…Z`. */
const NORMALISED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * Microseconds since 1970 of a date-time with its date and time (any form readTimestamp reads,
 * an answer's ISO text included); null when it is not one. Whole microseconds, as PostgreSQL
 * keeps them, so comparing two and subtracting them is exact (no binary fractions of a ms).
 */
export function timestampMicros(text: string): number | null {
  const normalised = readTimestamp(text);
  const match = normalised ? NORMALISED.exec(normalised) : null;
  if (!match) return null;
  const [, y, m, d, hh, mm, ss, fraction = '', sign, offsetHours = '0', offsetMinutes = '0'] = match;
  const day = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  day.setUTCFullYear(Number(y), Number(m) - 1, Number(d));
  day.setUTCHours(Number(hh), Number(mm), Number(ss), 0);
  const offsetMillis = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  return (day.getTime() - offsetMillis) * 1000 + Number(fraction.slice(0, 6).padEnd(6, '0'));
}

/**
 * An optional moment (a workout's start or end): null when absent, null or blank; otherwise a
 * date with a time, normalised by readTimestamp. A date alone is no moment: `Must be a valid date`.
 */
export const optionalDateTime = z.preprocess(
  blankToNull,
  z.unknown().transform((value, ctx) => {
    if (value === null) return null;
    const read = typeof value === 'string' ? readTimestamp(value) : null;
    const year = Number(read?.slice(0, 4));
    if (
      read === null ||
      read === 'no such time' ||
      read === 'unstorable' ||
      year < MIN_YEAR ||
      year > MAX_YEAR
    ) {
      ctx.addIssue({ code: 'custom', message: DATE_MESSAGE });
      return z.NEVER;
    }
    return read;
  }),
);

/** An absent key reaches a plain transform as undefined and zod wants it optional; preprocess does not. */
function blankToNull(value: unknown): unknown {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    ? null
    : value;
}

/** Whole seconds from start to end, rounded down; null without both or when the end is before the start. */
export function durationSeconds(startedAt: string | null, endedAt: string | null): number | null {
  const start = startedAt === null ? null : timestampMicros(startedAt);
  const end = endedAt === null ? null : timestampMicros(endedAt);
  if (start === null || end === null || end < start) return null;
  return Math.floor((end - start) / 1_000_000);
}
