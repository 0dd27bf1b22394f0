import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/forms.css';
import { AppRoutes, preloadScreen } from './app/router';

// In a task of its own: matching the address and starting a few imports takes several ms, and
// the task that runs this module is long enough already.
setTimeout(() => preloadScreen(window.location));

// index.html already shows the first screen (header and loading state). As a transition the
// first render yields to the browser every few milliseconds instead of blocking it in one long
// task, and that static screen stays up until React's replaces it.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
});
