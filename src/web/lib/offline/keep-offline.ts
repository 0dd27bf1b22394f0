import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { toast } from 'react-toastify/unstyled';
import { authStore } from '../auth-store';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotency';
import { queueSession } from './queue';

export const SAVED_OFFLINE = "Saved on this device — it will sync when you're back online";

/** What a create answers when the session went to the offline queue instead of the server. */
export interface QueuedReceipt {
  queued: true;
  key: string;
}

export function isQueuedReceipt(value: unknown): value is QueuedReceipt {
  return typeof value === 'object' && value !== null && (value as { queued?: unknown }).queued === true;
}

/** No answer because there is no connection: the browser says it is offline, or fetch itself failed. */
export function isOfflineFailure(error: FetchBaseQueryError): boolean {
  return error.status === 'FETCH_ERROR' || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

interface OfflineCreate {
  path: string;
  body: unknown;
  exerciseTitle: string;
  sessionDate: string;
}

/**
 * Keeps a create that found no connection in the offline queue, with the Idempotency-Key it was
 * just sent with (lib/offline/sync.ts sends it again when the connection returns). Null when the
 * device cannot store it (no IndexedDB, storage full): the form then reports the failure as before.
 */
export async function keepForLater(create: OfflineCreate): Promise<QueuedReceipt | null> {
  const userId = authStore.get()?._id;
  if (!userId) return null;
  const key = idempotencyKeyFor(create.path, create.body);
  try {
    await queueSession({ ...create, key, userId, createdAt: new Date().toISOString() });
  } catch {
    return null;
  }
  // The queue owns the key now; the same form sent again is a new session.
  forgetIdempotencyKey(create.path, create.body);
  toast.info(SAVED_OFFLINE, { toastId: `queued-${key}` });
  return { queued: true, key };
}
