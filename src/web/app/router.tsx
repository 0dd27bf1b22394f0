import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { HomePage } from '../features/home/home-page';
import type { ScreenRequests } from '../lib/api';
import { authStore } from '../lib/auth-store';
import { loadConfig } from '../lib/config';
import { Layout } from './layout';
import { RedirectIfSignedIn } from './redirect-if-signed-in';

/** A route's code as its own chunk, loaded by the data router's `lazy` (decision 0013). */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * A screen's first requests as the route's `loader`: every route whose screen fetches data has one.
 * It is declared beside `lazy`, not inside it, so the router runs the two at once: code and data
 * are requested together (decision 0011). Each request is the screen's own RTK Query `initiate`, so
 * the screen's hook finds it answered (or, when it failed, the error to show). The router shows a
 * screen once its loader is done, on a first visit as on a later navigation, so a screen renders
 * once, with its data; an answer already cached resolves at once.
 */
function screenData(requests: () => Promise<ScreenRequests>) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    // Without a user, RequireAuth sends a signed-in screen's visit to /login: nothing to ask.
    if (!authStore.get()) return null;
    const [{ getStore }, screenRequests] = await Promise.all([import('./store'), requests()]);
    const search = new URL(request.url).searchParams;
    // Failed answers are the screen's to show: it renders with them.
    await Promise.allSettled(screenRequests(params, search).map((r) => getStore().dispatch(r)));
    return null;
  };
}

const logsApi = () => import('../features/logs/logs.api');
const exercisesApi = () => import('../features/exercises/exercises.api');
const sessionRequests = (
  ...screen: Parameters<typeof import('../features/sessions/sessions.api').sessionScreenRequests>
) =>
  screenData(() =>
    import('../features/sessions/sessions.api').then((m) => m.sessionScreenRequests(...screen)),
  );
const profileData = screenData(() => import('../features/auth/auth.api').then((m) => m.profileRequests));
/** The deployment's settings before the screen shows (docs/api.md §13); a failure is the screen's to show. */
const configData = () =>
  loadConfig().then(
    () => null,
    () => null,
  );

const exercise = 'logs/:slugLog/:slugExercise';
const wlEditor = page(() => import('../features/sessions/wl-session-editor'), 'WlSessionEditor');
const paEditor = page(() => import('../features/sessions/pa-session-editor'), 'PaSessionEditor');
type GymScreens = typeof import('../features/workouts/gym-screens');
type GymRequests = Exclude<keyof typeof import('../lib/gym.api'), 'workoutsApi' | `use${string}`>;
/** A gym screen (docs/api.md §11) under a log: one chunk for them all, requests from lib/gym.api.ts. */
const gym = (path: string, name: keyof GymScreens, requests: GymRequests) => ({
  path: `logs/:slugLog/${path}`,
  lazy: page(() => import('../features/workouts/gym-screens'), name),
  loader: screenData(() => import('../lib/gym.api').then((m) => m[requests] as ScreenRequests)),
});

type TabScreen = 'WorkoutStartScreen' | 'HistoryScreen' | 'DayPage';
type TabRequests = Exclude<keyof typeof import('./tab-screens'), TabScreen>;
/** A screen the tabs add (docs/api.md §14): one chunk for them all (tab-screens.ts). */
const tab = (path: string, name: TabScreen, requests: TabRequests) => ({
  path,
  lazy: page(() => import('./tab-screens'), name),
  loader: screenData(() => import('./tab-screens').then((m) => m[requests])),
});

