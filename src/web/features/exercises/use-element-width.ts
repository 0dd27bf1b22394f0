import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element, following its changes. It is 0 until measured; the first measure
 * happens before the browser paints, so whatever waits for it never flashes in.
 */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    if (typeof ResizeObserver === 'undefined') return;
    // Whole pixels: a sub-pixel change is not worth a new drawing.
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
