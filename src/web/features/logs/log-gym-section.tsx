import { Link, useNavigate } from 'react-router';
import type { Log } from '../../../contract/logs';
import { ResumeWorkout } from '../../components/resume-workout';
import { useUserInfo } from '../../lib/auth-store';
import { useGetRoutinesQuery } from '../../lib/gym.api';
import { gymPaths } from '../../lib/gym-paths';
import { DISCARD_QUESTION_FOR_START } from '../../lib/workout-draft/messages';
import { discardDraft, draftSnapshot } from '../../lib/workout-draft/store';
import './log-gym-section.css';

/**
 * The log page's gym part (docs/api.md §11): the workout in progress on this device (Resume),
 * Start workout, the log's routines each with Start, and the links to its Workouts and Routines.
 * Starting opens the workout screen, which makes the new workout (`?start=`: `empty` or the
 * routine's id).
 */
export function LogGymSection({ log }: { log: Pick<Log, 'slugLog'> }) {
  const user = useUserInfo();
  const navigate = useNavigate();
  const { data } = useGetRoutinesQuery({ slugLog: log.slugLog });
  const routines = data?.routines ?? [];

  const start = async (routineId: string) => {
    const current = user ? draftSnapshot(user._id) : null;
    if (user && current) {
      // One workout at a time on a device: starting another replaces it, once confirmed; one
      // waiting to sync cannot be replaced.
      if (current.waitingKey || !window.confirm(DISCARD_QUESTION_FOR_START)) return;
      await discardDraft(user._id);
    }
    navigate(gymPaths.start(log.slugLog, routineId));
  };

  return (
    <section className="gym-section" aria-labelledby="gym-heading">
      <div className="section-head">
        <h2 id="gym-heading">Workouts</h2>
        <button type="button" className="btn btn-primary" onClick={() => void start('empty')}>
          Start workout
        </button>
      </div>
      <ResumeWorkout />
      {routines.length > 0 && (
        <ul className="card-list routine-starts" aria-label="Routines">
          {routines.map((routine) => (
            <li key={routine._id} className="card routine-start">
              <span className="list-card-text">
                <span className="list-card-title">{routine.title}</span>
                <span className="list-card-meta">
                  {routine.entries.map((entry) => entry.exercise.title).join(', ') || 'No exercises'}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={routine.entries.length === 0}
                aria-label={`Start ${routine.title}`}
                onClick={() => void start(routine._id)}
              >
                Start
              </button>
            </li>
          ))}
        </ul>
      )}
      <nav className="gym-links" aria-label="Workouts and routines">
        <Link to={gymPaths.workouts(log.slugLog)} className="btn btn-secondary">
          Workouts
        </Link>
        <Link to={gymPaths.routines(log.slugLog)} className="btn btn-secondary">
          Routines
        </Link>
      </nav>
    </section>
  );
}
