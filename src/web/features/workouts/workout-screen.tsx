import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { DraftNotice } from '../../components/draft-notice';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { useUserInfo } from '../../lib/auth-store';
import { canRetry, toastError } from '../../lib/error-toast';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/hooks';
import { isQueuedReceipt } from '../../lib/offline/keep-offline';
import { paths } from '../../lib/paths';
import { useWeightUnit } from '../../lib/weight-unit';
import {
  draftFromWorkout,
  notDoneSummary,
  startDraft,
  workoutBodyFrom,
  workoutVersion,
  type WorkoutDraft,
} from './draft';
import { discardDraft, saveDraft, useWorkoutEdit, useWorkoutInProgress } from '../../lib/workout-draft/store';
import { answerErrors, checkWorkout, type ScreenErrors, screenErrors } from './finish';
import { keepScreenAwake } from './rest-alerts';
import { useSettleWaiting } from '../../lib/workout-draft/use-settle-waiting';
import { WorkoutEditor } from './workout-editor';
import {
  DISCARD_EDITS_QUESTION,
  DISCARD_QUESTION,
  STALE_EDIT,
  WORKOUT_SAVED,
} from '../../lib/workout-draft/messages';
import { gymPaths } from '../../lib/gym-paths';
import {
  useCreateWorkoutMutation,
  useGetRoutinesQuery,
  useGetWorkoutQuery,
  useUpdateWorkoutMutation,
} from '../../lib/gym.api';
import { allExercisesOf, useGetLogQuery } from '../../lib/log-page.api';

const NOTHING_DONE = 'Tick at least one set Done before finishing';

/** Checks the body as the server will; the messages go under their fields. */
function useSubmitChecks(draft: WorkoutDraft | null | undefined) {
  const [errors, setErrors] = useState<ScreenErrors>({});
  const build = () => {
    if (!draft) return null;
    const built = workoutBodyFrom(draft, new Date());
    if (built.body.entries?.length === 0) {
      setErrors({ entries: NOTHING_DONE });
      toastError(NOTHING_DONE);
      return null;
    }
    const found = checkWorkout(built, draft);
    const shown = screenErrors(found, built, draft);
    setErrors(shown);
    if (Object.keys(shown).length > 0) {
      toastError(Object.values(shown)[0]);
      return null;
    }
    return built;
  };
  return { errors, setErrors, build };
}

