import { toast } from 'react-toastify/unstyled';
import { authStore } from '../lib/auth-store';
import { isStaleTab } from '../lib/offline/device-user';
import { forgetAllIdempotencyKeys } from '../lib/offline/idempotency';
import { forgetAnswers } from '../lib/offline/last-answers';
import { endSessionOnServer, LOGGED_OUT } from '../lib/offline/pending-logout';
import { readQueue, removeUserItems } from '../lib/offline/queue';
import { queuedCount } from '../lib/offline/queued-words';
import { discardUserDrafts, userDraftKeys } from '../lib/workout-draft/store';

/**
 * Logout (docs/product.md §4, docs/api.md §12). Sessions and workouts still waiting to sync, a
 * workout in progress and unsaved edits are this user's only copy: the user is warned and may stay. Then the screen signs out at once and every trace of
 * the user leaves the device (localStorage, their queued sessions in IndexedDB, their kept answers
 * in Cache Storage, the API cache and pending keys in memory), and the server is asked to end the
 * session: with no connection that request waits for it (lib/offline/pending-logout.ts), and only
 * the server's answer says `You are now logged out`. Loaded on demand from the header: a
 * signed-in user has already loaded the API layer, so most imports come from the module cache.
 * False when the user chose to stay.
 */
export async function logoutUser(): Promise<boolean> {
  // Another tab signed out or in meanwhile: this tab's user is gone already; the reload shows who
  // is signed in, and that user is not logged out by a click meant for another.
  if (isStaleTab()) {
    window.location.reload();
    return false;
  }
  const user = authStore.get();
  if (user) {
    const waiting = (await readQueue().catch(() => [])).filter((item) => item.userId === user._id);
    const drafts = await userDraftKeys(user._id).catch(() => ({ inProgress: false, edits: 0 }));
    const kept = [
      waiting.length > 0 && queuedCount(waiting),
      drafts.inProgress && 'a workout in progress',
      drafts.edits > 0 &&
        `unsaved changes to ${drafts.edits === 1 ? 'a workout' : `${drafts.edits} workouts`}`,
    ].filter((part) => part !== false);
    if (kept.length > 0) {
      const { confirmDiscard } = await import('./logout-warning');
      if (!(await confirmDiscard(kept))) return false;
    }
  }
  forgetAllIdempotencyKeys();
  // Memory and localStorage; app/store.ts empties the API cache when the user changes.
  authStore.signOut();
  const ended = endSessionOnServer();
  await forgetOnDevice(user);
  if (await ended) toast.success(LOGGED_OUT);
  return true;
}

/**
 * After the account was deleted (docs/api.md §13): the server has ended every session already,
 * and the device forgets the user as after a logout, queued items included (their account is
 * gone, so they have nowhere to go).
 */
export async function forgetDeletedAccount(): Promise<void> {
  const user = authStore.get();
  forgetAllIdempotencyKeys();
  authStore.signOut();
  await forgetOnDevice(user);
}

/** The user's queued items and workouts kept in IndexedDB, and kept answers in Cache Storage. */
async function forgetOnDevice(user: { _id: string } | null): Promise<void> {
  await Promise.all([
    user ? removeUserItems(user._id).catch(() => {}) : null,
    user ? discardUserDrafts(user._id).catch(() => {}) : null,
    forgetAnswers(),
  ]);
}
