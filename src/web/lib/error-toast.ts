import { createElement } from 'react';
import { toast, type Id } from 'react-toastify/unstyled';
import { ErrorToast } from '../components/error-toast';

/**
 * Whether sending the same request again may succeed: it got no answer (the network, a timeout)
 * or a 5xx. A 4xx is the server's answer to what was sent (the form shows its messages): the same
 * again would get it again.
 */
export function canRetry(error: unknown): boolean {
  const { status, originalStatus } = (error ?? {}) as { status?: unknown; originalStatus?: unknown };
  const code = status === 'PARSING_ERROR' ? originalStatus : status;
  return code === 'FETCH_ERROR' || code === 'TIMEOUT_ERROR' || (typeof code === 'number' && code >= 500);
}

/**
 * The one way to toast an error (docs/api.md §14): it stays until dismissed, and with `retry` it
 * offers Retry, which closes it and calls `retry` (the caller sends the failed request again).
 */
export function toastError(
  message: string,
  { retry, toastId }: { retry?: () => void; toastId?: string } = {},
): Id {
  if (!retry) return toast.error(message, { autoClose: false, toastId });
  return toast.error(
    ({ closeToast }) =>
      createElement(ErrorToast, {
        message,
        onRetry: () => {
          closeToast();
          retry();
        },
      }),
    { autoClose: false, toastId },
  );
}
