import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { authStore } from '../auth-store';
import { isCurrentUser } from '../offline/device-user';

// A new-session form kept on the device while it is being filled in (docs/api.md §10): a reload,
// a killed tab or a dead phone battery gives it back. localStorage, as the rest of the app's
// device state: signing out clears it with everything else (lib/auth-store.ts). Each draft names
// its owner and is only written while they are signed in and only offered back to them
// (docs/api.md §12): a save that lands after a logout writes nothing.

const PREFIX = 'draft:';
const SAVE_AFTER_MS = 300;

interface StoredDraft<T> {
  savedAt: string;
  userId: string;
  values: T;
}

function read<T>(key: string, userId: string): StoredDraft<T> | null {
  try {
    const stored = JSON.parse(localStorage.getItem(PREFIX + key) ?? 'null') as StoredDraft<T> | null;
    const isValid = stored && typeof stored === 'object' && stored.values;
    return isValid && stored.userId === userId ? stored : null;
  } catch {
    return null;
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // storage unavailable: nothing was kept
  }
}

export interface FormDraft {
  /** When the restored draft was last saved; null when the form started empty. */
  restoredAt: Date | null;
  /** Forgets the draft and puts the form back to its defaults. */
  discard: () => void;
  /** Forgets the draft (after a save). */
  clear: () => void;
}

/** Keeps `form`'s values under `key` as they change; restores them when the form opens. No key, no draft. */
export function useFormDraft<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'watch' | 'reset' | 'getValues'>,
  key: string | undefined,
): FormDraft {
  const [restoredAt, setRestoredAt] = useState<Date | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { watch, reset, getValues } = form;

  useEffect(() => {
    const owner = authStore.get()?._id;
    if (!key || !owner) return;
    const draft = read<T>(key, owner);
    if (draft) {
      reset(draft.values, { keepDefaultValues: true });
      setRestoredAt(new Date(draft.savedAt));
    }
    const save = () => {
      timer.current = undefined;
      // Signed out (or another tab signed someone else in) since the form opened.
      if (!isCurrentUser(owner)) return;
      try {
        const stored: StoredDraft<T> = {
          savedAt: new Date().toISOString(),
          userId: owner,
          values: getValues(),
        };
        localStorage.setItem(PREFIX + key, JSON.stringify(stored));
      } catch {
        // storage full or unavailable: the form still works, only without a draft
      }
    };
    const subscription = watch(() => {
      clearTimeout(timer.current);
      timer.current = setTimeout(save, SAVE_AFTER_MS);
    });
    return () => {
      subscription.unsubscribe();
      // Leaving the screen with the last keystrokes not yet kept: keep them now.
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        save();
      }
    };
  }, [key, watch, reset, getValues]);

  const clear = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (key) remove(key);
    setRestoredAt(null);
  };
  return {
    restoredAt,
    clear,
    discard: () => {
      clear();
      reset();
    },
  };
}
