import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { HomePage } from '../features/home/home-page';
import type { ScreenRequests } from '../lib/api';
import { authStore } from '../lib/auth-store';
import { Layout } from './layout';
import { RedirectIfSignedIn, RequireAuth } from './require-auth';

/** A route's code as its own chunk, loaded by the data router's `lazy` (decision 0013). */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * A screen's first requests as the route's `loader`. It is declared beside `lazy`, not inside it,
 * so the router runs the two at once: code and data are requested together (decision 0011). Each
 * request is the screen's own RTK Query `initiate`, so the screen's hook finds it in flight or
 * answered. On the first visit the loader waits for the answers, so the screen's first render has
 * its data; on a later navigation it does not, and the screen shows its own loading state as before.
 */
function screenData(requests: () => Promise<ScreenRequests>) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    // Only signed-in screens have requests; without a user, RequireAuth sends the visit to /login.
    if (!authStore.get()) return null;
    const isFirstScreen = !firstScreenShown;
    const answered = Promise.all([import('./store'), requests()]).then(([{ getStore }, screenRequests]) =>
      Promise.all(
        screenRequests(params, new URL(request.url).searchParams).map((r) => getStore().dispatch(r)),
      ),
    );
    // Failed answers are the screen's to show: it renders with them.
    if (isFirstScreen) await answered.catch(() => {});
    else answered.catch(() => {});
    return null;
  };
}

let firstScreenShown = false;
/** Called once the router has shown its first screen (main.tsx). */
export function markFirstScreenShown(): void {
  firstScreenShown = true;
}

const exercise = 'logs/:slugLog/:slugExercise';
const wlEditor = page(() => import('../features/sessions/wl-session-editor'), 'WlSessionEditor');
const paEditor = page(() => import('../features/sessions/pa-session-editor'), 'PaSessionEditor');

/** Every route of docs/product.md §2. Static segments outrank parameters, so `create-new-log` is never a slug. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // What the first render shows while the matched routes load: index.html's static first screen.
    HydrateFallback: LoadingLayout,
    children: [
      { element: <RedirectIfSignedIn />, children: [{ index: true, element: <HomePage /> }] },
      {
        lazy: page(() => import('./data-layout'), 'DataLayout'),
        children: [
          {
            element: <RedirectIfSignedIn />,
            children: [
              { path: 'login', lazy: page(() => import('../features/auth/login-page'), 'LoginPage') },
              {
                path: 'register',
                lazy: page(() => import('../features/auth/register-page'), 'RegisterPage'),
              },
            ],
          },
          { path: 'contact', lazy: page(() => import('../features/contact/contact-page'), 'ContactPage') },
          {
            path: 'forgot-password',
            lazy: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
          },
          {
            path: 'reset-password/:token',
            lazy: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
          },
          {
            element: <RequireAuth />,
            children: [
              { path: 'profile', lazy: page(() => import('./profile-screen'), 'ProfileScreen') },
              {
                path: 'logs',
                lazy: page(() => import('../features/logs/logs-page'), 'LogsPage'),
                loader: screenData(() => import('../features/logs/logs.api').then((m) => m.logsPageRequests)),
              },
              {
                path: 'logs/create-new-log',
                lazy: page(() => import('../features/logs/new-log-page'), 'NewLogPage'),
              },
              {
                path: 'logs/edit/:id',
                lazy: page(() => import('../features/logs/edit-log-page'), 'EditLogPage'),
              },
              {
                path: 'logs/:slugLog',
                lazy: page(() => import('../features/logs/log-page'), 'LogPage'),
                loader: screenData(() => import('../features/logs/logs.api').then((m) => m.logPageRequests)),
              },
              {
                path: 'logs/:slugLog/create-new-exercise',
                lazy: page(() => import('../features/exercises/new-exercise-page'), 'NewExercisePage'),
              },
              {
                path: 'logs/:slugLog/edit/:exerciseId',
                lazy: page(() => import('../features/exercises/edit-exercise-page'), 'EditExercisePage'),
              },
              {
                path: exercise,
                lazy: page(() => import('../features/exercises/exercise-page'), 'ExercisePage'),
                loader: screenData(() =>
                  import('../features/exercises/exercises.api').then((m) => m.exercisePageRequests),
                ),
              },
              { path: `${exercise}/wl/create-new-session`, lazy: wlEditor },
              { path: `${exercise}/wl/edit/:id`, lazy: wlEditor },
              {
                path: `${exercise}/wl/:slugSession`,
                lazy: page(() => import('../features/sessions/wl-session-page'), 'WlSessionPage'),
              },
              { path: `${exercise}/pa/create-new-session`, lazy: paEditor },
              { path: `${exercise}/pa/edit/:id`, lazy: paEditor },
              {
                path: `${exercise}/pa/:slugSession`,
                lazy: page(() => import('../features/sessions/pa-session-page'), 'PaSessionPage'),
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
