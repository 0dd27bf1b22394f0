import { useEffect, type RefObject } from 'react';
import { ThemeMenu } from './theme-menu';

/**
 * What the open header menu adds (app/header.tsx), loaded on its first opening so none of it is in the
 * first visit's entry script (decision 0029; it rides in the data chunk, as the theme menu did): the theme choice, and the ways the menu closes. A
 * click or tap outside it closes it; Escape closes it and returns focus to its button; focus moving
 * out of it (Tab past its last item) closes it.
 */
export function OpenMenu({
  wrapRef,
  onClose,
}: {
  wrapRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrap.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      wrap.querySelector<HTMLElement>('.menu-button')?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !wrap.contains(next)) onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    wrap.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      wrap.removeEventListener('focusout', onFocusOut);
    };
  }, [wrapRef, onClose]);
  return <ThemeMenu />;
}
