import {
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { toastError } from '../../lib/error-toast';
import type { WeightUnit } from '../../../contract/metrics';
import { type Rest, restSecondsFor, startRest } from '../../../contract/rest-timer';
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
  entryHasData,
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
import { firstControlOf, focusAfterChange } from './focus-after';
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
 * The screen's changes, stable for its lifetime: each reads the draft last rendered (or the one
 * its previous change made, so two changes in one event both land), so the entries can be
 * memoised and a tick re-renders only its own exercise and the timer bar, not all 60 rows
 * (decision 0037).
 */
interface DraftOps {
  change: (update: (draft: WorkoutDraft) => WorkoutDraft) => void;
  /** The draft as it is now, for a control that reads it only when used (no prop to re-render by). */
  current: () => WorkoutDraft;
  /** Done or undone; a Done starts the rest when the workout is in progress. */
  tick: (entryId: string, setId: string | null) => void;
}

function useDraftOps(
  draft: WorkoutDraft,
  onChange: (draft: WorkoutDraft) => void,
  isLive: boolean,
): DraftOps {
  const user = useUserInfo();
  const latest = useRef({ draft, onChange, isLive, user });
  useLayoutEffect(() => {
    latest.current = { draft, onChange, isLive, user };
  });
  return useMemo(() => {
    const change = (update: (draft: WorkoutDraft) => WorkoutDraft) => {
      const next = update(latest.current.draft);
      latest.current.draft = next;
      latest.current.onChange(next);
    };
    const tick = (entryId: string, setId: string | null) =>
      change((draft) => {
        const result = setId === null ? togglePaceDone(draft, entryId) : toggleDone(draft, entryId, setId);
        if (result.error) {
          toastError(result.error, { toastId: 'tick' });
          // On to the field it asks for (set-${id}-reps, exercise-card.tsx), kept clear of the
          // toast at the bottom (lib/keep-focus-in-view.ts).
          if (setId !== null) focusAfterChange(() => document.getElementById(`set-${setId}-reps`));
        }
        const entry = draft.entries.find((e) => e.id === entryId);
        if (!result.ticked || !entry || !latest.current.isLive) return result.draft;
        primeAudio();
        const seconds = restSecondsFor(entry.restSeconds, profileRestSeconds(latest.current.user));
        return { ...result.draft, rest: startRest(Date.now(), seconds) };
      });
    return { change, tick, current: () => latest.current.draft };
  }, []);
}

/**
 * The workout screen (docs/api.md §11): each exercise with its set rows, the rest timer and Finish
 * in the bar at the bottom. The same screen edits a finished workout (saved with PUT).
 */
export function WorkoutEditor(props: WorkoutEditorProps) {
  const { draft, onChange, errors, isLive, isWaiting = false } = props;
  const labels = entryLabels(draft);
  const ops = useDraftOps(draft, onChange, isLive);
  const onRest = useCallback((rest: Rest | null) => ops.change((d) => ({ ...d, rest })), [ops]);

  // The bar's own controls, made again only when they change: a tick re-renders the bar for its rest.
  const finish = useRef(props.onFinish);
  useLayoutEffect(() => {
    finish.current = props.onFinish;
  });
  const onFinish = useCallback(() => finish.current(), []);
  const { isFinishing, finishLabel } = props;
  const barControls = useMemo(
    () => (
      <>
        {isLive && <RunningTime startedAt={draft.startedAt} />}
        <button
          type="button"
          className="btn btn-primary workout-finish"
          onClick={onFinish}
          disabled={isFinishing || isWaiting}
        >
          {finishLabel}
        </button>
      </>
    ),
    [isLive, draft.startedAt, onFinish, isFinishing, isWaiting, finishLabel],
  );

  return (
    <section className="page workout-screen">
      <WorkoutHead
        backTo={props.backTo}
        backLabel={props.backLabel}
        eyebrow={props.eyebrow}
        title={draft.title}
        logTitle={draft.logTitle}
      />
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
              <EntryItem
                key={entry.id}
                slugLog={draft.slugLog}
                entry={entry}
                index={index}
                isLast={index === draft.entries.length - 1}
                label={labels[index]}
                unit={draft.unit}
                errors={errors}
                ops={ops}
              />
            ))}
          </ol>
        )}
        <AddExercise slugLog={draft.slugLog} ops={ops} />
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
      <RestTimerBar rest={isLive ? draft.rest : null} onChange={onRest}>
        {barControls}
      </RestTimerBar>
    </section>
  );
}

