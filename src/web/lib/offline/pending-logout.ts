import { LOGOUT_PENDING_KEY } from '../auth-store';
import './pending-logout.css';

/**
 * A logout that found no connection (or whose request failed) signs the screen out at once and
 * leaves a flag in localStorage; the session cookie is still valid on the server until this
 * module's POST /api/users/logout reaches it. That request goes first: the base query (lib/api.ts)
 * waits for it before any other, and it is retried when the connection may be back (docs/api.md
 * §12). Until then a notice says so; only the server's answer earns `You are now logged out`.
 */
export const LOGGED_OUT = 'You are now logged out';
export const LOGOUT_WAITING =
  'Logged out on this device. Your session on the server ends as soon as the connection returns.';

// A short request: the connection is back or it is not; retried often, it is tiny.
const REQUEST_MS = 8_000;
const RETRY_MS = 5_000;

// Also in memory, for a browser without storage.
let isPendingHere = false;

export function isLogoutPending(): boolean {
  if (isPendingHere) return true;
  try {
    return localStorage.getItem(LOGOUT_PENDING_KEY) !== null;
  } catch {
    return false;
  }
}

/** Ends the session the browser's cookie holds. A 401 means it had already ended: done too. */
export async function endServerSession(): Promise<boolean> {
  try {
    const request = new Request('/api/users/logout', {
      method: 'POST',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_MS),
    });
    const response = await fetch(request);
    return response.ok || response.status === 401;
  } catch {
    return false;
  }
}

let ending: Promise<boolean> | null = null;

/** True once no logout is waiting (ended now, by another tab, or none was). One request at a time. */
export function endPendingLogout(): Promise<boolean> {
  if (!isLogoutPending()) {
    // Ended by another tab of this app.
    if (timer !== undefined) confirmed();
    return Promise.resolve(true);
  }
  ending ??= endServerSession()
    .then((ended) => {
      if (ended) {
        isPendingHere = false;
        try {
          localStorage.removeItem(LOGOUT_PENDING_KEY);
        } catch {
          // storage gone: nothing left to flag
        }
        confirmed();
      }
      return ended;
    })
    .finally(() => {
      ending = null;
    });
  return ending;
}

/**
 * app/logout.ts, once the screen is signed out: the flag goes first, so no other request can
 * leave before the logout, then one try. True when the server ended the session; otherwise the
 * notice shows and the retries start.
 */
export async function endSessionOnServer(): Promise<boolean> {
  isPendingHere = true;
  try {
    localStorage.setItem(LOGOUT_PENDING_KEY, new Date().toISOString());
  } catch {
    // No storage: this tab still retries while it is open.
  }
  const ended = await endPendingLogout();
  if (!ended) watchPendingLogout(false);
  return ended;
}

let timer: ReturnType<typeof setInterval> | undefined;
const retry = () => void endPendingLogout();
const retryIfVisible = () => document.visibilityState === 'visible' && retry();

/** Shows the notice and retries until the server has ended the session (now too, unless just tried). */
export function watchPendingLogout(isTryingNow = true): void {
  showNotice(LOGOUT_WAITING);
  if (timer !== undefined) return;
  window.addEventListener('online', retry);
  window.addEventListener('focus', retry);
  document.addEventListener('visibilitychange', retryIfVisible);
  timer = setInterval(retry, RETRY_MS);
  if (isTryingNow) retry();
}

function confirmed(): void {
  clearInterval(timer);
  timer = undefined;
  window.removeEventListener('online', retry);
  window.removeEventListener('focus', retry);
  document.removeEventListener('visibilitychange', retryIfVisible);
  // Only a notice that said it was waiting turns into the confirmation (app/logout.ts toasts it).
  if (!notice) return;
  showNotice(LOGGED_OUT);
  const shown = notice;
  setTimeout(() => {
    if (notice === shown) {
      notice?.remove();
      notice = null;
    }
  }, 8_000);
}

let notice: HTMLElement | null = null;

/** Plain DOM, not React: it must show on any screen, the signed-out home page included. */
function showNotice(text: string): void {
  if (!notice) {
    notice = document.createElement('div');
    notice.className = 'pending-logout';
    notice.setAttribute('role', 'status');
    notice.append(document.createElement('p'));
    document.body.prepend(notice);
  }
  notice.firstElementChild!.textContent = text;
}
