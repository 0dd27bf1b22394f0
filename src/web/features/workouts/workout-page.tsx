import { Link, useParams } from 'react-router';
import { formatCalendarDate, formatMoment } from '../../../contract/dates';
import { formatNumber, type WeightUnit } from '../../../contract/metrics';
import { supersetLabels } from '../../../contract/supersets';
import type { Workout, WorkoutEntry } from '../../../contract/workouts';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { PaSessionStats } from '../../components/pa-session-stats';
import { RecordActions } from '../../components/record-actions';
import { RecordBadges } from '../../components/record-badges';
import { Spinner } from '../../components/spinner';
import { SetsTable } from '../../components/sets-table';
import { WlSessionStats } from '../../components/wl-session-stats';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useDeleteAndLeave } from '../../lib/use-delete-and-leave';
import { useLastDefined } from '../../lib/use-last-defined';
import { useWeightUnit } from '../../lib/weight-unit';
import { durationWords } from '../../lib/workout-draft/duration';
import { DISCARD_EDITS_QUESTION } from '../../lib/workout-draft/messages';
import { discardDraft, useWorkoutEdit } from '../../lib/workout-draft/store';
import { useUserInfo } from '../../lib/auth-store';
import { gymPaths } from '../../lib/gym-paths';
import { useDeleteWorkoutMutation, useGetWorkoutQuery } from '../../lib/gym.api';
import { useGetWlsessionQuery } from '../../lib/session-reads.api';
import './workouts.css';

/** A finished workout (docs/api.md §11): title, date, duration, each exercise's sets, volumes, records, notes. */
export function WorkoutPage() {
  const { slugLog = '', id = '' } = useParams();
  const unit = useWeightUnit();
  const user = useUserInfo();
  const [remove, { isLoading: isDeleting }] = useDeleteWorkoutMutation();
  const { isFetchSkipped, onDelete } = useDeleteAndLeave(
    async () => {
      const answer = await remove({ slugLog, id }).unwrap();
      // Its unsaved edits have nothing left to go to.
      if (user) await discardDraft(user._id, id);
      return answer;
    },
    'Workout deleted',
    gymPaths.workouts(slugLog),
    () => id,
  );
  const query = useGetWorkoutQuery({ slugLog, id }, { skip: isFetchSkipped });
  const workout = useLastDefined(query.data?.workout);
  useDocumentTitle(workout?.title ?? 'Workout');

  if (query.isLoading) return <Spinner />;
  if (!workout) {
    return (
      <section className="page">
        <BackLink to={gymPaths.workouts(slugLog)} label="Workouts" />
        <h1>Workout</h1>
        <LoadError error={query.error} />
      </section>
    );
  }
  const labels = supersetLabels(workout.entries.map((entry) => entry.superset));
  return (
    <section className="page workout-page">
      <BackLink to={gymPaths.workouts(slugLog)} label="Workouts" />
      <div className="page-head">
        <div>
          <p className="eyebrow">Workout</p>
          <h1>{workout.title}</h1>
        </div>
        <RecordActions
          editTo={gymPaths.editWorkout(slugLog, id)}
          onDelete={onDelete}
          isDeleting={isDeleting}
        />
      </div>
      <KeptEdits slugLog={slugLog} id={id} />
      <WorkoutSummary workout={workout} unit={unit} />
      <ol className="workout-entries">
        {workout.entries.map((entry, index) => (
          <EntryDetail
            key={sessionOf(entry)._id}
            entry={entry}
            label={labels[index]}
            slugLog={slugLog}
            unit={unit}
            isFetchSkipped={isFetchSkipped}
          />
        ))}
      </ol>
      {workout.notes && (
        <section className="card session-notes" aria-labelledby="workout-notes-title">
          <h2 id="workout-notes-title">Notes</h2>
          <p>{workout.notes}</p>
        </section>
      )}
    </section>
  );
}

/** An edit of this workout not yet saved, kept on this device (lib/workout-draft/): resume it, or drop it. */
function KeptEdits({ slugLog, id }: { slugLog: string; id: string }) {
  const kept = useWorkoutEdit(id);
  if (!kept) return null;
  const when = kept.editedAt ? ` from ${formatMoment(kept.editedAt)}` : '';
  return (
    <div className="draft-notice" role="status">
      <p>Unsaved changes to this workout{when} are kept on this device.</p>
      <div className="actions">
        <Link className="btn btn-primary" to={gymPaths.editWorkout(slugLog, id)}>
          Resume editing
        </Link>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => window.confirm(DISCARD_EDITS_QUESTION) && void discardDraft(kept.userId, id)}
        >
          Discard changes
        </button>
      </div>
    </div>
  );
}

const sessionOf = (entry: WorkoutEntry) => ('wlsession' in entry ? entry.wlsession : entry.pasession);

/** Date, duration, sets and total volume (in the user's unit: the kg total converted for pounds). */
export function WorkoutSummary({ workout, unit }: { workout: Workout; unit: WeightUnit }) {
  const volume =
    unit === 'lb'
      ? workout.entries.reduce((sum, e) => sum + ('wlsession' in e ? e.wlsession.inPounds.totalVolume : 0), 0)
      : workout.totalVolume;
  return (
    <dl className="workout-summary">
      <div>
        <dt>Date</dt>
        <dd>{formatCalendarDate(workout.createdDate)}</dd>
      </div>
      <div>
        <dt>Duration</dt>
        <dd>{workout.duration === null ? '–' : durationWords(workout.duration)}</dd>
      </div>
      <div>
        <dt>Sets</dt>
        <dd>{workout.sets}</dd>
      </div>
      <div>
        <dt>Volume</dt>
        <dd>
          {formatNumber(volume)} {unit}
        </dd>
      </div>
    </dl>
  );
}

interface EntryDetailProps {
  entry: WorkoutEntry;
  label: string | null;
  slugLog: string;
  unit: WeightUnit;
  /** The workout is being deleted: its sessions are not fetched again (useDeleteAndLeave). */
  isFetchSkipped: boolean;
}

function EntryDetail({ entry, label, slugLog, unit, isFetchSkipped }: EntryDetailProps) {
  const session = sessionOf(entry);
  const titleId = `entry-${session._id}`;
  return (
    <li className="card workout-entry" aria-labelledby={titleId}>
      <div className="workout-entry-head">
        {label && <span className="superset-label">{label}</span>}
        <h2 id={titleId} className="workout-entry-title">
          <Link to={paths.exercise(slugLog, entry.exercise.slugExercise)}>{entry.exercise.title}</Link>
        </h2>
      </div>
      {'wlsession' in entry ? (
        <>
          <SessionRecords
            slugLog={slugLog}
            slugExercise={entry.exercise.slugExercise}
            slugSession={entry.wlsession.slugSession}
            skip={isFetchSkipped}
          />
          <WlSessionStats session={entry.wlsession} unit={unit} compact />
          <SetsTable sets={entry.wlsession.set} unit={unit} label={`${entry.exercise.title} sets`} isInCard />
        </>
      ) : (
        <PaSessionStats session={entry.pasession} />
      )}
      {session.notes && <p className="workout-entry-notes-text">{session.notes}</p>}
    </li>
  );
}

/** The records the session set (its page's answer names them, docs/api.md §10). */
function SessionRecords({
  skip,
  ...ref
}: {
  slugLog: string;
  slugExercise: string;
  slugSession: string;
  skip: boolean;
}) {
  const { data } = useGetWlsessionQuery(ref, { skip });
  return <RecordBadges names={data?.wlsession.records ?? []} />;
}
