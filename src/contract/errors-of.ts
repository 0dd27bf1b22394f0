import type { z } from 'zod';

/**
 * A failed parse's `errors` as the server's error handler keys a body's (src/server/plugins/errors.ts):
 * the path joined with dots, the first message per field. `prefix` places a part of the body
 * checked on its own (a workout's entry: `['entries', 2]`).
 */
export function errorsOf(
  result: { success: boolean; error?: z.ZodError },
  prefix: readonly (string | number)[] = [],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? [])
    errors[[...prefix, ...issue.path].join('.')] ??= issue.message;
  return errors;
}
