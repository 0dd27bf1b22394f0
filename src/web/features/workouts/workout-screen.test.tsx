import 'fake-indexeddb/auto';
import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readQueue, removeQueued } from '../../lib/offline/queue';
import { discardDraft, readDraft, saveDraft } from '../../lib/workout-draft/store';
import { aLog, aRoutine, anExercise, aWlsession, aWorkout } from '../../test/fixtures';
import { currentLocation, mockApi, renderWithApp, reply, USER } from '../../test/render';
import { startDraft } from './draft';
import { EditWorkoutScreen, WorkoutInProgressScreen } from './workout-screen';

const exercise = anExercise();
const logAnswer = {
  log: aLog(),
  logAggregate: [{ ...aLog(), exercises: exercise }],
  pagination: { totalPages: 1, page: 1, limit: 100, total: 1 },
};
// Last time: 10 × 100 kg, then 8 × 105 kg.
const lastSession = aWlsession({
  set: [
    {
      _id: 'a',
      repetitions: 10,
      kilograms: 100,
      pounds: null,
      isHard: true,
      volume: 1000,
      type: 'normal',
      rpe: null,
    },
    {
      _id: 'b',
      repetitions: 8,
      kilograms: 105,
      pounds: null,
      isHard: true,
      volume: 840,
      type: 'normal',
      rpe: null,
    },
  ],
});
const exerciseAnswer = {
  exercise,
  exerciseAggregate: [],
  exerciseAggregatePa: [],
  latestWlsession: [{ ...exercise, wlsessions: lastSession }],
  latestPasession: [],
  pagination: { page: 1, limit: 1, total: 1, totalWlPages: 1, totalPaPages: 0 },
};
const READS = {
  'GET /api/logs/push-day': logAnswer,
  'GET /api/logs/push-day/exercises/bench-press': exerciseAnswer,
};

async function storeWorkout() {
  const draft = startDraft({
    userId: USER._id,
    slugLog: 'push-day',
    logTitle: 'Push Day',
    unit: 'kg',
    now: new Date(Date.now() - 5 * 60_000),
    routine: aRoutine(),
  });
  await saveDraft(draft);
  return draft;
}

const renderScreen = () =>
  renderWithApp(<WorkoutInProgressScreen />, {
    route: '/logs/push-day/workouts/in-progress',
    path: '/logs/:slugLog/workouts/in-progress',
  });

afterEach(async () => {
  await discardDraft(USER._id);
  await discardDraft(USER._id, 'w-1');
  for (const queued of await readQueue()) await removeQueued(queued.key);
});

