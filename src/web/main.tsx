import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/forms.css';
import { AppRoutes } from './app/router';

// index.html already shows the first screen (header, loading state, footer). As a transition the
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
