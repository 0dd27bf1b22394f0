import type { ExportExercise, ExportLog, ExportPasession, ExportWlsession } from '../../../contract/data';
import type { Db } from '../../db/client';
import { toIso } from '../../lib/timestamps';
import { toSession } from '../sessions/session-record';
import { pageSessionsOldestFirst } from '../sessions/sessions.repository';
import { exercisesOfLog, pageLogs } from './data.repository';

/**
 * A timestamp as ISO 8601 UTC with all the microseconds PostgreSQL keeps (toIso stops at
 * milliseconds): records created within one millisecond keep their order through a round trip.
 */
function preciseIso(timestamp: string): string {
  const iso = toIso(timestamp);
  const fraction = /\.(\d{4,6})/.exec(timestamp)?.[1];
  return fraction ? `${iso.slice(0, 20)}${fraction.padEnd(6, '0')}Z` : iso;
}

const LOG_PAGE = 100;
const SESSION_PAGE = 500;

export type LogHead = Omit<ExportLog, 'exercises'>;
export type ExerciseHead = Omit<ExportExercise, 'sessions'>;
export type AccountEvent =
  | { type: 'log'; log: LogHead }
  | { type: 'exercise'; exercise: ExerciseHead }
  | { type: 'session'; session: ExportWlsession | ExportPasession }
  | { type: 'end-exercise' }
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
          createdAt: preciseIso(log.createdAt),
          updatedAt: preciseIso(log.updatedAt),
          activeAt: preciseIso(log.activeAt),
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
            createdAt: preciseIso(exercise.createdAt),
            updatedAt: preciseIso(exercise.updatedAt),
            activeAt: preciseIso(exercise.activeAt),
          },
        };
        for (let from = 0; ; from += SESSION_PAGE) {
          const page = await pageSessionsOldestFirst(db, {
            authorId,
            exerciseId: exercise.id,
            limit: SESSION_PAGE,
            offset: from,
          });
          for (const row of page) {
            // The API's record with every stored digit of its timestamps, without the ids the
            // file's nesting already gives (its author and exercise).
            const { author: _author, exercise: _exercise, ...session } = toSession(row, preciseIso);
            yield { type: 'session', session };
          }
          if (page.length < SESSION_PAGE) break;
        }
        yield { type: 'end-exercise' };
      }
      yield { type: 'end-log' };
    }
    if (logs.length < LOG_PAGE) break;
  }
}
