import { createElement } from 'react';
import { toast, type Id, type ToastContent } from 'react-toastify/unstyled';
import { ToastAction } from '../components/toast-action';

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

/** The error toast shown for each message, so the same failure again replaces it. */
const shown = new Map<string, Id>();

/**
 * The one way to toast an error (docs/api.md §14): it stays until dismissed, and with `retry` it
 * offers Retry, which closes it and calls `retry` (the caller sends the failed request again). The
 * same message again replaces its toast, so errors that stay do not pile up and Retry sends the
 * latest attempt, never an older one. A `toastId` (one toast for a kind of error) keeps the first.
 */
export function toastError(
  message: string,
  { retry, toastId }: { retry?: () => void; toastId?: string } = {},
): Id {
  const content: ToastContent = retry
    ? ({ closeToast }) =>
        createElement(ToastAction, {
          message,
          label: 'Retry',
          kind: 'error-toast',
          onAction: () => {
            closeToast();
            retry();
          },
        })
    : message;
  if (toastId !== undefined) return toast.error(content, { autoClose: false, toastId });
  const before = shown.get(message);
  if (before !== undefined) toast.dismiss(before);
  const id = toast.error(content, {
    autoClose: false,
    onClose: () => shown.get(message) === id && shown.delete(message),
  });
  shown.set(message, id);
  return id;
}
