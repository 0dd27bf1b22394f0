import { useMemo } from 'react';
import { Link } from 'react-router';
import { todayLocal } from '../../../contract/dates';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { activityRange, buildActivityGrid, sessionsLabel, WEEKDAYS } from './activity-grid';
import { useGetActivityQuery } from './logs.api';

/** A year of training days and the last 30 days' count, on /logs (docs/api.md §10). */
export function ActivitySection() {
  const today = todayLocal();
  const { data, error, isLoading } = useGetActivityQuery(activityRange(today));
  return (
    <section className="card activity" aria-labelledby="activity-title">
      <h2 id="activity-title" className="activity-title">
        Activity
      </h2>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : (
        <ActivityHeatmap today={today} days={data.days} />
      )}
    </section>
  );
}

export function ActivityHeatmap({
  today,
  days,
}: {
  today: string;
  days: Array<{ date: string; sessions: number }>;
}) {
  const grid = useMemo(() => buildActivityGrid(today, days), [today, days]);
  return (
    <>
      <p className="activity-recent">
        <strong>{sessionsLabel(grid.lastThirtyDays)}</strong> in the last 30 days
      </p>
      {grid.total === 0 && (
        <p className="muted activity-empty">
          No sessions in the last year yet: each day you train shows up here.
        </p>
      )}
      {/* Scrolls inside its own box on a phone; focusable so a keyboard can scroll it too. It opens
          at today's end by its CSS (row-reverse), not by a script reading its width: that read was
          a layout of the whole page inside React's commit (docs/decisions/0035). */}
      <div className="heatmap-scroll" tabIndex={0} role="region" aria-label="Training days, scrollable">
        <table className="heatmap">
          <caption className="sr-only">
            Training days in the last 12 months: {sessionsLabel(grid.total)} on {grid.activeDays}{' '}
            {grid.activeDays === 1 ? 'day' : 'days'}
          </caption>
          <thead>
            <tr>
              <td />
              {/* A month with one week in view has no room for its name: a plain cell, not an
                  empty header (each day's cell names its own date). */}
              {grid.months.map((month, i) =>
                month.label ? (
                  <th key={i} scope="colgroup" colSpan={month.span} className="heatmap-month">
                    {month.label}
                  </th>
                ) : (
                  <td key={i} colSpan={month.span} className="heatmap-month" />
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((name, row) => (
              <tr key={name}>
                <th scope="row" className="heatmap-weekday">
                  {/* Mon, Wed and Fri shown: the rows are too close for all seven names. */}
                  <span className={row % 2 === 0 && row < 6 ? undefined : 'sr-only'}>{name}</span>
                </th>
                {grid.weeks.map((week, col) => {
                  const cell = week[row];
                  return cell ? (
                    // A day is named without text of its own: an empty cell by its title, a day's
                    // link by its label (text in 365 cells was either 365 positioned boxes to lay out,
                    // decision 0035, or 0-sized text, which Lighthouse counts as illegible).
                    <td key={col} className={`heatmap-day level-${cell.level}`} title={cell.label}>
                      {/* A day with sessions opens that day (docs/api.md §14); the others have none to show. */}
                      {cell.sessions > 0 && <Link to={`/history/${cell.date}`} aria-label={cell.label} />}
                    </td>
                  ) : (
                    <td key={col} className="heatmap-day is-outside" aria-hidden="true" />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="heatmap-legend" aria-hidden="true">
        Less
        <span className="heatmap-day level-0" />
        <span className="heatmap-day level-1" />
        <span className="heatmap-day level-2" />
        <span className="heatmap-day level-3" />
        More
      </p>
    </>
  );
}