/** The workout in progress on this device (docs/api.md §11): /logs/:slugLog/workouts/in-progress. */
export function WorkoutInProgressScreen() {
  const { slugLog = '' } = useParams();
  const user = useUserInfo();
  const draft = useWorkoutInProgress();
  const navigate = useNavigate();
  const [createWorkout, { isLoading }] = useCreateWorkoutMutation();
  const { errors, setErrors, build } = useSubmitChecks(draft);
  useDocumentTitle('Workout');
  useSettleWaiting(draft, (saved) => {
    if (saved) {
      toast.success(WORKOUT_SAVED, { toastId: 'workout-synced' });
      navigate(gymPaths.workouts(slugLog), { replace: true });
    }
  });

  const isLive = !!draft && !draft.waitingKey;
  // The screen stays awake while the workout is in progress (skipped where the browser cannot).
  useEffect(() => (isLive ? keepScreenAwake() : undefined), [isLive]);

  const onChange = useCallback((next: WorkoutDraft) => void saveDraft(next), []);
  const isStarting = useStart(draft);

  if (draft === undefined || isStarting) return <Spinner />;
  if (draft === null || !user) {
    return (
      <section className="page">
        <h1>No workout in progress</h1>
        <p className="muted">Start one from a log&apos;s page.</p>
        <Link className="btn btn-primary" to={paths.log(slugLog)}>
          Back to the log
        </Link>
      </section>
    );
  }
  if (draft.slugLog !== slugLog) return <Navigate to={gymPaths.inProgress(draft.slugLog)} replace />;

  const onFinish = async () => {
    const open = notDoneSummary(draft);
    if (
      open.length > 0 &&
      !window.confirm(`Not ticked Done, so not saved:\n${open.join('\n')}\n\nFinish the workout?`)
    )
      return;
    const built = build();
    if (built) await finish(built);
  };

  // Retry (no answer or a 5xx) sends the same workout again, with the same Idempotency-Key.
  const finish = async (built: NonNullable<ReturnType<typeof build>>) => {
    let answer;
    try {
      answer = await createWorkout({ slugLog, body: built.body }).unwrap();
    } catch (error) {
      setErrors(screenErrors(answerErrors(error), built, draft));
      toastError(errorMessage(error), { retry: canRetry(error) ? () => void finish(built) : undefined });
      return;
    }
    if (isQueuedReceipt(answer)) {
      // It waits in the offline queue, and here, until it is sent (use-settle-waiting.ts).
      await saveDraft({ ...draft, rest: null, waitingKey: answer.key });
      return;
    }
    await discardDraft(draft.userId);
    toast.success(WORKOUT_SAVED);
    navigate(gymPaths.workout(slugLog, answer.workout._id), { replace: true });
  };

  const onDiscard = async () => {
    if (!window.confirm(DISCARD_QUESTION)) return;
    await discardDraft(draft.userId);
    toast.info('Workout discarded');
    navigate(paths.log(slugLog), { replace: true });
  };

  return (
    <WorkoutEditor
      draft={draft}
      onChange={onChange}
      errors={errors}
      finishLabel="Finish"
      onFinish={() => void onFinish()}
      isFinishing={isLoading}
      onDiscard={() => void onDiscard()}
      discardLabel="Discard workout"
      isLive={isLive}
      isWaiting={!!draft.waitingKey}
      backTo={paths.log(slugLog)}
      backLabel={draft.logTitle || 'Log'}
      eyebrow={draft.waitingKey ? 'Finished: waiting to sync' : 'Workout in progress'}
    />
  );
}

/**
 * `?start=empty` or `?start=<routine id>` (the log page's Start buttons): the new workout is made
 * here, with the log's title and the routine's exercises and targets, and kept on the device. A
 * workout already in progress is shown instead (the log page asked before discarding it).
 */
