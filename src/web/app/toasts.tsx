import { useEffect, useState } from 'react';
import { toast, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/**
 * The toast area (docs/product.md §2, docs/api.md §14): at the bottom on a phone, above the tab
 * bar (styles/layout.css); bottom right from 768 px, as never over the header or Back: top right it
 * covered the header's menu (an error stays), below the header a page's Edit and More. Coloured
 * theme, closing after 4000 ms (an error stays until dismissed: lib/error-toast.ts). Closing a
 * toast gives focus back to where it was. Its styles: styles/components.css.
 */
export default function Toasts() {
  const isWide = useIsWide();
  useFocusReturn();
  return (
    <ToastContainer position={isWide ? 'bottom-right' : 'bottom-center'} theme="colored" autoClose={4000} />
  );
}

/**
 * A toast's close or Retry button takes focus with it when the toast goes: focus goes back to the
 * last control outside the toasts (when it is still there), not to the top of the page.
 */
export function useFocusReturn() {
  useEffect(() => {
    let last: HTMLElement | null = null;
    const inToasts = (node: EventTarget | null) =>
      node instanceof Element && node.closest('.Toastify') !== null;
    const onFocus = (event: FocusEvent) => {
      if (!inToasts(event.target) && event.target instanceof HTMLElement) last = event.target;
    };
    document.addEventListener('focusin', onFocus);
    const stop = toast.onChange((item) => {
      if (item.status !== 'removed' || !last?.isConnected) return;
      // Told as the toast starts to leave: its element (id: the toast's id) still holds the focus.
      const active = document.activeElement;
      const leaving = document.getElementById(String(item.id));
      if (active === null || active === document.body || leaving?.contains(active)) last.focus();
    });
    return () => {
      document.removeEventListener('focusin', onFocus);
      stop();
    };
  }, []);
}

/** From 768 px, where styles/layout.css shows the header's tabs instead of the tab bar. */
function useIsWide(): boolean {
  const [list] = useState(() => window.matchMedia('(min-width: 768px)'));
  const [isWide, setIsWide] = useState(list.matches);
  useEffect(() => {
    const onChange = () => setIsWide(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [list]);
  return isWide;
}
