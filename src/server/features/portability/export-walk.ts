import type {
  ExportExercise,
  ExportLog,
  ExportPasession,
  ExportRoutine,
  ExportWlsession,
  ExportWorkout,
} from '../../../contract/data';
import type { Db } from '../../db/client';
import { pageSessionsOldestFirst, type SessionsAfter } from '../sessions/sessions.repository';
import { exercisesOfLog, pageLogs, pageWorkoutsOfLog, routinesOfLogForExport } from './data.repository';

const LOG_PAGE = 100;
const SESSION_PAGE = 500;

export type LogHead = Omit<ExportLog, 'exercises' | 'workouts' | 'routines'>;
export type ExerciseHead = Omit<ExportExercise, 'sessions'>;
export type AccountEvent =
  | { type: 'log'; log: LogHead }
  | { type: 'exercise'; exercise: ExerciseHead }
  | {
      type: 'session';
      session: ExportWlsession | ExportPasession;
      /** Its workout (docs/api.md §11): its id and title, for the CSV's columns. */
      workout: { id: string; title: string } | null;
    }
  | { type: 'end-exercise' }
  // After a log's exercises: its workouts, then its routines (docs/api.md §11).
  | { type: 'end-exercises' }
  | { type: 'workout'; workout: ExportWorkout }
  | { type: 'end-workouts' }
  | { type: 'routine'; routine: ExportRoutine }
  | { type: 'end-log' };

/**
 * Everything one author owns, in order (logs and exercises oldest first, each exercise's sessions
 * by date), read a page at a time as the consumer asks for more: a long history never sits in
 * memory, and a slow download holds no database connection between pages.
 */
export async function* walkAccount(db: Db, authorId: string): AsyncGenerator<AccountEvent> {
  for (let offset = 0; ; offset += LOG_PAGE) {
    const logs = await pageLogs(db, authorId, LOG_PAGE, offset);
    for (const log of logs) {
      yield {
        type: 'log',
        log: {
          _id: log.id,
          title: log.title,
          slugLog: log.slug,
          createdAt: log.createdAt,
          updatedAt: log.updatedAt,
          activeAt: log.activeAt,
        },
      };
      for (const exercise of await exercisesOfLog(db, authorId, log.id)) {
        yield {
          type: 'exercise',
          exercise: {
            _id: exercise.id,
            title: exercise.title,
            slugExercise: exercise.slug,
            session: exercise.kind,
            createdAt: exercise.createdAt,
            updatedAt: exercise.updatedAt,
            activeAt: exercise.activeAt,
          },
        };
        for (let after: SessionsAfter | null = null; ;) {
          const page = await pageSessionsOldestFirst(db, {
            authorId,
            exerciseId: exercise.id,
            limit: SESSION_PAGE,
            after,
          });
          for (const { session, workout } of page) yield { type: 'session', session, workout };
          if (page.length < SESSION_PAGE) break;
          const last = page[page.length - 1].session;
          after = { date: last.createdDate, at: last.createdAt, id: last._id };
        }
        yield { type: 'end-exercise' };
      }
      yield { type: 'end-exercises' };
      for (let after: SessionsAfter | null = null; ;) {
        const page = await pageWorkoutsOfLog(db, { authorId, logId: log.id, limit: SESSION_PAGE, after });
        for (const workout of page) yield { type: 'workout', workout };
        if (page.length < SESSION_PAGE) break;
        const last = page[page.length - 1];
        after = { date: last.createdDate, at: last.createdAt, id: last._id };
      }
      yield { type: 'end-workouts' };
      for (const routine of await routinesOfLogForExport(db, authorId, log.id))
        yield { type: 'routine', routine };
      yield { type: 'end-log' };
    }
    if (logs.length < LOG_PAGE) break;
  }
}
