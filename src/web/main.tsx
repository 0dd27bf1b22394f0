import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/forms.css';
import { routes } from './app/router';

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
    const app = <RouterProvider router={router} />;
    // StrictMode's checks run in development only; in production it renders nothing of its own.
    createRoot(document.getElementById('root')!).render(
      import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app,
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
