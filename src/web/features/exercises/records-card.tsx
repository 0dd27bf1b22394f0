import { memo } from 'react';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../contract/dates';
import type { SessionKind } from '../../../contract/exercises';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { useWeightUnit } from '../../lib/weight-unit';
import { useGetRecordsQuery } from './exercises.api';
import { recordRows } from './record-rows';

interface RecordsCardProps {
  slugLog: string;
  slugExercise: string;
  kind: SessionKind;
  skip: boolean;
}

/**
 * The exercise's best figures, each with its date and a link to the session that set it. Drawn
 * again only when its own props or query change, not each time the page around it renders.
 */
export const RecordsCard = memo(function RecordsCard({
  slugLog,
  slugExercise,
  kind,
  skip,
}: RecordsCardProps) {
  const unit = useWeightUnit();
  const { data, error, isLoading } = useGetRecordsQuery({ slugLog, slugExercise }, { skip });
  const rows = data ? recordRows(data, unit) : [];
  const isEmpty = rows.every((row) => row.value === null);

  return (
    <section className="card records-card" aria-labelledby="records-title">
      <h2 id="records-title">Records</h2>
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <LoadError error={error} />
      ) : isEmpty ? (
        <p className="muted">Records appear as you log sessions</p>
      ) : (
        <ul className="records-list">
          {rows.map((row) => (
            <li key={row.key} className="record">
              <span className="record-name">{row.name}</span>
              {row.value === null || !row.slugSession || !row.createdDate ? (
                <span className="record-value muted">Not yet</span>
              ) : (
                <>
                  {/* The value is the link, not the date: a date names the session cards' links below. */}
                  <Link
                    className="record-value"
                    to={paths.session(slugLog, slugExercise, kind, row.slugSession)}
                  >
                    <span className="sr-only">{row.name}: </span>
                    {row.value}
                  </Link>
                  <span className="record-date">{formatCalendarDate(row.createdDate)}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
