import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Exercise } from '../../../contract/exercises';
import { sessionVolumes, setVolume } from '../../../contract/metrics';
import type { Wlsession, WlsessionValues } from '../../../contract/sessions';
import type { Executor } from '../../db/client';
import { sessionColumns, wlsessions } from '../../db/schema';
import { toIso } from '../../lib/timestamps';
import { deleteSessionBySlug, freeSessionSlug, sessionScope } from './session-table';

type Row = Omit<typeof wlsessions.$inferSelect, 'apiJson'>;

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

const scope = (exercise: Exercise) => sessionScope(wlsessions, exercise);

/** Derived numbers are always the server's: volumes per set and per session (docs/api.md §5). */
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

export async function findWlsessionById(db: Executor, exercise: Exercise, id: string) {
  const rows = await db
    .select(sessionColumns(wlsessions))
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
      : await freeSessionSlug(tx, wlsessions, exercise, values.createdDate);
  const rows = await tx
    .update(wlsessions)
    .set({ ...values, slug, updatedAt: sql`now()` })
    .where(and(scope(exercise), eq(wlsessions.id, current._id)))
    .returning(sessionColumns(wlsessions));
  return toWlsession(rows[0]);
}

export function deleteWlsession(db: Executor, exercise: Exercise, slug: string): Promise<boolean> {
  return deleteSessionBySlug(db, wlsessions, exercise, slug);
}
