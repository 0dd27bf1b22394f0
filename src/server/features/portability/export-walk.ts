import type { ExportExercise, ExportLog, ExportPasession, ExportWlsession } from '../../../contract/data';
import type { Executor } from '../../db/client';
import { toIso } from '../../lib/timestamps';
import {
  exercisesOfLog,
  pageLogs,
  pagePasessions,
  pageWlsessions,
  type PasessionRow,
  type WlsessionRow,
} from './data.repository';

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
export async function* walkAccount(db: Executor, authorId: string): AsyncGenerator<AccountEvent> {
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
          const page =
            exercise.kind === 'wlsession'
              ? (await pageWlsessions(db, authorId, exercise.id, SESSION_PAGE, from)).map(toWlsession)
              : (await pagePasessions(db, authorId, exercise.id, SESSION_PAGE, from)).map(toPasession);
          for (const session of page) yield { type: 'session', session };
          if (page.length < SESSION_PAGE) break;
        }
        yield { type: 'end-exercise' };
      }
      yield { type: 'end-log' };
    }
    if (logs.length < LOG_PAGE) break;
  }
}

function toWlsession(row: WlsessionRow): ExportWlsession {
  return {
    _id: row.id,
    slugSession: row.slug,
    createdDate: row.createdDate,
    createdAt: preciseIso(row.createdAt),
    updatedAt: preciseIso(row.updatedAt),
    totalVolume: row.totalVolume,
    workingVolume: row.workingVolume,
    junkVolume: row.junkVolume,
    set: row.sets.map((s) => ({
      _id: s._id,
      repetitions: s.repetitions,
      kilograms: s.kilograms,
      isHard: s.isHard,
      volume: s.volume,
    })),
  };
}

function toPasession(row: PasessionRow): ExportPasession {
  return {
    _id: row.id,
    slugSession: row.slug,
    createdDate: row.createdDate,
    createdAt: preciseIso(row.createdAt),
    updatedAt: preciseIso(row.updatedAt),
    time: { hours: row.hours, minutes: row.minutes, seconds: row.seconds },
    distance: row.distance,
    paceMinutes: row.paceMinutes,
    paceSeconds: row.paceSeconds,
    speed: row.speed,
  };
}
