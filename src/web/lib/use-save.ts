import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from './errors';

export interface SaveOptions<T> {
  /** The success toast, or a function of the answer (null: no toast, the answer speaks for itself). */
  done: string | ((answer: T) => string | null);
  /** Where to go once saved, or a function of the answer; without it the screen stays. */
  then?: string | ((answer: T) => string);
  /** Replace the current history entry (a screen that should not be gone back to). */
  replace?: boolean;
  /**
   * What a failure's Retry does (offered after no answer or a 5xx: lib/error-toast.ts); by default
   * the same save again, toast and navigation included.
   */
  retry?: () => void;
}

/**
 * The one way a screen saves: send (an RTK Query mutation, whose `invalidatesTags` refresh what it
 * changed), toast, navigate. On failure the server's message is toasted and the error rethrown, so
 * `useSchemaForm` puts its field messages under the inputs (lib/form/use-schema-form.ts). An error
 * toast stays until dismissed (docs/api.md §14), or until a save of the same screen succeeds: then
 * it is over. The toast library loads with the first answer: the sign-in screen shows without it
 * (decision 0029).
 */
export function useSave() {
  const navigate = useNavigate();
  const failed = useRef<string | number | null>(null);
  return useCallback(
    async function save<T>(send: () => Promise<T>, options: SaveOptions<T>): Promise<T> {
      const { done, then, replace, retry } = options;
      let answer: T;
      // Never in the way of the save itself: without the library (its chunk failed) no toast shows.
      const toasts = import('react-toastify/unstyled').then(
        ({ toast }) => toast,
        () => null,
      );
      const errors = import('./error-toast').catch(() => null);
      try {
        answer = await send();
      } catch (error) {
        const shown = await errors;
        const again = retry ?? (() => void save(send, options).catch(() => undefined));
        failed.current =
          shown?.toastError(errorMessage(error), { retry: shown.canRetry(error) ? again : undefined }) ??
          null;
        throw error;
      }
      const toast = await toasts;
      if (failed.current !== null) toast?.dismiss(failed.current);
      failed.current = null;
      const message = typeof done === 'function' ? done(answer) : done;
      if (message) toast?.success(message);
      if (then !== undefined) navigate(typeof then === 'function' ? then(answer) : then, { replace });
      return answer;
    },
    [navigate],
  );
}
