import { Link } from 'react-router';
import { gymPaths } from '../lib/gym-paths';
import { useWorkoutInProgress } from '../lib/workout-draft/store';
import { useSettleWaiting } from '../lib/workout-draft/use-settle-waiting';
import { RunningTime } from './running-time';
import './resume-workout.css';

/**
 * The workout in progress on this device (docs/api.md §11), on /logs and on its log's page:
 * **Resume** with its running time, or, once finished offline, that it waits to sync.
 */
export function ResumeWorkout() {
  const draft = useWorkoutInProgress();
  useSettleWaiting(draft);
  if (!draft) return null;
  const title = draft.title.trim() || 'Workout';
  return (
    <div className="card resume-card" role="region" aria-label="Workout in progress">
      <div className="resume-text">
        <p className="eyebrow">{draft.waitingKey ? 'Waiting to sync' : 'Workout in progress'}</p>
        <p className="resume-title">
          {title} <span className="muted">· {draft.logTitle}</span>
        </p>
        {!draft.waitingKey && <RunningTime startedAt={draft.startedAt} />}
      </div>
      <Link to={gymPaths.inProgress(draft.slugLog)} className="btn btn-primary">
        {draft.waitingKey ? 'Open' : 'Resume'}
      </Link>
    </div>
  );
}
