import { useEffect, useState } from 'react';
import { toast, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/**
 * The toast area (docs/product.md §2): coloured theme, closing after 4000 ms. Top right below the
 * header from 768 px; at the bottom on a phone, above the tab bar (docs/api.md §14: never over the
 * header or Back). An error stays until it is dismissed, and closing one returns focus to where
 * it was.
 */
export function Toasts() {
  const isWide = useIsWide();
  useErrorsStay();
  useFocusReturn();
  return (
    <ToastContainer position={isWide ? 'top-right' : 'bottom-center'} theme="colored" autoClose={4000} />
  );
}

function useErrorsStay() {
  useEffect(
    () =>
      toast.onChange((item) => {
        if (item.status === 'added' && item.type === 'error') toast.update(item.id, { autoClose: false });
      }),
    [],
  );
}

function useFocusReturn() {
  useEffect(() => {
    let last: HTMLElement | null = null;
    const inToasts = (node: EventTarget | null) =>
      node instanceof Element && node.closest('.Toastify') !== null;
    const onFocus = (event: FocusEvent) => {
      if (!inToasts(event.target) && event.target instanceof HTMLElement) last = event.target;
    };
    document.addEventListener('focusin', onFocus);
    const stop = toast.onChange((item) => {
      if (item.status !== 'removed') return;
      // Focus left with the toast (its close button was used): back to the control before it.
      const active = document.activeElement;
      if ((active === null || active === document.body) && last?.isConnected) last.focus();
    });
    return () => {
      document.removeEventListener('focusin', onFocus);
      stop();
    };
  }, []);
}

/** From 768 px, as styles/layout.css draws the header's tabs; followed as the window changes. */
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
