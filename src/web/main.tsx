import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/forms.css';
import { routes } from './app/router';

// zod 4 builds a faster parser for each object schema with `new Function`, after probing whether
// eval is allowed; our Content-Security-Policy forbids it, so the probe would be reported as a
// violation on every form screen. zod reads its settings from this global
// when a schema is built: set here, before any form screen's chunk loads zod, without loading it.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// Creating the router starts, at once, the code of every lazy route on the address's branch and
// the screen's first requests (its loader): decision 0011's first-visit gain, now by the router.
const router = createBrowserRouter(routes);

// index.html already shows the first screen (header and loading state), and it stays up until
// React's replaces it. React renders once the router has loaded the screen: RouterProvider reads
// the router's state as it renders and subscribes only when it commits, so a screen that loaded
// in between (the first render is a transition, it yields) would never be shown. As a transition
// the first render yields to the browser every few milliseconds instead of blocking it in one
// long task.
function renderApp() {
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

if (router.state.initialized) renderApp();
else {
  const stopWatching = router.subscribe((state) => {
    if (!state.initialized) return;
    stopWatching();
    renderApp();
  });
}
