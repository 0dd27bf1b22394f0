import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/hooks';
import { useConfig } from '../../lib/config';

export function HomePage() {
  const navigate = useNavigate();
  // A server that takes no sign-ups (REGISTRATION, docs/api.md §13) offers the login instead.
  const canRegister = (useConfig().config?.registration ?? 'open') === 'open';
  useDocumentTitle('Workout Tracker | Log your training, track your progress');

  return (
    <section className="home">
      <div className="hero">
        <p className="eyebrow">Workout Tracker</p>
        <h1>
          Log your training, <span className="accent">Track your progress</span>
        </h1>
        <p className="lead">
          Build your own logs, name your own exercises and record every session. Your charts do the rest.
        </p>
        {/* docs/product.md §1 calls it a button; it navigates, so it is a button that routes. */}
        <button
          type="button"
          className="btn btn-primary btn-lg"
          onClick={() => navigate(canRegister ? '/register' : '/login')}
        >
          {canRegister ? 'Register' : 'Login'}
        </button>
      </div>
      <ul className="feature-grid">
        <li className="card feature">
          <span className="feature-icon" aria-hidden="true" />
          <h2>Start Logging</h2>
          <p>Your training plan, a new goal: every log holds one.</p>
        </li>
        <li className="card feature">
          <span className="feature-icon" aria-hidden="true" />
          <h2>Name your exercises</h2>
          <p>No premade lists: free custom labels for lifts, runs and everything between.</p>
        </li>
        <li className="card feature">
          <span className="feature-icon" aria-hidden="true" />
          <h2>Track your progress</h2>
          <p>Add sessions, visualize progress with volume and pace charts.</p>
        </li>
      </ul>
    </section>
  );
}
