import { lazy, type ComponentType } from 'react';
import type { Params } from 'react-router';
import type { ScreenRequests } from '../lib/api';
import { authStore } from '../lib/auth-store';

export interface LazyPage {
  /** Starts the screen's code and, for a signed-in user, its first requests (router.tsx). */
  preload(params: Params, search: URLSearchParams): void;
}

/**
 * Each screen is its own chunk, so the first visit only downloads the shell and the home page.
 * `requests` loads the screen's ScreenRequests. Preloaded (a first visit), the screen asks for its
 * data while its code is still on the way, and renders once both are there: its first render then
 * has the data, and runs inside React's interruptible work instead of as one long task when the
 * answer arrives.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  requests?: () => Promise<ScreenRequests>,
) {
  let answered: Promise<unknown> | undefined;
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), answered]);
    return { default: module[name] as ComponentType };
  });
  const preload: LazyPage['preload'] = (params, search) => {
    // A chunk that fails here fails again when the screen renders, and is reported there.
    load().catch(() => {});
    // Only signed-in screens have requests; without a user, RequireAuth sends the visit to /login.
    if (!requests || !authStore.get()) return;
    warmUpNumberFormat();
    // Failed answers are the screen's to show: it renders with them.
    answered = Promise.all([import('./store'), requests()])
      .then(([{ getStore }, screenRequests]) =>
        Promise.all(screenRequests(params, search).map((request) => getStore().dispatch(request))),
      )
      .catch(() => {});
  };
  return Object.assign(Page, { preload });
}

/**
 * The exercise and session screens format their figures with Intl.NumberFormat, whose first use
 * loads the locale's number data: about 13 ms on this machine (more on a phone), spent inside the
 * render that needed it. A signed-in first visit waits for its code and data with the main thread
 * idle: load it then, for this screen or the next. Later formatters take 0.1 ms.
 */
function warmUpNumberFormat(): void {
  const warmUp = () => new Intl.NumberFormat('en').format(0);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warmUp);
  else setTimeout(warmUp);
}
