// Quotas per account (docs/api.md §12, migration 0014): triggers count the rows of logs,
// exercises and sessions as they are written and refuse a write that passes a limit with the
// SQLSTATE 'QUOTA', its message the 409's words and its detail "<item> <max>".

/** What a limit counts: a user's logs, a log's exercises, an exercise's sessions, a user's sessions. */
export type QuotaItem =
  'user-logs' | 'log-exercises' | 'exercise-sessions' | 'user-sessions' | 'log-routines';

export interface QuotaPassed {
  item: QuotaItem;
  max: number;
  /** The 409's message, e.g. `This exercise already has 20000 sessions, the most it can hold`. */
  message: string;
}

/** The limit a refused write would have passed, or null; drivers wrap the database's error, so the causes are searched. */
export function quotaPassed(error: unknown): QuotaPassed | null {
  for (
    let e = error as { code?: string; message?: string; detail?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === 'QUOTA') {
      const [item, max] = (e.detail ?? '').split(' ');
      return { item: item as QuotaItem, max: Number(max), message: e.message ?? '' };
    }
  }
  return null;
}

const WHAT: Record<QuotaItem, (max: number) => string> = {
  'user-logs': (max) => `an account can hold at most ${max} logs`,
  'log-exercises': (max) => `a log can hold at most ${max} exercises`,
  'exercise-sessions': (max) => `an exercise can hold at most ${max} sessions`,
  'user-sessions': (max) => `an account can hold at most ${max} sessions`,
  'log-routines': (max) => `a log can hold at most ${max} routines`,
};

/** The 413 of an import that would pass a limit: which one, and that nothing was imported. */
export function importPastQuota(item: QuotaItem, max: number): string {
  return `Importing this file would pass a limit: ${WHAT[item](max)}. Nothing was imported.`;
}
