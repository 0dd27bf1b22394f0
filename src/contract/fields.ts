import { z } from 'zod';
import { DATE_MESSAGE, parseCalendarDate } from './dates';
import { round2 } from './metrics';

export const REQUIRED = 'This field is required';

/** A text field's type error: missing is "required", anything else (a number, a list) is named. */
export function textError(label: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? REQUIRED : `${label} must be text`;
}
export const MAX_NUMBER = 100_000;

/** Treats '', null and undefined alike as "nothing entered", so every such field says it is required. */
function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/**
 * A non-negative number with at most 2 decimals, entered as a JSON number or a numeric
 * string (form inputs give strings). `label` names the field in its messages, as docs/product.md §5 does;
 * pounds have their own ceiling and wording (docs/api.md §10).
 */
export function quantity(
  label: string,
  { max = MAX_NUMBER, decimals = `${label} must have at most 2 decimals` } = {},
) {
  return z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (typeof v === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
      return v;
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? REQUIRED : `${label} must be a number`),
      })
      .refine(Number.isFinite, `${label} must be a number`)
      .min(0, `${label} must be at least 0`)
      .max(max, `${label} must be at most ${max}`)
      .refine(hasAtMostTwoDecimals, decimals)
      // Stored as the exact cents value: binary noise (0.1 + 0.2) and values within it of zero
      // (1e-9, 8e-323) would otherwise reach the pace division and store NaN or Infinity.
      .transform(round2),
  );
}

function hasAtMostTwoDecimals(n: number): boolean {
  // Compare against the value rounded to cents, allowing binary noise (0.1 + 0.2 style).
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

/** A required trimmed string. */
export function requiredText(label: string, max = 200) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: textError(label) })
      .min(1, REQUIRED)
      .max(max, `${label} must be at most ${max} characters`),
  );
}

/** Titles of logs and exercises (docs/api.md §4): letters of any script, digits, spaces, '-' and '_'. */
export const TITLE_PATTERN = /^[\p{L}\p{M}\p{Nd} _-]+$/u;
export const TITLE_MAX = 100;
export const title = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: textError('Title') })
    .min(1, REQUIRED)
    .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
    .regex(TITLE_PATTERN, 'Letters, numbers, spaces, dashes and underscores allowed'),
);

/** Ids are UUIDs; anything else cannot name a record, so routes answer 404 rather than 400. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A calendar date, `YYYY-MM-DD` or the date part of an ISO date-time (dates.ts). */
export const calendarDate = z.preprocess(
  (v) => parseCalendarDate(v) ?? v,
  z.string({ error: DATE_MESSAGE }).refine((s) => parseCalendarDate(s) === s, DATE_MESSAGE),
);
