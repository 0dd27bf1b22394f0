import { authStore, readStoredUserInfo, USER_INFO_KEY } from '../auth-store';

/**
 * One device, several people (docs/api.md §12). Every tab shares the cookie and localStorage, so
 * the stored `userInfo` is the device's truth: a tab whose memory says A while the stored copy
 * says B or nobody is stale, and must send nothing more as A. Loaded with the data layer (the
 * base query imports it), which every screen that sends anything loads.
 */

// Where localStorage cannot be written (a privacy mode) the stored copy says nothing: each tab
// then trusts its memory. Probed on the first check of a signed-in tab, not when the data layer
// loads: a first write to localStorage is slow on a fresh profile, and a signed-out screen never
// needs the answer.
let isStorageShared: boolean | undefined;
function storageShared(): boolean {
  isStorageShared ??= (() => {
    try {
      localStorage.setItem('storageProbe', '1');
      localStorage.removeItem('storageProbe');
      return true;
    } catch {
      return false;
    }
  })();
  return isStorageShared;
}

/**
 * True when this tab may act for `userId` now: it is who the tab shows and who the device has
 * signed in. Checked before each request, as another tab's `storage` event may not have arrived.
 */
export function isCurrentUser(userId: string): boolean {
  if (authStore.get()?._id !== userId) return false;
  return !storageShared() || readStoredUserInfo()?._id === userId;
}

/** This tab shows a user the device no longer has signed in. */
export function isStaleTab(): boolean {
  const user = authStore.get();
  return user !== null && !isCurrentUser(user._id);
}

/**
 * Another tab signed in or out: a tab still showing the previous user reloads, so nothing it holds
 * in memory (forms, the API cache, queued sends) goes out with the new cookie; a signed-out tab
 * simply shows the newcomer.
 */
function followOtherTabs(event: StorageEvent): void {
  if (event.key !== null && event.key !== USER_INFO_KEY) return;
  const stored = readStoredUserInfo();
  const shown = authStore.get();
  if (stored?._id === shown?._id) return;
  if (shown) window.location.reload();
  else if (stored) authStore.signIn(stored);
}

if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTabs);
