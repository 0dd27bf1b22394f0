/**
 * Moves focus once the screen has drawn a change that removes or disables the focused control
 * (a set's or an exercise's Remove, Add once its choice is spent): without it focus falls to the
 * page's body, and a keyboard user starts again from the top (docs/api.md §14 "By keyboard alone").
 * `find` runs after the change is drawn; nothing happens when it finds nothing.
 */
export function focusAfterChange(find: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => find()?.focus());
}

/** The first field or button of an exercise's card on the workout screen. */
export const firstControlOf = (card: Element | null | undefined) =>
  card?.querySelector<HTMLElement>('input, select, textarea, button:not(:disabled)');