function useStart(draft: WorkoutDraft | null | undefined): boolean {
  const { slugLog = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const user = useUserInfo();
  const unit = useWeightUnit();
  const start = search.get('start');
  const log = useGetLogQuery(allExercisesOf(slugLog), { skip: !start });
  const routines = useGetRoutinesQuery({ slugLog }, { skip: !start || start === 'empty' });
  const isLogRead = !!log.data || log.isError;
  const isRoutineRead = start === 'empty' || !!routines.data || routines.isError;

  useEffect(() => {
    if (!start || draft === undefined || !user) return;
    if (draft === null) {
      if (!isLogRead || !isRoutineRead) return;
      const routine = routines.data?.routines.find((r) => r._id === start);
      void saveDraft(
        startDraft({
          userId: user._id,
          slugLog,
          logTitle: log.data?.log.title ?? '',
          unit,
          now: new Date(),
          routine,
        }),
      );
    }
    setSearch({}, { replace: true });
  }, [start, draft, user, isLogRead, isRoutineRead, routines.data, log.data, slugLog, unit, setSearch]);
  return !!start;
}

/**
 * A finished workout on the same screen, saved with PUT: /logs/:slugLog/workouts/edit/:id. From
 * its first change the edit is kept on the device like a workout in progress (lib/workout-draft/):
 * a reload gives it back, and the workout's page offers it until it is saved or cancelled.
 */
export function EditWorkoutScreen() {
  const { slugLog = '', id = '' } = useParams();
  const user = useUserInfo();
  const unit = useWeightUnit();
  const navigate = useNavigate();
  const query = useGetWorkoutQuery({ slugLog, id });
  const kept = useWorkoutEdit(id);
  // The server's workout on the screen until the first change, which puts it on the device.
  const [fresh, setFresh] = useState<WorkoutDraft | null>(null);
  const [restoredAt, forgetRestored] = useRestoredAt(kept);
  const draft = kept ?? fresh;
  const [updateWorkout, { isLoading }] = useUpdateWorkoutMutation();
  const { errors, setErrors, build } = useSubmitChecks(draft);
  useDocumentTitle('Edit workout');

  const workout = query.data?.workout;
  useEffect(() => {
    if (workout && user && !fresh)
      setFresh(draftFromWorkout(workout, { userId: user._id, slugLog, logTitle: '', unit }));
  }, [workout, user, fresh, slugLog, unit]);

  const onChange = useCallback(
    (next: WorkoutDraft) => void saveDraft({ ...next, editedAt: new Date().toISOString() }),
    [],
  );

  if (query.isLoading || kept === undefined) return <Spinner />;
  if (!draft || !user) {
    return (
      <section className="page">
        <h1>Edit workout</h1>
        <LoadError error={query.error} />
      </section>
    );
  }

  const onSave = async () => {
    const open = notDoneSummary(draft);
    if (open.length > 0 && !window.confirm(`Not ticked Done, so not saved:\n${open.join('\n')}\n\nSave?`))
      return;
    const built = build();
    if (built) await send(built);
  };

  // Retry (no answer or a 5xx) sends the same edit again.
  const send = async (built: NonNullable<ReturnType<typeof build>>) => {
    try {
      await updateWorkout({ slugLog, id, body: built.body }).unwrap();
    } catch (error) {
      setErrors(screenErrors(answerErrors(error), built, draft));
      toastError(errorMessage(error), { retry: canRetry(error) ? () => void send(built) : undefined });
      return;
    }
    await discardDraft(user._id, id);
    toast.success(WORKOUT_SAVED);
    navigate(gymPaths.workout(slugLog, id), { replace: true });
  };

  const onCancel = async () => {
    if (kept && !window.confirm(DISCARD_EDITS_QUESTION)) return;
    await discardDraft(user._id, id);
    navigate(gymPaths.workout(slugLog, id));
  };

  // Discard draft: back to the server's workout, and the notice goes.
  const discardKept = () => {
    forgetRestored();
    void discardDraft(user._id, id);
  };
  // Saved elsewhere since this edit began: saving the draft would replace that, so say so.
  const isStale = !!(kept?.baseVersion && workout && kept.baseVersion !== workoutVersion(workout));
  const notice = restoredAt && kept && (
    <DraftNotice
      draft={{ restoredAt, discard: discardKept, clear: forgetRestored }}
      stale={isStale ? STALE_EDIT : undefined}
    />
  );
  return (
    <WorkoutEditor
      draft={draft}
      onChange={onChange}
      errors={errors}
      finishLabel="Save"
      onFinish={() => void onSave()}
      isFinishing={isLoading}
      onDiscard={() => void onCancel()}
      discardLabel="Cancel"
      isLive={false}
      backTo={gymPaths.workout(slugLog, id)}
      backLabel={workout?.title ?? draft.title}
      eyebrow="Edit workout"
      notice={notice}
      isEdit
    />
  );
}

/** When the edit found on the device as the screen opened was last changed; null when there was none. */
function useRestoredAt(kept: WorkoutDraft | null | undefined): [Date | null, () => void] {
  const [restoredAt, setRestoredAt] = useState<Date | null | undefined>(undefined);
  useEffect(() => {
    if (restoredAt === undefined && kept !== undefined)
      setRestoredAt(kept?.editedAt ? new Date(kept.editedAt) : null);
  }, [kept, restoredAt]);
  return [restoredAt ?? null, () => setRestoredAt(null)];
}
