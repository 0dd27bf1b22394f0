import { useState } from 'react';

/**
 * Keeps showing the last loaded value while a query is skipped (after a delete is confirmed the
 * fetch stops, but the page should stay on screen until the navigation happens).
 */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [kept, setKept] = useState(value);
  if (value !== undefined && value !== kept) setKept(value);
  return value ?? kept;
}
