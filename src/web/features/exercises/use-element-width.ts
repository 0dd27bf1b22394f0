import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element, following its changes. It is 0 until measured. The first measure is
 * the ResizeObserver's first report, which the browser makes after its own layout of the frame:
 * reading the width in the commit (getBoundingClientRect) made React's commit lay out the whole
 * page a second time (docs/decisions/0035). Whatever waits for the width keeps its box's size
 * meanwhile, so nothing moves when it is drawn.
 */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(Math.floor(element.getBoundingClientRect().width));
      return;
    }
    // Whole pixels: a sub-pixel change is not worth a new drawing.
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
