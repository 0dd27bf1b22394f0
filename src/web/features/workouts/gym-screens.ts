// The gym screens (docs/api.md §11) as one lazy chunk: app/router.tsx names this one module for
// them all, which keeps what the first visit's entry script carries for them small.
export { EditRoutinePage, NewRoutinePage } from './routine-form';
export { RoutinesPage } from './routines-page';
export { WorkoutPage } from './workout-page';
export { EditWorkoutScreen, WorkoutInProgressScreen } from './workout-screen';
export { WorkoutsPage } from './workouts-page';
