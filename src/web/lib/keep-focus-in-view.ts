/**
 * What sits fixed over the bottom of a data screen: the tab bar below 768 px, the workout screen's
 * bar (timer and Finish) and the toasts.
 */
const BOTTOM_BARS = '.tab-bar, .workout-bar, .Toastify__toast';
/** Room left between a focused control and the bar above which it is scrolled. */
const GAP = 8;

/**
 * A control focused from the keyboard is never hidden under a bar at the bottom of the screen
 * (docs/api.md §12 "By keyboard alone", WCAG 2.2 SC 2.4.11). The CSS `scroll-padding-bottom`
 * (styles/layout.css) makes the browser scroll a control that is wholly out of view, but one half
 * under a bar stays there, and the workout bar's height changes with its timer. So on each keyboard
 * focus the page scrolls up by what the bars cover of the control. Focus by pointer is left alone:
 * whoever tapped the control sees it (and a Done tick measures no layout here). Returns the undo.
 */
export function keepFocusInView(doc: Document = document): () => void {
  const reveal = (target: HTMLElement) => {
    if (doc.activeElement !== target) return;
    const box = target.getBoundingClientRect();
    let clear = doc.documentElement.clientHeight;
    for (const bar of doc.querySelectorAll(BOTTOM_BARS)) {
      // A bar's own controls are where they are.
      if (bar.contains(target)) return;
      const cover = bar.getBoundingClientRect();
      const overlaps = cover.left < box.right && cover.right > box.left && cover.height > 0;
      if (overlaps && cover.bottom > box.top) clear = Math.min(clear, cover.top);
    }
    // A region taller than the room above the bars (the screen's <main>, focused after a
    // navigation by keyboard: app/layout.tsx) is read from its top, where it already is.
    if (box.height + GAP > clear) return;
    const hidden = box.bottom + GAP - clear;
    if (hidden > 0) doc.defaultView?.scrollBy({ top: hidden, behavior: 'instant' });
  };
  // Measured in the next frame, after the browser's own scroll to the focused control.
  const onFocus = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.matches(':focus-visible')) return;
    requestAnimationFrame(() => reveal(target));
  };
  doc.addEventListener('focusin', onFocus);
  return () => doc.removeEventListener('focusin', onFocus);
}
