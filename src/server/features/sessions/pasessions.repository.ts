import { and, eq, sql } from 'drizzle-orm';
import type { Exercise } from '../../../contract/exercises';
import { paceFigures } from '../../../contract/metrics';
import type { Pasession, PasessionValues } from '../../../contract/sessions';
import type { Executor } from '../../db/client';
import { pasessions, sessionColumns } from '../../db/schema';
import { toIso } from '../../lib/timestamps';
import { deleteSessionBySlug, freeSessionSlug, sessionScope } from './session-table';

type Row = Omit<typeof pasessions.$inferSelect, 'apiJson'>;

function toPasession(row: Row): Pasession {
  return {
    _id: row.id,
    author: row.authorId,
    exercise: row.exerciseId,
    slugSession: row.slug,
    createdDate: row.createdDate,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    paceMinutes: row.paceMinutes,
    paceSeconds: row.paceSeconds,
    speed: row.speed,
    distance: row.distance,
    time: { hours: row.hours, minutes: row.minutes, seconds: row.seconds },
  };
}

const scope = (exercise: Exercise) => sessionScope(pasessions, exercise);

/** Pace and speed are always the server's (docs/api.md §5). */
export function derivePasession(input: PasessionValues) {
  return {
    createdDate: input.createdDate,
    ...input.time,
    distance: input.distance,
    ...paceFigures(input.time, input.distance),
  };
}

export async function findPasessionById(db: Executor, exercise: Exercise, id: string) {
  const rows = await db
    .select(sessionColumns(pasessions))
    .from(pasessions)
    .where(and(scope(exercise), eq(pasessions.id, id)))
    .limit(1);
  return rows[0] ? toPasession(rows[0]) : null;
}

export async function updatePasession(
  tx: Executor,
  exercise: Exercise,
  current: Pasession,
  input: PasessionValues,
): Promise<Pasession> {
  const values = derivePasession(input);
  const slug =
    values.createdDate === current.createdDate
      ? current.slugSession
      : await freeSessionSlug(tx, pasessions, exercise, values.createdDate);
  const rows = await tx
    .update(pasessions)
    .set({ ...values, slug, updatedAt: sql`now()` })
    .where(and(scope(exercise), eq(pasessions.id, current._id)))
    .returning(sessionColumns(pasessions));
  return toPasession(rows[0]);
}

export function deletePasession(db: Executor, exercise: Exercise, slug: string): Promise<boolean> {
  return deleteSessionBySlug(db, pasessions, exercise, slug);
}
