import { Link } from 'react-router';
import type { ImportSummary } from '../../../contract/data';
import { formatNumber } from '../../../contract/metrics';
import { paths } from '../../lib/paths';

/** How many skipped rows are listed; the rest are counted. */
export const SKIPPED_SHOWN = 5;

export function plural(count: number, noun: string): string {
  return `${formatNumber(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** '2 logs, 3 exercises and 5 sessions', naming only what was (or would be) created. */
export function describeCreated({ logs, exercises, sessions }: ImportSummary): string {
  const parts = [
    logs && plural(logs, 'log'),
    exercises && plural(exercises, 'exercise'),
    sessions && plural(sessions, 'session'),
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return 'nothing new';
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** A dry run's preview or a finished import's summary: the same counts, told in the right tense. */
export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const { dryRun, rows, logs, exercises, sessions, duplicates, skipped, skippedCount } = summary;
  const isNothingNew = logs + exercises + sessions === 0;
  const more = skippedCount - Math.min(skipped.length, SKIPPED_SHOWN);
  return (
    <div className="import-summary">
      <h3>{dryRun ? 'Preview' : 'Import complete'}</h3>
      <p className="muted">
        {plural(rows, 'row')} read. {dryRun ? 'Importing this file will create:' : 'Created:'}
      </p>
      <dl className="stats stats-compact">
        <div className="stat">
          <dt>Logs</dt>
          <dd>{formatNumber(logs)}</dd>
        </div>
        <div className="stat">
          <dt>Exercises</dt>
          <dd>{formatNumber(exercises)}</dd>
        </div>
        <div className="stat">
          <dt>Sessions</dt>
          <dd>{formatNumber(sessions)}</dd>
        </div>
      </dl>
      {isNothingNew && (
        <p>{dryRun ? 'Nothing new: everything in this file is already here.' : 'Nothing new was added.'}</p>
      )}
      {duplicates > 0 && (
        <p className="muted">
          {plural(duplicates, 'session')} already here {dryRun ? 'will be' : 'were'} left as they are.
        </p>
      )}
      {skippedCount > 0 && (
        <div className="skipped">
          <p className="detail-label">{plural(skippedCount, 'row')} skipped</p>
          <ul className="skipped-list">
            {skipped.slice(0, SKIPPED_SHOWN).map(({ line, reason }) => (
              <li key={`${line}:${reason}`}>
                <span className="skipped-line">Line {line}:</span> {reason}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="muted">and {plural(more, 'more row')}</p>}
        </div>
      )}
      {!dryRun && !isNothingNew && (
        <p>
          <Link to={paths.logs}>See your logs</Link>
        </p>
      )}
    </div>
  );
}
