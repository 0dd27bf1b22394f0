// `limit` and `page` of every list (docs/api.md §7), without zod: the web app reads them on every
// screen with a list, and its read-only screens load no schema code (the zod schemas that coerce
// the same values on the server are in pagination.ts, built on readPageValue).

export const PAGE_SIZES = [12, 24, 48] as const;
export const MAX_LIMIT = 100;
export const LOGS_DEFAULT_LIMIT = 10;
export const DEFAULT_LIMIT = 12;

export type PageQuery = { limit: number; page: number };

/** A query value as a whole number in [min, max]; anything that is not a number is the default (docs/api.md §7). */
export function readPageValue(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/** `limit` and `page` from a query: coerced, clamped, defaulted — never an error. */
export function readPageQuery(query: { limit?: unknown; page?: unknown }, defaultLimit: number): PageQuery {
  return {
    limit: readPageValue(query.limit, defaultLimit, 1, MAX_LIMIT),
    page: readPageValue(query.page, 1, 1, Number.MAX_SAFE_INTEGER),
  };
}
