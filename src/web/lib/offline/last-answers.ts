import { isCurrentUser } from './device-user';

/**
 * The last answer the device saw to each GET of the signed-in user, so a screen reached with no
 * connection shows it instead of an error (docs/api.md §12). Cache Storage, one cache per user
 * (its id in the name), written and read by the base query (lib/api.ts) rather than by the
 * service worker: only the page knows who is signed in. Every cache goes at sign-out.
 */
const PREFIX = 'workout-api:';
const hasCaches = () => typeof caches !== 'undefined';

export async function keepAnswer(userId: string, url: string, data: unknown): Promise<void> {
  if (!hasCaches() || !isCurrentUser(userId)) return;
  try {
    const cache = await caches.open(PREFIX + userId);
    // Signed out while the cache opened: a logout may already have deleted it, leave nothing.
    if (!isCurrentUser(userId)) {
      await caches.delete(PREFIX + userId);
      return;
    }
    const body = JSON.stringify(data ?? null);
    await cache.put(url, new Response(body, { headers: { 'content-type': 'application/json' } }));
  } catch {
    // Storage full or unavailable: the screens work online as before.
  }
}

/** The kept answer, or undefined when the device never saw one. */
export async function lastAnswer(userId: string, url: string): Promise<unknown> {
  if (!hasCaches() || !isCurrentUser(userId)) return undefined;
  try {
    const cache = await caches.open(PREFIX + userId);
    const response = await cache.match(url);
    return response ? ((await response.json()) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** At sign-out: every user's kept answers (the next person on the device reads none). */
export async function forgetAnswers(): Promise<void> {
  if (!hasCaches()) return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX)).map((n) => caches.delete(n)));
  } catch {
    // No Cache Storage: nothing was kept.
  }
}
