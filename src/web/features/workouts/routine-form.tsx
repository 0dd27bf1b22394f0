import { useFieldArray, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { DEFAULT_REST_SECONDS } from '../../../contract/rest-timer';
import {
  DEFAULT_REPS_MAX,
  DEFAULT_REPS_MIN,
  DEFAULT_SETS,
  type Routine,
  routineBody,
  type RoutineBodyValues,
} from '../../../contract/routines';
import { supersetLabels } from '../../../contract/supersets';
import { BackLink } from '../../components/back-link';
import { FormPage } from '../../components/form-page';
import { invalidProps } from '../../components/form-field';
import { PlusIcon } from '../../components/icons';
import { LoadError } from '../../components/load-error';
import { NotesField } from '../../components/notes-field';
import { TrashIcon } from '../../components/page-icons';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useDocumentTitle } from '../../lib/hooks';
import { useSave } from '../../lib/use-save';
import { ArrowDownIcon, ArrowUpIcon } from './icons';
import { gymPaths } from '../../lib/gym-paths';
import { useCreateRoutineMutation, useGetRoutineQuery, useUpdateRoutineMutation } from '../../lib/gym.api';
import { allExercisesOf, useGetLogQuery } from '../../lib/log-page.api';
import './workouts.css';

type RoutineInput = z.input<typeof routineBody>;
type EntryInput = {
  slugExercise: string;
  sets: string | number;
  repsMin: string | number;
  repsMax: string | number;
  restSeconds: string | number;
  superset: string | number;
};

const newEntry = (slugExercise = ''): EntryInput => ({
  slugExercise,
  sets: DEFAULT_SETS,
  repsMin: DEFAULT_REPS_MIN,
  repsMax: DEFAULT_REPS_MAX,
  restSeconds: DEFAULT_REST_SECONDS,
  superset: '',
});

function routineDefaults(routine?: Routine): RoutineInput {
  if (!routine) return { title: '', notes: '', entries: [newEntry()] };
  return {
    title: routine.title,
    notes: routine.notes,
    entries: routine.entries.map((entry) => ({
      slugExercise: entry.exercise.slugExercise,
      sets: entry.sets ?? '',
      repsMin: entry.repsMin ?? '',
      repsMax: entry.repsMax ?? '',
      restSeconds: entry.restSeconds,
      superset: entry.superset ?? '',
    })),
  };
}

export function NewRoutinePage() {
  const { slugLog = '' } = useParams();
  useDocumentTitle('New routine');
  const save = useSave();
  const [create, { isLoading }] = useCreateRoutineMutation();
  return (
    <FormPage title="New routine" back={<BackLink to={gymPaths.routines(slugLog)} label="Routines" />}>
      <RoutineForm
        slugLog={slugLog}
        defaultValues={routineDefaults()}
        isSaving={isLoading}
        onSubmit={(body) =>
          save(() => create({ slugLog, body }).unwrap(), {
            done: 'Routine created',
            then: gymPaths.routines(slugLog),
          })
        }
      />
    </FormPage>
  );
}

export function EditRoutinePage() {
  const { slugLog = '', id = '' } = useParams();
  useDocumentTitle('Edit routine');
  const save = useSave();
  const { data, error, isLoading } = useGetRoutineQuery({ slugLog, id });
  const [update, { isLoading: isSaving }] = useUpdateRoutineMutation();
  return (
    <FormPage title="Edit routine" back={<BackLink to={gymPaths.routines(slugLog)} label="Routines" />}>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : (
        <RoutineForm
          key={data.routine._id}
          slugLog={slugLog}
          defaultValues={routineDefaults(data.routine)}
          isSaving={isSaving}
          onSubmit={(body) =>
            save(() => update({ slugLog, id, body }).unwrap(), {
              done: 'Routine updated',
              then: gymPaths.routines(slugLog),
            })
          }
        />
      )}
    </FormPage>
  );
}

interface RoutineFormProps {
  slugLog: string;
  defaultValues: RoutineInput;
  isSaving: boolean;
  onSubmit: (values: RoutineBodyValues) => Promise<unknown>;
}

const TARGETS = [
  ['sets', 'Sets'],
  ['repsMin', 'Min reps'],
  ['repsMax', 'Max reps'],
  ['restSeconds', 'Rest (s)'],
  ['superset', 'Superset'],
] as const;