describe('the workout screen', () => {
  it('resumes the workout kept on the device, with last time as placeholders and its running time', async () => {
    await storeWorkout();
    mockApi(READS);
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Push A' })).toBeTruthy();
    const weight = await screen.findByLabelText('Bench Press set 1 KGs');
    await waitFor(() => expect(weight.getAttribute('placeholder')).toBe('100'));
    expect(screen.getByLabelText('Bench Press set 2 Reps').getAttribute('placeholder')).toBe('8');
    // The routine's target: 3 sets of 8–10; the third row has no last time, so the range shows.
    expect(screen.getByText('3 × 8–10')).toBeTruthy();
    expect(screen.getByLabelText('Bench Press set 3 Reps').getAttribute('placeholder')).toBe('8–10');
    expect(screen.getByText(/^5:0\d$/)).toBeTruthy();
  });

  it('ticking Done takes the placeholders and starts the rest; Finish sends the done sets once', async () => {
    await storeWorkout();
    const { calls, fetchMock } = mockApi({
      ...READS,
      'POST /api/logs/push-day/workouts': reply(201, { workout: aWorkout() }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderScreen();
    const weight = await screen.findByLabelText('Bench Press set 1 KGs');
    await waitFor(() => expect(weight.getAttribute('placeholder')).toBe('100'));
    await userEvent.click(screen.getByRole('button', { name: 'Bench Press set 1 done' }));
    expect((weight as HTMLInputElement).value).toBe('100');
    // The routine's 90 s rest is running.
    expect(screen.getByTestId('rest-count').textContent).toMatch(/^1:(30|29)$/);
    // Kept on the device at once.
    await waitFor(async () => expect((await readDraft(USER._id))?.entries[0].sets[0].done).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(confirm.mock.calls[0][0]).toContain('Bench Press: sets 2, 3');
    expect(await screen.findByText('Workout saved')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/logs/push-day/workouts/w-1'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toMatchObject({
      title: 'Push A',
      routine: 'r-1',
      entries: [
        // Last time's weight, taken by the tick, goes back as last time stored it.
        {
          slugExercise: 'bench-press',
          set: [{ repetitions: '10', kilograms: 100, pounds: null, type: 'normal' }],
        },
      ],
    });
    const post = fetchMock.mock.calls.map(([r]) => r as Request).find((r) => r.method === 'POST');
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readDraft(USER._id)).toBeNull();
  });

  it('offline, Finish keeps it in the offline queue and says it waits to sync; once sent it leaves the device', async () => {
    await storeWorkout();
    mockApi({
      ...READS,
      'POST /api/logs/push-day/workouts': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderScreen();
    const reps = await screen.findByLabelText('Bench Press set 1 Reps');
    await waitFor(() => expect(reps.getAttribute('placeholder')).toBe('10'));
    await userEvent.click(screen.getByRole('button', { name: 'Bench Press set 1 done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    const waiting = await screen.findByText('Waiting to sync.');
    expect(
      within(waiting.parentElement as HTMLElement).getByText(/sent when the connection returns/),
    ).toBeTruthy();
    const [queued] = await readQueue();
    expect(queued).toMatchObject({ path: '/logs/push-day/workouts', exerciseTitle: 'Push A' });
    expect((screen.getByRole('button', { name: 'Finish' }) as HTMLButtonElement).disabled).toBe(true);

    // The offline queue sent it (lib/offline/sync.ts): the screen lets it go.
    await removeQueued(queued.key);
    expect(await screen.findByText('Workout saved')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/logs/push-day/workouts'));
    expect(await readDraft(USER._id)).toBeNull();
  });

  it('Discard asks first, then removes it from the device', async () => {
    await storeWorkout();
    mockApi(READS);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Discard workout' }));
    expect(confirm).toHaveBeenCalledWith('Discard this workout?');
    expect(await readDraft(USER._id)).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Discard workout' }));
    await waitFor(() => expect(currentLocation()).toBe('/logs/push-day'));
    expect(await readDraft(USER._id)).toBeNull();
  });

  it('starts an empty workout from ?start=empty, named by nothing yet, in the log it was started from', async () => {
    mockApi(READS);
    renderWithApp(<WorkoutInProgressScreen />, {
      route: '/logs/push-day/workouts/in-progress?start=empty',
      path: '/logs/:slugLog/workouts/in-progress',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Workout' })).toBeTruthy();
    expect(screen.getByText('No exercises yet')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/logs/push-day/workouts/in-progress'));
    const stored = await readDraft(USER._id);
    expect(stored).toMatchObject({ slugLog: 'push-day', logTitle: 'Push Day', routine: null, entries: [] });
    // An exercise of the log, added at the end, with its rows from last time.
    await userEvent.selectOptions(await screen.findByLabelText('Add an exercise'), 'bench-press');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const reps = await screen.findByLabelText('Bench Press set 2 Reps');
    expect(reps.getAttribute('placeholder')).toBe('8');
  });
});

describe("the workout screen without its log's exercises", () => {
  it('says why Add an exercise is empty and offers Retry, which fills it once the log answers', async () => {
    let online = false;
    mockApi({
      ...READS,
      'GET /api/logs/push-day': () => {
        // What fetch does without a connection.
        if (!online) throw new TypeError('Failed to fetch');
        return logAnswer;
      },
    });
    renderWithApp(<WorkoutInProgressScreen />, {
      route: '/logs/push-day/workouts/in-progress?start=empty',
      path: '/logs/:slugLog/workouts/in-progress',
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("This log's exercises could not be loaded.");
    const select = screen.getByLabelText('Add an exercise') as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.getAttribute('aria-describedby')).toBe(alert.id);
    online = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(screen.queryByText("This log's exercises could not be loaded.", { exact: false })).toBeNull();
    await userEvent.selectOptions(select, 'bench-press');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Bench Press set 1 Reps')).toBeTruthy();
  });
});

describe('the edit screen of a finished workout', () => {
  const WORKOUT = { 'GET /api/logs/push-day/workouts/w-1': { workout: aWorkout() } };
  const renderEdit = () =>
    renderWithApp(<EditWorkoutScreen />, {
      route: '/logs/push-day/workouts/edit/w-1',
      path: '/logs/:slugLog/workouts/edit/:id',
    });

  it('keeps the edit on the device from its first change, gives it back, and lets it go once saved', async () => {
    const { calls } = mockApi({
      ...READS,
      ...WORKOUT,
      'PUT /api/logs/push-day/workouts/w-1': { workout: aWorkout() },
    });
    const first = renderEdit();
    const reps = await screen.findByLabelText('Bench Press set 1 Reps');
    expect((reps as HTMLInputElement).value).toBe('10');
    // Nothing is kept before a change.
    expect(await readDraft(USER._id, 'w-1')).toBeNull();
    await userEvent.clear(reps);
    await userEvent.type(reps, '12');
    await waitFor(async () => expect((await readDraft(USER._id, 'w-1'))?.entries[0].sets[0].reps).toBe('12'));
    // The workout in progress (none) is another draft.
    expect(await readDraft(USER._id)).toBeNull();
    first.unmount();

    renderEdit();
    const restored = await screen.findByLabelText('Bench Press set 1 Reps');
    expect((restored as HTMLInputElement).value).toBe('12');
    expect(screen.getByText(/^Restored your unsaved draft from/)).toBeTruthy();
    expect(screen.queryByText(/has changed since/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Workout saved')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/logs/push-day/workouts/w-1'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ entries: [{ set: [{ repetitions: '12' }] }] });
    expect(await readDraft(USER._id, 'w-1')).toBeNull();
  });

  it('says when the saved workout changed after the kept edit began', async () => {
    mockApi({ ...READS, ...WORKOUT });
    const first = renderEdit();
    await userEvent.type(await screen.findByLabelText('Bench Press set 1 Reps'), '5');
    await waitFor(async () => expect(await readDraft(USER._id, 'w-1')).not.toBeNull());
    first.unmount();

    // Meanwhile a session of the workout was edited on another device: the workout's row is the same.
    const saved = aWorkout();
    const entries = saved.entries.map((entry, i) =>
      i === 0 && 'wlsession' in entry
        ? { ...entry, wlsession: { ...entry.wlsession, updatedAt: '2026-03-02T08:00:00.000Z' } }
        : entry,
    );
    mockApi({ ...READS, 'GET /api/logs/push-day/workouts/w-1': { workout: { ...saved, entries } } });
    renderEdit();
    expect(
      await screen.findByText(
        /^Restored your unsaved draft from .*The saved workout has changed since \(on another device or tab\): saving your draft replaces those changes\.$/,
      ),
    ).toBeTruthy();
    expect(((await screen.findByLabelText('Bench Press set 1 Reps')) as HTMLInputElement).value).toBe('105');
  });

  it('Cancel asks before dropping the changes, then leaves them nowhere', async () => {
    mockApi({ ...READS, ...WORKOUT });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderEdit();
    const reps = await screen.findByLabelText('Bench Press set 1 Reps');
    await userEvent.type(reps, '5');
    await waitFor(async () => expect(await readDraft(USER._id, 'w-1')).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith('Discard your changes to this workout?');
    expect(await readDraft(USER._id, 'w-1')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentLocation()).toBe('/logs/push-day/workouts/w-1'));
    expect(await readDraft(USER._id, 'w-1')).toBeNull();
  });
});
