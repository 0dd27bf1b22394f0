import { useSyncExternalStore } from 'react';
import type { UserInfo } from '../../contract/users';

export const USER_INFO_KEY = 'userInfo';
// Written after a logout whose request did not reach the server (lib/offline/pending-logout.ts).
export const LOGOUT_PENDING_KEY = 'logoutPending';

/**
 * Who is signed in, for the UI. The httpOnly cookie is the real session; this copy (mirrored in
 * localStorage as `userInfo`) only decides what to show. It is a tiny store rather than a Redux
 * slice so the first page (header, menu, home) does not have to download Redux.
 */
let userInfo: UserInfo | null = readStoredUserInfo();
/** A sign-out happened in this tab: its browser holds no session any more (app/require-auth.tsx). */
let signedOutHere = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const authStore = {
  get: (): UserInfo | null => userInfo,
  signedOutHere: (): boolean => signedOutHere,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** After login, register or a profile update (docs/product.md §4). */
  signIn(next: UserInfo): void {
    userInfo = next;
    try {
      localStorage.setItem(USER_INFO_KEY, JSON.stringify(next));
    } catch {
      // storage unavailable: the session still works for this tab
    }
    emit();
  },
  /** Logout, or any 401: docs/product.md §4 wipes all local storage. */
  signOut(): void {
    userInfo = null;
    signedOutHere = true;
    try {
      localStorage.clear();
    } catch {
      // nothing to clear
    }
    // Even when no one was signed in (a 401 after a logout): storage was wiped, and what belongs
    // to the device rather than a user (the theme, components/theme-menu.tsx) is written back.
    emit();
  },
};

export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

/** Anything odd in storage counts as signed out rather than being trusted. */
export function readStoredUserInfo(): UserInfo | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? 'null');
    if (isUserInfo(value)) return value;
  } catch {
    // unreadable storage (privacy mode, bad JSON): signed out
  }
  return null;
}

function isUserInfo(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v._id === 'string' && typeof v.isAdmin === 'boolean';
}

// A logout that has not reached the server yet goes first, before any other request, and the
// page says so until it has: on any screen, the signed-out home page included. Only this check
// is in the first visit's script.
try {
  if (localStorage.getItem(LOGOUT_PENDING_KEY)) {
    void import('./offline/pending-logout').then((m) => m.watchPendingLogout());
  }
} catch {
  // no storage, no flag
}
