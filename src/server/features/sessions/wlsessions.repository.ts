import { randomUUID } from 'node:crypto';
import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Exercise } from '../../../contract/exercises';
import { sessionVolumes, setVolume } from '../../../contract/metrics';
import type { Wlsession, WlsessionValues } from '../../../contract/sessions';
import type { Executor } from '../../db/client';
import { wlsessions } from '../../db/schema';
import { toIso } from '../../lib/timestamps';
import { nextSessionSlug } from './session-slugs';

type Row = typeof wlsessions.$inferSelect;

function toWlsession(row: Row): Wlsession {
  return {
    _id: row.id,
    author: row.authorId,
    exercise: row.exerciseId,
    slugSession: row.slug,
    createdDate: row.createdDate,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    totalVolume: row.totalVolume,
    junkVolume: row.junkVolume,
    workingVolume: row.workingVolume,
    set: row.sets,
  };
}

const scope = (exercise: Exercise) =>
  and(eq(wlsessions.authorId, exercise.author), eq(wlsessions.exerciseId, exercise._id));

/** Derived numbers are always the server's: volumes per set and per session (API.md §5). */
export function deriveWlsession(input: WlsessionValues) {
  const sets = input.set.map((s) => ({
    _id: randomUUID(),
    repetitions: s.repetitions,
    kilograms: s.kilograms,
    isHard: s.isHard,
    volume: setVolume(s),
  }));
  return { createdDate: input.createdDate, sets, ...sessionVolumes(sets) };
}

async function slugFor(db: Executor, exercise: Exercise, date: string): Promise<string> {
  const rows = await db
    .select({ slug: wlsessions.slug })
    .from(wlsessions)
    .where(and(scope(exercise), or(eq(wlsessions.slug, date), like(wlsessions.slug, `${date}-%`))));
  return nextSessionSlug(
    date,
    rows.map((r) => r.slug),
  );
}

export async function findWlsessionById(db: Executor, exercise: Exercise, id: string) {
  const rows = await db
    .select()
    .from(wlsessions)
    .where(and(scope(exercise), eq(wlsessions.id, id)))
    .limit(1);
  return rows[0] ? toWlsession(rows[0]) : null;
}

export async function updateWlsession(
  tx: Executor,
  exercise: Exercise,
  current: Wlsession,
  input: WlsessionValues,
): Promise<Wlsession> {
  const values = deriveWlsession(input);
  // Only a new date moves the session to a new slug; otherwise its address stays.
  const slug =
    values.createdDate === current.createdDate
      ? current.slugSession
      : await slugFor(tx, exercise, values.createdDate);
  const rows = await tx
    .update(wlsessions)
    .set({ ...values, slug, updatedAt: sql`now()` })
    .where(and(scope(exercise), eq(wlsessions.id, current._id)))
    .returning();
  return toWlsession(rows[0]);
}

export async function deleteWlsession(db: Executor, exercise: Exercise, slug: string): Promise<boolean> {
  const rows = await db
    .delete(wlsessions)
    .where(and(scope(exercise), eq(wlsessions.slug, slug)))
    .returning({ id: wlsessions.id });
  return rows.length > 0;
}
