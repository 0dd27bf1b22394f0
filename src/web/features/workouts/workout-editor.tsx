import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { restSecondsFor, startRest } from '../../../contract/rest-timer';
import { BackLink } from '../../components/back-link';
import { ArrowDownIcon, ArrowUpIcon, LinkIcon } from './icons';
import { TrashIcon } from '../../components/page-icons';
import { useUserInfo } from '../../lib/auth-store';
import { paths } from '../../lib/paths';
import { allExercisesOf, useGetLogQuery } from '../../lib/log-page.api';
import { useGetSessionContextQuery } from '../../lib/session-reads.api';
import {
  addExercise,
  addSet,
  type DraftEntry,
  entryLabels,
  leaveSuperset,
  moveExercise,
  removeExercise,
  removeSet,
  supersetWithNext,
  toggleDone,
  togglePaceDone,
  updateEntry,
  updateSet,
  withPrevious,
  type WorkoutDraft,
} from './draft';
import { ExerciseCard, type EntryActions } from './exercise-card';
import type { ScreenErrors } from './finish';
import { PlateSettingsEditor } from './plate-calculator';
import { profileRestSeconds } from './plate-settings';
import { primeAudio } from './rest-alerts';
import { RestTimerBar } from './rest-timer-bar';
import { RunningTime } from '../../components/running-time';
import './workouts.css';

interface WorkoutEditorProps {
  draft: WorkoutDraft;
  onChange: (draft: WorkoutDraft) => void;
  errors: ScreenErrors;
  /** Finish (a workout in progress) or Save (an edit). */
  finishLabel: string;
  onFinish: () => void;
  isFinishing: boolean;
  /** Discard (in progress) or Cancel (an edit). */
  onDiscard: () => void;
  discardLabel: string;
  /** In progress: the running time shows and the rest timer runs. */
  isLive: boolean;
  /** Sent offline: shown, not editable, until it syncs. */
  isWaiting?: boolean;
  backTo: string;
  backLabel: string;
  /** A finished workout being edited: leaving is a plain Cancel, not a Discard. */
  isEdit?: boolean;
  /** Above the title: what this screen is. */
  eyebrow: string;
  /** Under the title: an edit given back from the device. */
  notice?: ReactNode;
}

/**
 * The workout screen (docs/api.md §11): each exercise with its set rows, the rest timer and Finish
 * in the bar at the bottom. The same screen edits a finished workout (saved with PUT).
 */
export function WorkoutEditor(props: WorkoutEditorProps) {
  const { draft, onChange, errors, isLive, isWaiting = false } = props;
  const user = useUserInfo();
  const labels = entryLabels(draft);

  const startRestFor = (entry: DraftEntry) => {
    if (!isLive) return;
    primeAudio();
    return startRest(Date.now(), restSecondsFor(entry.restSeconds, profileRestSeconds(user)));
  };

  const actionsFor = (entry: DraftEntry): EntryActions => ({
    onSet: (setId, patch) => onChange(updateSet(draft, entry.id, setId, patch)),
    onDone: (setId) => {
      const result = toggleDone(draft, entry.id, setId);
      if (result.error) toast.error(result.error, { toastId: 'tick' });
      const rest = result.ticked ? startRestFor(entry) : undefined;
      onChange(rest ? { ...result.draft, rest } : result.draft);
    },
    onAddSet: () => onChange(addSet(draft, entry.id)),
    onRemoveSet: (setId) => onChange(removeSet(draft, entry.id, setId)),
    onPace: (patch) => onChange(updateEntry(draft, entry.id, { pace: { ...entry.pace, ...patch } })),
    onPaceDone: () => {
      const result = togglePaceDone(draft, entry.id);
      if (result.error) toast.error(result.error, { toastId: 'tick' });
      const rest = result.ticked ? startRestFor(entry) : undefined;
      onChange(rest ? { ...result.draft, rest } : result.draft);
    },
    onNotes: (notes) => onChange(updateEntry(draft, entry.id, { notes })),
  });

  return (
    <section className="page workout-screen">
      <BackLink to={props.backTo} label={props.backLabel} />
      <div className="page-head">
        <div>
          <p className="eyebrow">{props.eyebrow}</p>
          <h1>{draft.title.trim() || 'Workout'}</h1>
          {draft.logTitle && <p className="muted">{draft.logTitle}</p>}
        </div>
      </div>
      {props.notice}
      {isWaiting && (
        <div className="alert workout-waiting" role="status">
          <strong>Waiting to sync.</strong> This workout is saved on this device and will be sent when the
          connection returns.
        </div>
      )}
      {errors.entries && <p className="field-error">{errors.entries}</p>}
      <fieldset className="workout-fields" disabled={isWaiting}>
        <legend className="sr-only">Workout</legend>
        <div className="field">
          <label htmlFor="workout-title" className="field-label">
            Title
          </label>
          <input
            id="workout-title"
            className="input"
            placeholder="Workout"
            maxLength={100}
            value={draft.title}
            aria-invalid={errors.title ? true : undefined}
            onChange={(e) => onChange({ ...draft, title: e.target.value })}
          />
          {errors.title && <p className="field-error">{errors.title}</p>}
        </div>
        {draft.entries.length === 0 ? (
          <div className="empty card">
            <p className="empty-title">No exercises yet</p>
            <p className="muted">Add an exercise of this log below.</p>
          </div>
        ) : (
          <ol className="workout-entries">
            {draft.entries.map((entry, index) => (
              <EntryWithPrevious key={entry.id} draft={draft} entry={entry} onChange={onChange}>
                <ExerciseCard
                  entry={entry}
                  index={index}
                  label={labels[index]}
                  unit={draft.unit}
                  errors={errors}
                  actions={actionsFor(entry)}
                  tools={
                    <EntryTools
                      draft={draft}
                      entry={entry}
                      index={index}
                      isGrouped={labels[index] !== null}
                      onChange={onChange}
                    />
                  }
                />
              </EntryWithPrevious>
            ))}
          </ol>
        )}
        <AddExercise draft={draft} onChange={onChange} />
        <div className="field">
          <label htmlFor="workout-notes" className="field-label">
            Workout notes
          </label>
          <textarea
            id="workout-notes"
            className="input textarea"
            rows={2}
            value={draft.notes}
            onChange={(e) => onChange({ ...draft, notes: e.target.value })}
          />
          {errors.notes && <p className="field-error">{errors.notes}</p>}
        </div>
        <PlateSettingsEditor unit={draft.unit} />
      </fieldset>
      <button
        type="button"
        className={`btn ${props.isEdit ? 'btn-secondary' : 'btn-danger'} btn-block workout-discard`}
        onClick={props.onDiscard}
        disabled={isWaiting}
      >
        {props.discardLabel}
      </button>
      <RestTimerBar rest={isLive ? draft.rest : null} onChange={(rest) => onChange({ ...draft, rest })}>
        {isLive && <RunningTime startedAt={draft.startedAt} />}
        <button
          type="button"
          className="btn btn-primary workout-finish"
          onClick={props.onFinish}
          disabled={props.isFinishing || isWaiting}
        >
          {props.finishLabel}
        </button>
      </RestTimerBar>
    </section>
  );
}

