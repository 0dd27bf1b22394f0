import { isValidElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, useRoutes } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { Layout } from './layout';
import { lazyPage, type LazyPage } from './lazy-page';
import { RedirectIfSignedIn, RequireAuth } from './require-auth';

const DataLayout = lazyPage(() => import('./data-layout'), 'DataLayout');
const ContactPage = lazyPage(() => import('../features/contact/contact-page'), 'ContactPage');
const NotFoundPage = lazyPage(() => import('./not-found-page'), 'NotFoundPage');
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const ProfileScreen = lazyPage(() => import('./profile-screen'), 'ProfileScreen');
const LogsPage = lazyPage(
  () => import('../features/logs/logs-page'),
  'LogsPage',
  () => import('../features/logs/logs.api').then((m) => m.logsPageRequests),
);
const NewLogPage = lazyPage(() => import('../features/logs/new-log-page'), 'NewLogPage');
const EditLogPage = lazyPage(() => import('../features/logs/edit-log-page'), 'EditLogPage');
const LogPage = lazyPage(
  () => import('../features/logs/log-page'),
  'LogPage',
  () => import('../features/logs/logs.api').then((m) => m.logPageRequests),
);
const NewExercisePage = lazyPage(() => import('../features/exercises/new-exercise-page'), 'NewExercisePage');
const EditExercisePage = lazyPage(
  () => import('../features/exercises/edit-exercise-page'),
  'EditExercisePage',
);
const ExercisePage = lazyPage(
  () => import('../features/exercises/exercise-page'),
  'ExercisePage',
  () => import('../features/exercises/exercises.api').then((m) => m.exercisePageRequests),
);
const NewWlSessionPage = lazyPage(() => import('../features/sessions/new-session-page'), 'NewWlSessionPage');
const NewPaSessionPage = lazyPage(() => import('../features/sessions/new-session-page'), 'NewPaSessionPage');
const WlSessionPage = lazyPage(() => import('../features/sessions/wl-session-page'), 'WlSessionPage');
const PaSessionPage = lazyPage(() => import('../features/sessions/pa-session-page'), 'PaSessionPage');
const EditWlSessionPage = lazyPage(
  () => import('../features/sessions/edit-session-page'),
  'EditWlSessionPage',
);
const EditPaSessionPage = lazyPage(
  () => import('../features/sessions/edit-session-page'),
  'EditPaSessionPage',
);

const exercise = 'logs/:slugLog/:slugExercise';

/** Every route of docs/product.md §2. Static segments outrank parameters, so `create-new-log` is never a slug. */
const routes = createRoutesFromElements(
  <Route element={<Layout />}>
    <Route element={<RedirectIfSignedIn />}>
      <Route index element={<HomePage />} />
    </Route>
    <Route element={<DataLayout />}>
      <Route element={<RedirectIfSignedIn />}>
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
      </Route>
      <Route path="contact" element={<ContactPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="reset-password/:token" element={<ResetPasswordPage />} />
      <Route element={<RequireAuth />}>
        <Route path="profile" element={<ProfileScreen />} />
        <Route path="logs" element={<LogsPage />} />
        <Route path="logs/create-new-log" element={<NewLogPage />} />
        <Route path="logs/edit/:id" element={<EditLogPage />} />
        <Route path="logs/:slugLog" element={<LogPage />} />
        <Route path="logs/:slugLog/create-new-exercise" element={<NewExercisePage />} />
        <Route path="logs/:slugLog/edit/:exerciseId" element={<EditExercisePage />} />
        <Route path={exercise} element={<ExercisePage />} />
        <Route path={`${exercise}/wl/create-new-session`} element={<NewWlSessionPage />} />
        <Route path={`${exercise}/wl/edit/:id`} element={<EditWlSessionPage />} />
        <Route path={`${exercise}/wl/:slugSession`} element={<WlSessionPage />} />
        <Route path={`${exercise}/pa/create-new-session`} element={<NewPaSessionPage />} />
        <Route path={`${exercise}/pa/edit/:id`} element={<EditPaSessionPage />} />
        <Route path={`${exercise}/pa/:slugSession`} element={<PaSessionPage />} />
      </Route>
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </Route>,
);

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts everything the screen at `location` needs at once: the chunk of each lazy route on its
 * branch (DataLayout and the page) and the page's first requests. Left to rendering, each would
 * start only once the one before it had loaded (decision 0011).
 */
export function preloadScreen({ pathname, search }: { pathname: string; search: string }): void {
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    const page = isValidElement(route.element) ? (route.element.type as Partial<LazyPage>) : undefined;
    page?.preload?.(params, new URLSearchParams(search));
  }
}