/** Every route of docs/product.md §2. Static segments outrank parameters, so `create-new-log` is never a slug. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // What the first render shows while the matched routes load: index.html's static first screen.
    HydrateFallback: LoadingLayout,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { index: true, element: <HomePage /> },
          {
            // Without the data layer: the sign-in screen loads it with its request (decision 0029).
            path: 'login',
            lazy: page(() => import('../features/auth/login-page'), 'LoginPage'),
            // The provider's button and REGISTRATION (docs/api.md §13).
            loader: configData,
          },
        ],
      },
      {
        lazy: page(() => import('./data-layout'), 'DataLayout'),
        // The layout's session check asks for the profile on every data screen (data-layout.tsx).
        loader: profileData,
        children: [
          {
            element: <RedirectIfSignedIn />,
            children: [
              {
                path: 'register',
                lazy: page(() => import('../features/auth/register-page'), 'RegisterPage'),
                loader: configData,
              },
            ],
          },
          {
            path: 'contact',
            lazy: page(() => import('../features/contact/contact-page'), 'ContactPage'),
            loader: configData,
          },
          {
            path: 'forgot-password',
            lazy: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
          },
          {
            path: 'reset-password/:token',
            lazy: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
          },
          {
            // Loaded with the data layout: the home page, in the entry, never needs it.
            lazy: page(() => import('./require-auth'), 'RequireAuth'),
            children: [
              {
                path: 'profile',
                // Its request is the data layout's own (profileData, above).
                lazy: page(() => import('./profile-screen'), 'ProfileScreen'),
              },
              tab('workout', 'WorkoutStartScreen', 'workoutStartRequests'),
              tab('history', 'HistoryScreen', 'historyScreenRequests'),
              tab('history/:date', 'DayPage', 'dayPageRequests'),
              {
                path: 'logs',
                lazy: page(() => import('../features/logs/logs-page'), 'LogsPage'),
                loader: screenData(() => logsApi().then((m) => m.logsPageRequests)),
              },
              {
                path: 'logs/create-new-log',
                lazy: page(() => import('../features/logs/new-log-page'), 'NewLogPage'),
              },
              {
                path: 'logs/edit/:id',
                lazy: page(() => import('../features/logs/edit-log-page'), 'EditLogPage'),
                loader: screenData(() => logsApi().then((m) => m.editLogRequests)),
              },
              {
                path: 'logs/:slugLog',
                lazy: page(() => import('../features/logs/log-page'), 'LogPage'),
                loader: screenData(() => logsApi().then((m) => m.logPageRequests)),
              },
              {
                path: 'logs/:slugLog/create-new-exercise',
                lazy: page(() => import('../features/exercises/new-exercise-page'), 'NewExercisePage'),
              },
              {
                path: 'logs/:slugLog/edit/:exerciseId',
                lazy: page(() => import('../features/exercises/edit-exercise-page'), 'EditExercisePage'),
                loader: screenData(() => exercisesApi().then((m) => m.editExerciseRequests)),
              },
              gym('workouts', 'WorkoutsPage', 'workoutsPageRequests'),
              gym('workouts/in-progress', 'WorkoutInProgressScreen', 'inProgressRequests'),
              gym('workouts/edit/:id', 'EditWorkoutScreen', 'workoutRequests'),
              gym('workouts/:id', 'WorkoutPage', 'workoutRequests'),
              gym('routines', 'RoutinesPage', 'routinesRequests'),
              gym('routines/create-new-routine', 'NewRoutinePage', 'logExercisesRequests'),
              gym('routines/edit/:id', 'EditRoutinePage', 'routineRequests'),
              {
                path: exercise,
                lazy: page(() => import('../features/exercises/exercise-page'), 'ExercisePage'),
                loader: screenData(() => exercisesApi().then((m) => m.exercisePageRequests)),
              },
              {
                path: `${exercise}/wl/create-new-session`,
                lazy: wlEditor,
                loader: sessionRequests('wlsession', 'new'),
              },
              {
                path: `${exercise}/wl/edit/:id`,
                lazy: wlEditor,
                loader: sessionRequests('wlsession', 'edit'),
              },
              {
                path: `${exercise}/wl/:slugSession`,
                lazy: page(() => import('../features/sessions/wl-session-page'), 'WlSessionPage'),
                loader: sessionRequests('wlsession', 'detail'),
              },
              {
                path: `${exercise}/pa/create-new-session`,
                lazy: paEditor,
                loader: sessionRequests('pasession', 'new'),
              },
              {
                path: `${exercise}/pa/edit/:id`,
                lazy: paEditor,
                loader: sessionRequests('pasession', 'edit'),
              },
              {
                path: `${exercise}/pa/:slugSession`,
                lazy: page(() => import('../features/sessions/pa-session-page'), 'PaSessionPage'),
                loader: sessionRequests('pasession', 'detail'),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./not-found-page'), 'NotFoundPage') },
    ],
  },
];

function LoadingLayout() {
  return <Layout isLoading />;
}
