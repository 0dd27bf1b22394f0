import { useEffect } from 'react';
import { ThemeMenu } from './theme-menu';

/**
 * What the open header menu adds (app/header.tsx), loaded on its first opening so none of it is in
 * the first visit's entry script (decision 0029; it rides in the data chunk, as the theme menu
 * did): the theme choice; Escape (which the header handles: it closes the menu) returns focus to
 * its button; focus moving out of it (Tab past its last item) closes it.
 */
export function OpenMenu() {
  useEffect(() => {
    // The header's own elements, found here so that the header (in the entry) passes nothing.
    const wrap = document.querySelector<HTMLElement>('.site-header .header-inner');
    const button = wrap?.querySelector<HTMLElement>('.menu-button');
    if (!wrap || !button) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') button.focus();
    };
    // The button toggles the menu: a click on it closes the open menu.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !wrap.contains(next)) button.click();
    };
    // Captured, so it runs before the header's own listener closes the menu and unmounts this.
    document.addEventListener('keydown', onKey, true);
    wrap.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      wrap.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return <ThemeMenu />;
}
