import { formatNumber, formatPace, formatSpeed } from '../../contract/metrics';
import type { Pasession } from '../../contract/sessions';

type PaceFields = Pick<Pasession, 'paceMinutes' | 'paceSeconds' | 'speed' | 'distance' | 'time'>;

/** Pace as m:ss (min/km), speed to 3 decimals (km/min), then the time and distance entered. */
export function PaSessionStats({ session, compact = false }: { session: PaceFields; compact?: boolean }) {
  return (
    <dl className={`stats${compact ? ' stats-compact' : ''}`}>
      <div className="stat stat-pace">
        <dt>Pace</dt>
        <dd>
          {formatPace(session.paceMinutes, session.paceSeconds)} <span className="unit">min/km</span>
        </dd>
      </div>
      <div className="stat stat-speed">
        <dt>Speed</dt>
        <dd>
          {formatSpeed(session.speed)} <span className="unit">km/min</span>
        </dd>
      </div>
      <div className="stat">
        <dt>Distance</dt>
        <dd>
          {formatNumber(session.distance)} <span className="unit">km</span>
        </dd>
      </div>
      {!compact && (
        <>
          <div className="stat">
            <dt>Hours</dt>
            <dd>{formatNumber(session.time.hours)}</dd>
          </div>
          <div className="stat">
            <dt>Minutes</dt>
            <dd>{formatNumber(session.time.minutes)}</dd>
          </div>
          <div className="stat">
            <dt>Seconds</dt>
            <dd>{formatNumber(session.time.seconds)}</dd>
          </div>
        </>
      )}
      {compact && (
        <div className="stat">
          <dt>Time</dt>
          <dd>{formatDuration(session.time)}</dd>
        </div>
      )}
    </dl>
  );
}

/** h:mm:ss for the compact card; entries like 75 minutes are carried into hours. */
export function formatDuration(time: PaceFields['time']): string {
  const total = Math.round(time.hours * 3600 + time.minutes * 60 + time.seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
