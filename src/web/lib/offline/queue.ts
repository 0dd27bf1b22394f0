import { createStore, del, delMany, set, values } from 'idb-keyval';

/**
 * A new session saved while offline (docs/api.md §10), kept in IndexedDB until the server has it.
 * `key` is the Idempotency-Key it was first sent with, and stays its key on every retry.
 */
export interface QueuedSession {
  key: string;
  /** Only this user's browser session may send it or see it. */
  userId: string;
  /** The API path under /api, and the JSON body, exactly as the form sent them. */
  path: string;
  body: unknown;
  /** When it was saved on the device (ISO): the queue is sent in this order. */
  createdAt: string;
  /** For the screen: which exercise and which day. */
  exerciseTitle: string;
  sessionDate: string;
  /** The server's message once it refused the session (a 4xx): kept until the user dismisses it. */
  failure?: string;
}

// One small database of its own, so nothing else's storage or versioning can touch it.
const store = () => (database ??= createStore('workout-offline', 'sessions'));
let database: ReturnType<typeof createStore> | undefined;

let snapshot: readonly QueuedSession[] = [];
const listeners = new Set<() => void>();
// Another tab of the app may queue or send a session: it says so here and this tab reads again.
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('workout-offline') : null;
channel?.addEventListener('message', () => void readQueue());

function publish(items: QueuedSession[]): readonly QueuedSession[] {
  snapshot = items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const listener of listeners) listener();
  return snapshot;
}

/** Reads the queue from IndexedDB, oldest first, and tells the screen. */
export async function readQueue(): Promise<readonly QueuedSession[]> {
  return publish(await values<QueuedSession>(store()));
}

async function changed(): Promise<void> {
  await readQueue();
  channel?.postMessage('changed');
}

export async function queueSession(item: QueuedSession): Promise<void> {
  await set(item.key, item, store());
  await changed();
}

/** Sent (2xx), or dismissed by the user after the server refused it. */
export async function removeQueued(key: string): Promise<void> {
  await del(key, store());
  await changed();
}

/**
 * A logout that chose to discard them (app/logout.ts): this user's items leave the device. Other
 * users' items stay, waiting for their owners.
 */
export async function removeUserItems(userId: string): Promise<void> {
  const items = await readQueue();
  await delMany(
    items.filter((item) => item.userId === userId).map((item) => item.key),
    store(),
  );
  await changed();
}

export async function markQueuedFailed(item: QueuedSession, failure: string): Promise<void> {
  await set(item.key, { ...item, failure }, store());
  await changed();
}

/** The last queue read, for useSyncExternalStore. */
export const queueSnapshot = (): readonly QueuedSession[] => snapshot;

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
