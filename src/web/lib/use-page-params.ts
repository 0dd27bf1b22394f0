import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { readPageQuery, type PageQuery } from '../../contract/page-query';

export interface PageParams {
  limit: number;
  page: number;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setLimit: (limit: number) => void;
}

/**
 * `limit` and `page` live in the address (docs/product.md §2, §5): coerced to numbers, at least 1,
 * with the screen's default page size.
 */
export function usePageParams(defaultLimit: number): PageParams {
  const [params, setParams] = useSearchParams();
  const { limit, page } = readPageParams(params, defaultLimit);

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setParams(
        (prev) => {
          const copy = new URLSearchParams(prev);
          copy.set('page', String(next));
          return copy;
        },
        { replace: options?.replace ?? false },
      ),
    [setParams],
  );

  // A new page size starts again at page 1 and replaces the history entry (docs/product.md §2).
  const setLimit = useCallback(
    (next: number) =>
      setParams(
        (prev) => {
          const copy = new URLSearchParams(prev);
          copy.set('limit', String(next));
          copy.set('page', '1');
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { limit, page, setPage, setLimit };
}

/** The same reading without React, for requests started before the screen renders (the route loaders in app/router.tsx). */
export function readPageParams(params: URLSearchParams, defaultLimit: number): PageQuery {
  return readPageQuery({ limit: params.get('limit'), page: params.get('page') }, defaultLimit);
}

/**
 * The server answers a page past the end with an empty list and the true page count; the
 * address then moves to the last page (or 1 when the list is empty).
 */
export function useClampPage(
  page: number,
  totalPages: number | undefined,
  setPage: PageParams['setPage'],
): void {
  useEffect(() => {
    if (totalPages === undefined) return;
    const last = Math.max(1, totalPages);
    if (page > last) setPage(last, { replace: true });
  }, [page, totalPages, setPage]);
}
