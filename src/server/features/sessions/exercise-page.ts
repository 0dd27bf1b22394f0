import type { Exercise } from '../../../contract/exercises';
import { paginate } from '../../../contract/pagination';
import type { ExercisePage, Pasession, Wlsession } from '../../../contract/sessions';

/**
 * The exercise page's answer (docs/api.md §7). Each aggregate item is the exercise with one session
 * under `wlsessions` or `pasessions`; only the aggregates of the exercise's own kind have items.
 */
export function exercisePageBody(
  parts: {
    exercise: Exercise;
    sessions: (Wlsession | Pasession)[];
    total: number;
    latest: Wlsession | Pasession | null;
  },
  page: number,
  limit: number,
): ExercisePage {
  const { exercise, sessions, total, latest } = parts;
  const { totalPages, ...counts } = paginate(total, page, limit);
  const latestList = latest ? [latest] : [];
  const weight = exercise.session === 'wlsession';
  const wl = (list: typeof sessions) =>
    weight ? list.map((s) => ({ ...exercise, wlsessions: s as Wlsession })) : [];
  const pa = (list: typeof sessions) =>
    weight ? [] : list.map((s) => ({ ...exercise, pasessions: s as Pasession }));
  return {
    exercise,
    exerciseAggregate: wl(sessions),
    exerciseAggregatePa: pa(sessions),
    latestWlsession: wl(latestList),
    latestPasession: pa(latestList),
    pagination: { totalWlPages: totalPages, totalPaPages: totalPages, ...counts },
  };
}
