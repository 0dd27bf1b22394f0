import { paths } from './paths';

const seg = encodeURIComponent;
const inProgress = (slugLog: string) => `${paths.log(slugLog)}/workouts/in-progress`;

/**
 * The gym screens under a log (docs/api.md §11). `workouts` and `routines` are reserved exercise
 * slugs, so these never hide an exercise created since; static segments outrank the exercise route.
 */
export const gymPaths = {
  workouts: (slugLog: string) => `${paths.log(slugLog)}/workouts`,
  inProgress,
  /** The workout screen making a new workout: empty, or from the routine of that id. */
  start: (slugLog: string, routineId = 'empty') => `${inProgress(slugLog)}?start=${seg(routineId)}`,
  workout: (slugLog: string, id: string) => `${paths.log(slugLog)}/workouts/${seg(id)}`,
  editWorkout: (slugLog: string, id: string) => `${paths.log(slugLog)}/workouts/edit/${seg(id)}`,
  routines: (slugLog: string) => `${paths.log(slugLog)}/routines`,
  newRoutine: (slugLog: string) => `${paths.log(slugLog)}/routines/create-new-routine`,
  editRoutine: (slugLog: string, id: string) => `${paths.log(slugLog)}/routines/edit/${seg(id)}`,
};
