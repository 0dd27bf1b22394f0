/**
 * A unique index refused the write (23505): a taken slug or email. Drivers wrap the database's
 * error, so the chain of causes is searched.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
