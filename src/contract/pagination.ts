import { z } from 'zod';
import { MAX_LIMIT, readPageValue } from './page-query';

function intOr(fallback: number, min: number, max: number) {
  return z
    .unknown()
    .optional()
    .transform((value) => readPageValue(value, fallback, min, max));
}

/** `limit` and `page` query values: coerced, clamped, defaulted — never an error (page-query.ts). */
export function pageQuery(defaultLimit: number) {
  return z.object({
    limit: intOr(defaultLimit, 1, MAX_LIMIT),
    page: intOr(1, 1, Number.MAX_SAFE_INTEGER),
  });
}

export const pagination = z.object({
  totalPages: z.number(),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type Pagination = z.infer<typeof pagination>;