/** Title, notes and the exercises in order, each with its targets (docs/api.md §11). */
function RoutineForm({ slugLog, defaultValues, isSaving, onSubmit }: RoutineFormProps) {
  const { data } = useGetLogQuery(allExercisesOf(slugLog));
  const exercises = data?.logAggregate.map((item) => item.exercises) ?? [];
  const {
    control,
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/routines').then((m) => m.routineBody), {
    onSubmit,
    defaultValues,
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'entries' as never });
  const entries = (useWatch({ control, name: 'entries' }) ?? []) as EntryInput[];
  const labels = supersetLabels(
    entries.map((entry) => (entry?.superset === '' ? null : Number(entry?.superset))),
  );
  const entryErrors = errors.entries as
    | (Record<number, Record<string, { message?: string }>> & {
        message?: string;
        root?: { message?: string };
      })
    | undefined;
  const listError = entryErrors?.message ?? entryErrors?.root?.message;
  const notes = String(useWatch({ control, name: 'notes' }) ?? '');
  const kindOf = (slug: string) => exercises.find((e) => e.slugExercise === slug)?.session;

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField id="title" label="Title" error={errors.title?.message} {...register('title')} />
      <fieldset className="field routine-entries">
        <legend className="field-label">Exercises</legend>
        {listError && <p className="field-error">{listError}</p>}
        <ol className="set-list">
          {fields.map((field, index) => {
            const n = index + 1;
            const rowErrors = entryErrors?.[index];
            const isPace = kindOf(entries[index]?.slugExercise ?? '') === 'pasession';
            const selectId = `entries-${index}-slugExercise`;
            const selectError = rowErrors?.slugExercise?.message;
            return (
              <li key={field.id} className="set-row routine-entry">
                <div className="set-row-head">
                  <span className="set-number">
                    {labels[index] && <span className="superset-label">{labels[index]}</span>}
                    Exercise {n}
                  </span>
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Move exercise ${n} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUpIcon />
                  </button>
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Move exercise ${n} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDownIcon />
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn-danger"
                    aria-label={`Remove exercise ${n}`}
                    disabled={fields.length <= 1}
                    onClick={() => remove(index)}
                  >
                    <TrashIcon width={18} height={18} />
                  </button>
                </div>
                <div className={`field${selectError ? ' field-invalid' : ''}`}>
                  <label htmlFor={selectId} className="sr-only">
                    Exercise {n}
                  </label>
                  {selectError && (
                    <p id={`${selectId}-error`} className="field-error">
                      {selectError}
                    </p>
                  )}
                  <select
                    id={selectId}
                    className="select"
                    {...invalidProps(selectId, selectError)}
                    {...register(`entries.${index}.slugExercise` as never)}
                  >
                    <option value="">Choose an exercise…</option>
                    {exercises.map((exercise) => (
                      <option key={exercise._id} value={exercise.slugExercise}>
                        {exercise.title}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="routine-targets-fields">
                  {TARGETS.filter(([name]) => !isPace || name === 'restSeconds' || name === 'superset').map(
                    ([name, label]) => {
                      const id = `entries-${index}-${name}`;
                      const error = rowErrors?.[name]?.message;
                      return (
                        <div key={name} className={`set-field${error ? ' field-invalid' : ''}`}>
                          <label htmlFor={id} className="set-label">
                            <span className="sr-only">Exercise {n} </span>
                            {label}
                          </label>
                          {error && (
                            <p id={`${id}-error`} className="field-error">
                              {error}
                            </p>
                          )}
                          <input
                            id={id}
                            className="input"
                            inputMode="numeric"
                            {...invalidProps(id, error)}
                            {...register(`entries.${index}.${name}` as never)}
                          />
                        </div>
                      );
                    },
                  )}
                </div>
              </li>
            );
          })}
        </ol>
        <p className="field-hint">
          Neighbouring exercises with the same superset number are done as a superset.
        </p>
        <div className="sets-actions">
          <button type="button" className="btn btn-secondary" onClick={() => append(newEntry() as never)}>
            <PlusIcon width={18} height={18} />
            Add exercise
          </button>
        </div>
      </fieldset>
      <NotesField
        id="notes"
        placeholder="Cues, how to progress… (optional)"
        error={errors.notes?.message}
        length={notes.length}
        {...register('notes')}
      />
      <SubmitButton isSaving={isSaving} label="Save routine" />
    </form>
  );
}
