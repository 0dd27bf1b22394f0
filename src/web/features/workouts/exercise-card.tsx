import { memo, type ReactNode } from 'react';
import type { WeightUnit } from '../../../contract/metrics';
import { SET_TYPE_BADGES, SET_TYPES, type SetType } from '../../../contract/set-types';
import { PlusIcon } from '../../components/icons';
import { CheckIcon, TrashIcon } from '../../components/page-icons';
import { unitLabel } from '../../lib/weight-unit';
import { type DraftEntry, type DraftSet, placeholderFor, type SetPatch } from './draft';
import type { ScreenErrors } from './finish';
import { PlateHint } from './plate-calculator';
import { SET_TYPE_LABELS, SetTypeBadge } from '../../components/set-type-badge';
import { focusAfterChange } from './focus-after';

/** 1 to 10 in halves, as the contract takes it. */
const RPE_CHOICES = Array.from({ length: 19 }, (_, i) => String(1 + i / 2));
// The selects' options, made once: 60 rows hold 1,500 of them, and a row that re-renders skips
// elements it was given unchanged.
const TYPE_OPTIONS = SET_TYPES.map((type) => (
  <option key={type} value={type}>
    {SET_TYPE_LABELS[type]}
  </option>
));
const RPE_OPTIONS = [
  <option key="" value="">
    RPE
  </option>,
  ...RPE_CHOICES.map((rpe) => (
    <option key={rpe} value={rpe}>
      RPE {rpe}
    </option>
  )),
];

export interface EntryActions {
  onSet: (setId: string, patch: SetPatch) => void;
  onDone: (setId: string) => void;
  onAddSet: () => void;
  onRemoveSet: (setId: string) => void;
  onPace: (patch: Partial<DraftEntry['pace']>) => void;
  onPaceDone: () => void;
  onNotes: (notes: string) => void;
}

interface ExerciseCardProps {
  entry: DraftEntry;
  index: number;
  label: string | null;
  unit: WeightUnit;
  errors: ScreenErrors;
  actions: EntryActions;
  /** Move, superset and remove: the screen's controls for this entry. */
  tools: ReactNode;
}

/** One exercise of the workout: its set rows (or a pace exercise's distance and time) and notes. */
export function ExerciseCard({ entry, index, label, unit, errors, actions, tools }: ExerciseCardProps) {
  const headingId = `entry-${entry.id}-title`;
  const target = entry.target;
  return (
    <li className="card workout-entry" aria-labelledby={headingId}>
      <div className="workout-entry-head">
        {label && <span className="superset-label">{label}</span>}
        <h2 id={headingId} className="workout-entry-title">
          {entry.title}
        </h2>
        {target?.sets != null && (
          <span className="badge">
            {target.sets} ×{' '}
            {target.repsMin === target.repsMax ? target.repsMin : `${target.repsMin}–${target.repsMax}`}
          </span>
        )}
      </div>
      {errors[`${entry.id}.sets`] && <p className="field-error">{errors[`${entry.id}.sets`]}</p>}
      {entry.kind === 'wlsession' ? (
        <>
          <ol className="workout-sets">
            {entry.sets.map((set, setIndex) => (
              <SetRow
                key={set.id}
                entryId={entry.id}
                title={entry.title}
                target={entry.target}
                set={set}
                n={setIndex + 1}
                placeholder={placeholderFor(entry, setIndex)}
                unit={unit}
                errors={errors}
                actions={actions}
                canRemove={entry.sets.length > 1}
              />
            ))}
          </ol>
          <button
            type="button"
            className="btn btn-secondary btn-block add-set"
            onClick={(event) => {
              actions.onAddSet();
              // From the keyboard (a click of detail 0), on to the new set's first field: the
              // new row pushes this button down, under the bar at the bottom. A tap stays, so no
              // phone keyboard opens over a set that copied the one above.
              if (event.detail !== 0) return;
              const card = event.currentTarget.closest('.workout-entry');
              focusAfterChange(() => card?.querySelector<HTMLElement>('.workout-set:last-child input'));
            }}
          >
            <PlusIcon width={18} height={18} />
            Add set<span className="sr-only">{` to ${entry.title}`}</span>
          </button>
        </>
      ) : (
        <PaceRow entry={entry} errors={errors} actions={actions} />
      )}
      <div className="field workout-entry-notes">
        <label htmlFor={`entry-${entry.id}-notes`} className="field-label">
          Notes<span className="sr-only">{` for ${entry.title}`}</span>
        </label>
        <textarea
          id={`entry-${entry.id}-notes`}
          className="input textarea"
          rows={1}
          value={entry.notes}
          onChange={(e) => actions.onNotes(e.target.value)}
        />
      </div>
      <div className="workout-entry-tools" aria-label={`Exercise ${index + 1} tools`} role="group">
        {tools}
      </div>
    </li>
  );
}

interface SetRowProps {
  entryId: string;
  title: string;
  target: DraftEntry['target'];
  set: DraftSet;
  n: number;
  placeholder: { reps: string; weight: string } | null;
  unit: WeightUnit;
  errors: ScreenErrors;
  actions: EntryActions;
  canRemove: boolean;
}

/**
 * reps, weight, type, RPE, Hard and Done; last time's values as placeholders. Memoised with
 * props that change only with its own set, so a Done tick re-renders one row (decision 0037).
 */
