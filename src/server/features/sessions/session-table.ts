import { and, eq, like, or } from 'drizzle-orm';
import type { Exercise } from '../../../contract/exercises';
import type { Executor } from '../../db/client';
import { pasessions, wlsessions } from '../../db/schema';
import { nextSessionSlug } from './session-slugs';

/** Both session tables share these columns; what differs (sets, pace) stays in each repository. */
export type SessionTable = typeof wlsessions | typeof pasessions;

/** The exercise's own sessions, always under its author (docs/api.md §1). */
export function sessionScope(table: SessionTable, exercise: Exercise) {
  return and(eq(table.authorId, exercise.author), eq(table.exerciseId, exercise._id));
}

/** The first free dated slug in the exercise: run inside the writing transaction. */
export async function freeSessionSlug(
  db: Executor,
  table: SessionTable,
  exercise: Exercise,
  date: string,
): Promise<string> {
  const rows = await db
    .select({ slug: table.slug })
    .from(table as typeof wlsessions)
    .where(and(sessionScope(table, exercise), or(eq(table.slug, date), like(table.slug, `${date}-%`))));
  return nextSessionSlug(
    date,
    rows.map((r) => r.slug),
  );
}

export async function deleteSessionBySlug(
  db: Executor,
  table: SessionTable,
  exercise: Exercise,
  slug: string,
): Promise<boolean> {
  const rows = await db
    .delete(table as typeof wlsessions)
    .where(and(sessionScope(table, exercise), eq(table.slug, slug)))
    .returning({ id: table.id });
  return rows.length > 0;
}
