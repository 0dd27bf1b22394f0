import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/spinner';
import { useUserInfo } from '../lib/auth-store';
import { Footer } from './footer';
import { Header } from './header';

// Default exports for React.lazy: the entry then carries no wrapper per lazy component.
const Toasts = lazy(() => import('./toasts'));

/** `isLoading`: the router's first render, while the matched routes' code and data load. */
export function Layout({ isLoading = false }: { isLoading?: boolean }) {
  useNewScreenFocus();
  const hasToasts = useToastsWanted();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        {isLoading ? (
          <Spinner />
        ) : (
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <Footer />
      {hasToasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </div>
  );
}

/**
 * A new screen starts at its top, and keyboard and screen-reader users start there too (instead of
 * on a link that no longer exists). Only the path counts: a new page of a list keeps its place.
 */
function useNewScreenFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * The home page never toasts, so a signed-out first visit does not download the toast library.
 * Any other screen, or a signed-in user (whose logout toasts on the home page), mounts the toast
 * area, and it then stays: once the screen is shown and the browser is idle, as nothing is in it
 * yet. A toast raised before it mounts is queued and shown once it does.
 */
function useToastsWanted(): boolean {
  const { pathname } = useLocation();
  const userInfo = useUserInfo();
  const [isWanted, setIsWanted] = useState(false);
  const isNeeded = pathname !== '/' || userInfo !== null;
  useEffect(() => {
    if (isWanted || !isNeeded) return;
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIsWanted(true));
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setIsWanted(true), { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, [isWanted, isNeeded]);
  return isWanted;
}
