import { useSearchParams } from 'react-router';
import { RANGE_PARAM, readRange, type ProgressRange } from './exercises.api';

/** The range kept in the address, leaving the page's other params (page, limit) as they are. */
export function useProgressRange(): [ProgressRange, (range: ProgressRange) => void] {
  const [search, setSearch] = useSearchParams();
  const setRange = (range: ProgressRange) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (range === 'All') next.delete(RANGE_PARAM);
        else next.set(RANGE_PARAM, range);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [readRange(search), setRange];
}
