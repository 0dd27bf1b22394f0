import { type ComponentType, lazy, Suspense } from 'react';
import { Spinner } from '../../components/spinner';

// The gym screens (docs/api.md §11) as one lazy chunk: app/router.tsx names this one module for
// them all, which keeps what the first visit's entry script carries for them small. The chunk
// holds the read-only pages; the screens that edit (the workout screen, the routine form: most of
// the gym code) load as chunks of their own when they render, so a workout's page and the
// routines list do not load them (decision 0037).
export { RoutinesPage } from './routines-page';
export { WorkoutPage } from './workout-page';
export { WorkoutsPage } from './workouts-page';

function editor<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  const Screen = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return function EditorScreen() {
    return (
      <Suspense fallback={<Spinner />}>
        <Screen />
      </Suspense>
    );
  };
}

export const WorkoutInProgressScreen = editor(() => import('./workout-screen'), 'WorkoutInProgressScreen');
export const EditWorkoutScreen = editor(() => import('./workout-screen'), 'EditWorkoutScreen');
export const NewRoutinePage = editor(() => import('./routine-form'), 'NewRoutinePage');
export const EditRoutinePage = editor(() => import('./routine-form'), 'EditRoutinePage');
