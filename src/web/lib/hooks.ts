import { useEffect, useState } from 'react';

export { useUserInfo } from './auth-store';

/** Sets `document.title` for the screen (docs/product.md gives some screens an exact title). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/**
 * Keeps showing the last loaded value while a query is skipped (after a delete is confirmed the
 * fetch stops, but the page should stay on screen until the navigation happens).
 */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [kept, setKept] = useState(value);
  if (value !== undefined && value !== kept) setKept(value);
  return value ?? kept;
}

/** Matches a CSS media query, following changes (the chart shrinks its fonts below 800 px). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