interface WorkoutHeadProps {
  backTo: string;
  backLabel: string;
  eyebrow: string;
  title: string;
  logTitle: string;
}

/** Back, what the screen is and the workout's title: unchanged by a tick. */
const WorkoutHead = memo(function WorkoutHead({
  backTo,
  backLabel,
  eyebrow,
  title,
  logTitle,
}: WorkoutHeadProps) {
  return (
    <>
      <BackLink to={backTo} label={backLabel} />
      <div className="page-head">
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h1>{title.trim() || 'Workout'}</h1>
          {logTitle && <p className="muted">{logTitle}</p>}
        </div>
      </div>
    </>
  );
});

interface EntryItemProps {
  slugLog: string;
  entry: DraftEntry;
  index: number;
  isLast: boolean;
  label: string | null;
  unit: WeightUnit;
  errors: ScreenErrors;
  ops: DraftOps;
}

/** One exercise with its tools; its props change only when the exercise does. */
const EntryItem = memo(function EntryItem({
  slugLog,
  entry,
  index,
  isLast,
  label,
  unit,
  errors,
  ops,
}: EntryItemProps) {
  const entryId = entry.id;
  const actions = useMemo<EntryActions>(
    () => ({
      onSet: (setId, patch) => ops.change((d) => updateSet(d, entryId, setId, patch)),
      onDone: (setId) => ops.tick(entryId, setId),
      onAddSet: () => ops.change((d) => addSet(d, entryId)),
      onRemoveSet: (setId) => ops.change((d) => removeSet(d, entryId, setId)),
      onPace: (patch) =>
        ops.change((d) =>
          mapEntryOf(d, entryId, (current) =>
            updateEntry(d, entryId, { pace: { ...current.pace, ...patch } }),
          ),
        ),
      onPaceDone: () => ops.tick(entryId, null),
      onNotes: (notes) => ops.change((d) => updateEntry(d, entryId, { notes })),
    }),
    [ops, entryId],
  );
  usePrevious(slugLog, entry, ops);
  return (
    <ExerciseCard
      entry={entry}
      index={index}
      label={label}
      unit={unit}
      errors={errors}
      actions={actions}
      tools={
        <EntryTools
          entryId={entryId}
          title={entry.title}
          index={index}
          isLast={isLast}
          isGrouped={label !== null}
          ops={ops}
        />
      }
    />
  );
});

/** Applies `update` with the draft's current entry of that id (the draft unchanged when it is gone). */
function mapEntryOf(
  draft: WorkoutDraft,
  entryId: string,
  update: (entry: DraftEntry) => WorkoutDraft,
): WorkoutDraft {
  const entry = draft.entries.find((e) => e.id === entryId);
  return entry ? update(entry) : draft;
}

interface EntryToolsProps {
  entryId: string;
  title: string;
  index: number;
  isLast: boolean;
  isGrouped: boolean;
  ops: DraftOps;
}

