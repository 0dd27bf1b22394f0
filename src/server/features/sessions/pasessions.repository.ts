import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, like, or, sql } from 'drizzle-orm';
import type { Exercise } from '../../../contract/exercises';
import { paceFigures, paceValue } from '../../../contract/metrics';
import type { PaPoint, Pasession, PasessionValues } from '../../../contract/sessions';
import type { Executor } from '../../db/client';
import { pasessions } from '../../db/schema';
import { toIso } from '../../lib/timestamps';
import { nextSessionSlug } from './session-slugs';

type Row = typeof pasessions.$inferSelect;

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

const scope = (exercise: Exercise) =>
  and(eq(pasessions.authorId, exercise.author), eq(pasessions.exerciseId, exercise._id));
const newestFirst = [desc(pasessions.createdDate), desc(pasessions.createdAt), desc(pasessions.id)];

/** Pace and speed are always the server's (API.md §5). */
export function derivePasession(input: PasessionValues) {
  return {
    createdDate: input.createdDate,
    ...input.time,
    distance: input.distance,
    ...paceFigures(input.time, input.distance),
  };
}

async function slugFor(db: Executor, exercise: Exercise, date: string): Promise<string> {
  const rows = await db
    .select({ slug: pasessions.slug })
    .from(pasessions)
    .where(and(scope(exercise), or(eq(pasessions.slug, date), like(pasessions.slug, `${date}-%`))));
  return nextSessionSlug(
    date,
    rows.map((r) => r.slug),
  );
}

export async function listPasessions(db: Executor, exercise: Exercise, limit: number, offset: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(pasessions)
      .where(scope(exercise))
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(pasessions).where(scope(exercise)),
  ]);
  return { sessions: rows.map(toPasession), total };
}

export async function latestPasession(db: Executor, exercise: Exercise): Promise<Pasession | null> {
  const rows = await db
    .select()
    .from(pasessions)
    .where(scope(exercise))
    .orderBy(...newestFirst)
    .limit(1);
  return rows[0] ? toPasession(rows[0]) : null;
}

export async function paProgress(db: Executor, exercise: Exercise): Promise<PaPoint[]> {
  const rows = await db
    .select({
      createdDate: pasessions.createdDate,
      paceMinutes: pasessions.paceMinutes,
      paceSeconds: pasessions.paceSeconds,
      speed: pasessions.speed,
    })
    .from(pasessions)
    .where(scope(exercise))
    .orderBy(asc(pasessions.createdDate), asc(pasessions.createdAt), asc(pasessions.id));
  return rows.map((r) => ({
    createdDate: r.createdDate,
    pace: paceValue(r.paceMinutes, r.paceSeconds),
    speed: r.speed,
  }));
}

export async function findPasessionBySlug(db: Executor, exercise: Exercise, slug: string) {
  const rows = await db
    .select()
    .from(pasessions)
    .where(and(scope(exercise), eq(pasessions.slug, slug)))
    .limit(1);
  return rows[0] ? toPasession(rows[0]) : null;
}

export async function findPasessionById(db: Executor, exercise: Exercise, id: string) {
  const rows = await db
    .select()
    .from(pasessions)
    .where(and(scope(exercise), eq(pasessions.id, id)))
    .limit(1);
  return rows[0] ? toPasession(rows[0]) : null;
}

export async function insertPasession(
  tx: Executor,
  exercise: Exercise,
  input: PasessionValues,
): Promise<Pasession> {
  const values = derivePasession(input);
  const rows = await tx
    .insert(pasessions)
    .values({
      id: randomUUID(),
      authorId: exercise.author,
      exerciseId: exercise._id,
      slug: await slugFor(tx, exercise, values.createdDate),
      ...values,
    })
    .returning();
  return toPasession(rows[0]);
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
      : await slugFor(tx, exercise, values.createdDate);
  const rows = await tx
    .update(pasessions)
    .set({ ...values, slug, updatedAt: sql`now()` })
    .where(and(scope(exercise), eq(pasessions.id, current._id)))
    .returning();
  return toPasession(rows[0]);
}

export async function deletePasession(db: Executor, exercise: Exercise, slug: string): Promise<boolean> {
  const rows = await db
    .delete(pasessions)
    .where(and(scope(exercise), eq(pasessions.slug, slug)))
    .returning({ id: pasessions.id });
  return rows.length > 0;
}
