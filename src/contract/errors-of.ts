import type { z } from 'zod';

/**
 * A failed parse's `errors` as the server's error handler keys them (src/server/plugins/errors.ts):
 * the path joined with dots, the first message per field. Tests only.
 */
export function errorsOf(result: { success: boolean; error?: z.ZodError }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}
