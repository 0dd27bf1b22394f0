import { z } from 'zod';

export const PAGE_SIZES = [12, 24, 48] as const;
export const MAX_LIMIT = 100;
export const LOGS_DEFAULT_LIMIT = 10;
export const DEFAULT_LIMIT = 12;

function intOr(fallback: number, min: number, max: number) {
  return z
    .unknown()
    .optional()
    .transform((value) => {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) return fallback; // not a number: the default (docs/api.md §7)
      return Math.min(max, Math.max(min, Math.trunc(n)));
    });
}

/** `limit` and `page` query values: coerced, clamped, defaulted — never an error. */
export function pageQuery(defaultLimit: number) {
  return z.object({
    limit: intOr(defaultLimit, 1, MAX_LIMIT),
    page: intOr(1, 1, Number.MAX_SAFE_INTEGER),
  });
}
export type PageQuery = { limit: number; page: number };

export const pagination = z.object({
  totalPages: z.number(),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type Pagination = z.infer<typeof pagination>;
