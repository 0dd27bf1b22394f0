import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Shown when the server gave no message (network failure, a proxy's HTML page…). */
export const GENERIC_ERROR = 'Something went wrong. Check your connection and try again.';

/** The server's `message` when there is one (docs/product.md §8), else the generic text. */
export function errorMessage(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' && data.message !== '' ? data.message : GENERIC_ERROR;
}

/** Puts the server's per-field messages (`{"set.1.kilograms": "…"}`) under the matching inputs. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  if (typeof errors !== 'object' || errors === null) return;
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message === 'string') setError(field as Path<T>, { type: 'server', message });
  }
}
