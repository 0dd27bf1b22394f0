import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { SessionKind } from '../../../contract/exercises';
import type { Progress } from '../../../contract/sessions';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { useWeightUnit } from '../../lib/weight-unit';
import { chartTitle, pointsIn, seriesFor, type ChartSeries } from './chart-series';
import { progressArgs, useGetProgressQuery } from './exercises.api';
import { ProgressChart } from './progress-chart';
import { useProgressRange } from './use-progress-range';
import { RangeChoice } from './range-choice';

interface ProgressSectionProps {
  slugLog: string;
  slugExercise: string;
  kind: SessionKind;
  skip: boolean;
}

/**
 * The chart of the exercise's history in the chosen range, with a 'show bar' box per series.
 * Drawn again only when its own props, state or query change, not each time the page renders.
 */
export const ProgressSection = memo(function ProgressSection({
  slugLog,
  slugExercise,
  kind,
  skip,
}: ProgressSectionProps) {
  const unit = useWeightUnit();
  const series = seriesFor(kind, unit);
  const [visible, setVisible] = useState<ReadonlySet<ChartSeries['key']>>(
    () => new Set(series.map((s) => s.key)),
  );
  const [range, setRange] = useProgressRange();
  const { data, error, isLoading, isFetching } = useGetProgressQuery(
    progressArgs({ slugLog, slugExercise }, range),
    { skip },
  );
  // The chart is measured and drawn in a pass of its own, after the rest of the page is shown:
  // drawn in the page's first render, it made that render's commit one long task.
  const chartData = useDeferredValue<Progress | undefined | null>(data, null);
  const isDrawing = data !== undefined && chartData === null;
  const points = useMemo(() => chartData && pointsIn(chartData.points, unit), [chartData, unit]);

  const toggle = (key: ChartSeries['key']) =>
    setVisible((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section className="card chart-card" aria-labelledby="chart-title">
      <div className="chart-head">
        <h2 id="chart-title">{chartTitle(kind)}</h2>
        <RangeChoice range={range} onChange={setRange} />
      </div>
      <fieldset className="series-toggles">
        <legend>Show bar</legend>
        {series.map((s) => (
          <label key={s.key} className="series-toggle">
            <input type="checkbox" checked={visible.has(s.key)} onChange={() => toggle(s.key)} />
            <span className="swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.name}
          </label>
        ))}
      </fieldset>
      {isLoading || isDrawing ? (
        // In the chart's box: most exercises have sessions, so the chart then takes its place unmoved.
        <div className="chart-box">
          <Spinner />
        </div>
      ) : error ? (
        <LoadError error={error} />
      ) : !chartData || chartData.points.length === 0 ? (
        <p className="muted chart-empty">
          {range === 'All' ? 'The chart fills in as you add sessions.' : 'No sessions in this range.'}
        </p>
      ) : (
        <div className={`chart-box${isFetching ? ' is-stale' : ''}`}>
          <ProgressChart points={points ?? []} series={series} visible={visible} />
        </div>
      )}
    </section>
  );
});
