import { formatCalendarDate } from '../../../contract/dates';
import type { WeightUnit } from '../../../contract/metrics';
import { PaSessionStats } from '../../components/pa-session-stats';
import { WlSessionStats } from '../../components/wl-session-stats';
import type { WaitingSession } from '../../lib/offline/waiting-sessions';

/**
 * A session saved on this device and not yet on the server (docs/api.md §12). It says so in words,
 * and links nowhere: its session page exists once it has synced, when the list's own card replaces it.
 */
export function WaitingSessionCard({ session, unit }: { session: WaitingSession; unit: WeightUnit }) {
  const date = formatCalendarDate(session.createdDate);
  return (
    <li className="card session-card session-card-waiting">
      <span className="session-card-head">
        <time dateTime={session.createdDate} className="session-card-date">
          {date}
        </time>
        {session.kind === 'wlsession' && (
          <span className="badge">
            {session.sets} {session.sets === 1 ? 'set' : 'sets'}
          </span>
        )}
        <span className="badge session-card-waiting-badge">Waiting to sync</span>
      </span>
      {session.kind === 'wlsession' && <WlSessionStats session={session.volumes} unit={unit} compact />}
      {session.kind === 'pasession' && <PaSessionStats session={session.pace} compact />}
      <p className="muted session-card-waiting-note">
        Saved on this device; it syncs when you are back online.
      </p>
    </li>
  );
}
