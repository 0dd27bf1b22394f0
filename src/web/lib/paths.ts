import type { SessionKind } from '../../contract/exercises';

// Slugs may hold any script's letters; encoding keeps every path segment intact.
const seg = encodeURIComponent;

const kindSegment = (kind: SessionKind) => (kind === 'wlsession' ? 'wl' : 'pa');

export const paths = {
  home: '/',
  login: '/login',
  logs: '/logs',
  newLog: '/logs/create-new-log',
  editLog: (id: string) => `/logs/edit/${seg(id)}`,
  log: (slugLog: string) => `/logs/${seg(slugLog)}`,
  newExercise: (slugLog: string) => `/logs/${seg(slugLog)}/create-new-exercise`,
  editExercise: (slugLog: string, id: string) => `/logs/${seg(slugLog)}/edit/${seg(id)}`,
  exercise: (slugLog: string, slugExercise: string) => `/logs/${seg(slugLog)}/${seg(slugExercise)}`,
  newSession: (slugLog: string, slugExercise: string, kind: SessionKind) =>
    `${paths.exercise(slugLog, slugExercise)}/${kindSegment(kind)}/create-new-session`,
  session: (slugLog: string, slugExercise: string, kind: SessionKind, slugSession: string) =>
    `${paths.exercise(slugLog, slugExercise)}/${kindSegment(kind)}/${seg(slugSession)}`,
  editSession: (slugLog: string, slugExercise: string, kind: SessionKind, id: string) =>
    `${paths.exercise(slugLog, slugExercise)}/${kindSegment(kind)}/edit/${seg(id)}`,
};

/** API paths mirror the screens under /api/logs. */
export const apiPaths = {
  log: (slugLog: string) => `/logs/${seg(slugLog)}`,
  exercises: (slugLog: string) => `/logs/${seg(slugLog)}/exercises`,
  exercise: (slugLog: string, slugExercise: string) => `/logs/${seg(slugLog)}/exercises/${seg(slugExercise)}`,
  sessions: (slugLog: string, slugExercise: string, kind: SessionKind) =>
    `${apiPaths.exercise(slugLog, slugExercise)}/${kind}s`,
};