/** Move up / down, superset with the next exercise (or leave the group), remove; unchanged by a tick. */
const EntryTools = memo(function EntryTools({
  entryId,
  title,
  index,
  isLast,
  isGrouped,
  ops,
}: EntryToolsProps) {
  const entry = { id: entryId, title };
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label={`Move ${entry.title} up`}
        title="Move up"
        disabled={index === 0}
        onClick={() => ops.change((d) => moveExercise(d, entry.id, -1))}
      >
        <ArrowUpIcon />
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={`Move ${entry.title} down`}
        title="Move down"
        disabled={isLast}
        onClick={() => ops.change((d) => moveExercise(d, entry.id, 1))}
      >
        <ArrowDownIcon />
      </button>
      {isGrouped ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => ops.change((d) => leaveSuperset(d, entry.id))}
        >
          Leave superset<span className="sr-only">{` (${entry.title})`}</span>
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={isLast}
          onClick={() => ops.change((d) => supersetWithNext(d, entry.id))}
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
        onClick={(event) => {
          // Its sets go with it and are not saved: a slip must not cost what was typed (§14).
          // Read at the click, not passed in: a tick would otherwise re-render these tools.
          const current = ops.current().entries.find((e) => e.id === entry.id);
          const hasData = current !== undefined && entryHasData(current);
          if (hasData && !window.confirm(`Remove ${entry.title} and its sets from this workout?`)) return;
          // Focus goes to the next exercise, else the one before, else "Add an exercise".
          const card = event.currentTarget.closest('.workout-entry');
          const neighbour = card?.nextElementSibling ?? card?.previousElementSibling;
          ops.change((d) => removeExercise(d, entry.id));
          focusAfterChange(() => firstControlOf(neighbour) ?? document.getElementById('add-exercise'));
        }}
      >
        <TrashIcon width={18} height={18} />
      </button>
    </>
  );
});

/**
 * Looks up the exercise's latest session once (the same request as the new-session screen's
 * "Previous Session"), and puts its values in the rows as placeholders.
 */
function usePrevious(slugLog: string, entry: DraftEntry, ops: DraftOps): void {
  const isLooking = entry.previous === null;
  const { data, isError } = useGetSessionContextQuery(
    { slugLog, slugExercise: entry.slugExercise },
    { skip: !isLooking },
  );
  useEffect(() => {
    if (!isLooking || (!data && !isError)) return;
    const previous =
      entry.kind === 'wlsession'
        ? { kind: 'wlsession' as const, sets: data?.latestWlsession[0]?.wlsessions.set ?? [] }
        : { kind: 'pasession' as const, session: data?.latestPasession[0]?.pasessions ?? null };
    ops.change((d) =>
      mapEntryOf(d, entry.id, (current) =>
        current.previous === null ? updateEntry(d, entry.id, withPrevious(current, previous, d.unit)) : d,
      ),
    );
  }, [isLooking, data, isError, entry, ops]);
}

/**
 * Any exercise of the log, added at the end (creating a new one needs a connection: its own screen).
 * The list is the log's, read once: on a device that never read it and has no connection, the
 * choice says why it is empty and offers Retry (nothing refetches by itself when the connection
 * returns).
 */
const AddExercise = memo(function AddExercise({ slugLog, ops }: { slugLog: string; ops: DraftOps }) {
  const { data, error, isFetching, refetch } = useGetLogQuery(allExercisesOf(slugLog));
  const exercises = data?.logAggregate.map((item) => item.exercises) ?? [];
  const [choice, setChoice] = useState('');
  const chosen = exercises.find((exercise) => exercise.slugExercise === choice);
  const failed = Boolean(error) && !data;
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
          disabled={!data}
          aria-describedby={failed ? 'add-exercise-error' : undefined}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">
            {data ? 'Choose an exercise…' : isFetching ? 'Loading exercises…' : 'Exercises not loaded'}
          </option>
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
            ops.change((d) => addExercise(d, chosen));
            setChoice('');
            // This button is disabled now: focus goes to the new exercise's first field.
            focusAfterChange(() => firstControlOf([...document.querySelectorAll('.workout-entry')].at(-1)));
          }}
        >
          Add
        </button>
      </div>
      {failed && (
        <p id="add-exercise-error" className="add-exercise-error" role="alert">
          <span className="field-error">
            This log's exercises could not be loaded. Check your connection and try again.
          </span>
          <button type="button" className="btn" disabled={isFetching} onClick={() => void refetch()}>
            Retry
          </button>
        </p>
      )}
      <Link to={paths.newExercise(slugLog)} className="muted add-exercise-new">
        Create a new exercise
      </Link>
    </div>
  );
});
