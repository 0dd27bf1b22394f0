/** The primary key of `idempotency_keys` (migration 0007): a second request with a key already used. */
const IDEMPOTENCY_KEY = 'idempotency_keys_pkey';

/** The constraint a unique violation (23505) names; drivers wrap the database's error, so the chain of causes is searched. */
function violatedConstraint(error: unknown): string | null {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

/** A unique index refused the write: a taken slug or email. Not a reused Idempotency-Key (`isKeyTaken`). */
export function isUniqueViolation(error: unknown): boolean {
  const constraint = violatedConstraint(error);
  return constraint !== null && constraint !== IDEMPOTENCY_KEY;
}

/** The Idempotency-Key of this create already names a request (docs/api.md §10). */
export function isKeyTaken(error: unknown): boolean {
  return violatedConstraint(error) === IDEMPOTENCY_KEY;
}

/**
 * A write found fewer rows than its route planned (db/functions/as-planned.sql): another request
 * changed what the plan was read from. The route plans again from a fresh read.
 */
export function isStaleWrite(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === 'STALE') return true;
  }
  return false;
}
