import { useEffect } from 'react';
import { ThemeMenu } from './theme-menu';

/**
 * What the open header menu adds (app/header.tsx), loaded on its first opening so none of it is in
 * the first visit's entry script (decision 0029; it rides in the data chunk, as the theme menu
 * did): the theme choice, and how the open menu closes: a click (or tap) outside it, Escape (focus
 * back on its button), focus moving out of it (Tab past its last item). Each calls `close`, never
 * the button's toggle: a listener still in place after a navigation closed the menu (its cleanup
 * runs after the commit) would otherwise open it again.
 */
export default function OpenMenu({ close }: { close: () => void }) {
  useEffect(() => {
    // The header's own elements, found here so that the header (in the entry) passes only `close`.
    const wrap = document.querySelector<HTMLElement>('.site-header .header-inner');
    const button = wrap?.querySelector<HTMLElement>('.menu-button');
    const nav = wrap?.querySelector<HTMLElement>('.menu');
    if (!wrap || !button || !nav) return;
    // The menu is its button and its list: the header's title and tab links are outside it.
    const inMenu = (node: Node) => button.contains(node) || nav.contains(node);
    const onPointer = (event: PointerEvent) => {
      if (!inMenu(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      button.focus();
      close();
    };
    // The button itself toggles the menu: a click on it is not "outside".
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !inMenu(next)) close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    wrap.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      wrap.removeEventListener('focusout', onFocusOut);
    };
  }, [close]);
  return <ThemeMenu />;
}
