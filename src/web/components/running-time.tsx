import { useEffect, useState } from 'react';
import { elapsedSeconds, formatDuration } from '../lib/workout-draft/duration';
import './running-time.css';

/** The time since the workout started, repainted each second. */
export function RunningTime({ startedAt }: { startedAt: string }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="workout-elapsed">
      <span className="workout-elapsed-label">Time </span>
      {formatDuration(elapsedSeconds({ startedAt }, now))}
    </p>
  );
}