const SetRow = memo(function SetRow({
  entryId,
  title,
  target,
  set,
  n,
  placeholder,
  unit,
  errors,
  actions,
  canRemove,
}: SetRowProps) {
  const id = `set-${set.id}`;
  const name = `${title} set ${n}`;
  const badge = SET_TYPE_BADGES[set.type];
  const error = (field: string) => errors[`${entryId}.${set.id}.${field}`];
  const repsError = error('repetitions');
  const weightError = error(unit === 'lb' ? 'pounds' : 'kilograms');
  const rpeError = error('rpe');
  const repsHint =
    placeholder?.reps ??
    (target?.repsMin != null
      ? target.repsMin === target.repsMax
        ? String(target.repsMin)
        : `${target.repsMin}–${target.repsMax}`
      : '');
  return (
    <li className={`workout-set${set.done ? ' is-done' : ''}`}>
      <div className="workout-set-main">
        <span className="workout-set-number">
          {badge ? <SetTypeBadge type={set.type} /> : n}
          <span className="sr-only">{badge ? ` set ${n}` : ''}</span>
        </span>
        <div className="workout-set-field">
          <label htmlFor={`${id}-weight`} className="set-label">
            <span className="sr-only">{name} </span>
            {unitLabel(unit)}
          </label>
          <input
            id={`${id}-weight`}
            className="input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholder?.weight ?? ''}
            value={set.weight}
            aria-invalid={weightError ? true : undefined}
            onChange={(e) => actions.onSet(set.id, { weight: e.target.value })}
          />
        </div>
        <div className="workout-set-field">
          <label htmlFor={`${id}-reps`} className="set-label">
            <span className="sr-only">{name} </span>Reps
          </label>
          <input
            id={`${id}-reps`}
            className="input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={repsHint}
            value={set.reps}
            aria-invalid={repsError ? true : undefined}
            onChange={(e) => actions.onSet(set.id, { reps: e.target.value })}
          />
        </div>
        <button
          type="button"
          className={`done-tick${set.done ? ' is-done' : ''}`}
          aria-pressed={set.done}
          aria-label={`${name} done`}
          onClick={() => actions.onDone(set.id)}
        >
          <CheckIcon width={22} height={22} />
        </button>
      </div>
      <div className="workout-set-more">
        <label className="sr-only" htmlFor={`${id}-type`}>
          {name} type
        </label>
        <select
          id={`${id}-type`}
          className="select"
          value={set.type}
          onChange={(e) => actions.onSet(set.id, { type: e.target.value as SetType })}
        >
          {TYPE_OPTIONS}
        </select>
        <label className="sr-only" htmlFor={`${id}-rpe`}>
          {name} RPE
        </label>
        <select
          id={`${id}-rpe`}
          className="select"
          value={set.rpe}
          aria-invalid={rpeError ? true : undefined}
          onChange={(e) => actions.onSet(set.id, { rpe: e.target.value })}
        >
          {RPE_OPTIONS}
        </select>
      </div>
      <div className="workout-set-foot">
        <PlateHint weight={set.weight || placeholder?.weight || ''} unit={unit} />
        <label className="workout-set-hard" htmlFor={`${id}-hard`}>
          <input
            id={`${id}-hard`}
            type="checkbox"
            checked={set.isHard}
            onChange={(e) => actions.onSet(set.id, { isHard: e.target.checked })}
          />
          <span>
            <span className="sr-only">{name} </span>Hard
          </span>
        </label>
        <button
          type="button"
          className="icon-btn icon-btn-danger"
          aria-label={`Remove ${name}`}
          title={`Remove set ${n}`}
          disabled={!canRemove}
          onClick={(event) => {
            // Focus stays in the card, on its Add set button.
            const card = event.currentTarget.closest('.workout-entry');
            actions.onRemoveSet(set.id);
            focusAfterChange(() => card?.querySelector<HTMLElement>('.add-set'));
          }}
        >
          <TrashIcon width={18} height={18} />
        </button>
      </div>
      {[weightError, repsError, rpeError, error('type'), error('isHard')].filter(Boolean).map((message) => (
        <p key={message} className="field-error">
          {message}
        </p>
      ))}
    </li>
  );
});

function PaceRow({ entry, errors, actions }: Pick<ExerciseCardProps, 'entry' | 'errors' | 'actions'>) {
  const last = entry.previousPace;
  const fields = [
    ['distance', 'Distance'],
    ['hours', 'Hours'],
    ['minutes', 'Minutes'],
    ['seconds', 'Seconds'],
  ] as const;
  return (
    <div className={`workout-pace${entry.pace.done ? ' is-done' : ''}`}>
      {fields.map(([field, label]) => {
        const id = `pace-${entry.id}-${field}`;
        const error = errors[`${entry.id}.pace.${field}`];
        return (
          <div className="workout-set-field" key={field}>
            <label htmlFor={id} className="set-label">
              <span className="sr-only">{entry.title} </span>
              {label}
            </label>
            <input
              id={id}
              className="input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={last?.[field] ?? ''}
              value={entry.pace[field]}
              aria-invalid={error ? true : undefined}
              onChange={(e) => actions.onPace({ [field]: e.target.value })}
            />
            {error && <p className="field-error">{error}</p>}
          </div>
        );
      })}
      <button
        type="button"
        className={`done-tick${entry.pace.done ? ' is-done' : ''}`}
        aria-pressed={entry.pace.done}
        aria-label={`${entry.title} done`}
        onClick={actions.onPaceDone}
      >
        <CheckIcon width={22} height={22} />
      </button>
    </div>
  );
}