interface EntryToolsProps {
  draft: WorkoutDraft;
  entry: DraftEntry;
  index: number;
  isGrouped: boolean;
  onChange: (draft: WorkoutDraft) => void;
}

/** Move up / down, superset with the next exercise (or leave the group), remove. */
function EntryTools({ draft, entry, index, isGrouped, onChange }: EntryToolsProps) {
  const last = index === draft.entries.length - 1;
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label={`Move ${entry.title} up`}
        title="Move up"
        disabled={index === 0}
        onClick={() => onChange(moveExercise(draft, entry.id, -1))}
      >
        <ArrowUpIcon />
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={`Move ${entry.title} down`}
        title="Move down"
        disabled={last}
        onClick={() => onChange(moveExercise(draft, entry.id, 1))}
      >
        <ArrowDownIcon />
      </button>
      {isGrouped ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => onChange(leaveSuperset(draft, entry.id))}
        >
          Leave superset<span className="sr-only">{` (${entry.title})`}</span>
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={last}
          onClick={() => onChange(supersetWithNext(draft, entry.id))}
        >
          <LinkIcon />
          Superset with next<span className="sr-only">{` (${entry.title})`}</span>
        </button>
      )}
      <button
        type="button"
        className="icon-btn icon-btn-danger"
        aria-label={`Remove ${entry.title}`}
        title="Remove exercise"
        onClick={() => onChange(removeExercise(draft, entry.id))}
      >
        <TrashIcon width={18} height={18} />
      </button>
    </>
  );
}

interface EntryWithPreviousProps {
  draft: WorkoutDraft;
  entry: DraftEntry;
  onChange: (draft: WorkoutDraft) => void;
  children: ReactNode;
}

/**
 * Looks up the exercise's latest session once (the same request as the new-session screen's
 * "Previous Session"), and puts its values in the rows as placeholders.
 */
function EntryWithPrevious({ draft, entry, onChange, children }: EntryWithPreviousProps) {
  const isLooking = entry.previous === null;
  const { data, isError } = useGetSessionContextQuery(
    { slugLog: draft.slugLog, slugExercise: entry.slugExercise },
    { skip: !isLooking },
  );
  useEffect(() => {
    if (!isLooking || (!data && !isError)) return;
    const previous =
      entry.kind === 'wlsession'
        ? { kind: 'wlsession' as const, sets: data?.latestWlsession[0]?.wlsessions.set ?? [] }
        : { kind: 'pasession' as const, session: data?.latestPasession[0]?.pasessions ?? null };
    onChange(updateEntry(draft, entry.id, withPrevious(entry, previous, draft.unit)));
  }, [isLooking, data, isError, draft, entry, onChange]);
  return <>{children}</>;
}

/** Any exercise of the log, added at the end (creating a new one needs a connection: its own screen). */
function AddExercise({ draft, onChange }: { draft: WorkoutDraft; onChange: (draft: WorkoutDraft) => void }) {
  const { data } = useGetLogQuery(allExercisesOf(draft.slugLog));
  const exercises = data?.logAggregate.map((item) => item.exercises) ?? [];
  const [choice, setChoice] = useState('');
  const chosen = exercises.find((exercise) => exercise.slugExercise === choice);
  return (
    <div className="card add-exercise">
      <label htmlFor="add-exercise" className="field-label">
        Add an exercise
      </label>
      <div className="add-exercise-row">
        <select
          id="add-exercise"
          className="select"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">Choose an exercise…</option>
          {exercises.map((exercise) => (
            <option key={exercise._id} value={exercise.slugExercise}>
              {exercise.title}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!chosen}
          onClick={() => {
            if (!chosen) return;
            onChange(addExercise(draft, chosen));
            setChoice('');
          }}
        >
          Add
        </button>
      </div>
      <Link to={paths.newExercise(draft.slugLog)} className="muted add-exercise-new">
        Create a new exercise
      </Link>
    </div>
  );
}
