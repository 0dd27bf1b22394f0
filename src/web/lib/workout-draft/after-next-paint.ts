/**
 * Runs `run` in a task after the next frame, so work that the screen does not need to show a
 * change (storing it, opening audio) stays out of the tap's paint (decision 0037). A tab hidden
 * now or before its next frame has no frames: then it runs at once, or after `latestMs` at most.
 */
export function afterNextPaint(run: () => void, latestMs = 200): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    setTimeout(once, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, latestMs);
}
