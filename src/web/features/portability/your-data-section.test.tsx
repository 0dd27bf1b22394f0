import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../contract/data';
import type { Log } from '../../../contract/logs';
import { aLog } from '../../test/fixtures';
import { mockApi, renderWithApp, reply } from '../../test/render';
import { api } from '../../lib/api';
import { YourDataSection } from './your-data-section';

const HEVY_HEADER =
  '"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"';
const HEVY = `${HEVY_HEADER}\n"Push","15 Jan 2024, 18:30","15 Jan 2024, 19:30","","Bench Press",,"",0,"warmup",40,10,,,\n`;
const STRONG =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n';

const summary = (overrides: Partial<ImportSummary> = {}): ImportSummary => ({
  dryRun: true,
  rows: 9,
  logs: 2,
  exercises: 3,
  sessions: 4,
  duplicates: 0,
  skipped: [],
  skippedCount: 0,
  ...overrides,
});

/** Answers POST /api/import like the server: the dry run and the real import apart. */
function importRoute(dryRun: ImportSummary | ReturnType<typeof reply>, real?: ImportSummary) {
  return (request: Request) =>
    new URL(request.url).searchParams.get('dryRun') === '1' ? dryRun : (real ?? summary({ dryRun: false }));
}

const csv = (text: string, name = 'export.csv') => new File([text], name, { type: 'text/csv' });
const fileInput = () => screen.getByLabelText('File');
const importButton = () => screen.getByRole('button', { name: 'Import' });

// A list cached under the same tags as the logs screen (features do not import each other).
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeLogs: build.query<{ logs: unknown[] }, void>({ query: () => '/logs', providesTags: ['Log'] }),
  }),
});

/** A list on screen at the same time, to see the import refresh it. */
function LogsProbe() {
  const { data } = probeApi.useProbeLogsQuery();
  return <output data-testid="logs-total">{data ? String(data.logs.length) : ''}</output>;
}

describe('YourDataSection', () => {
  it('offers the JSON and CSV exports as downloads under an h2', () => {
    mockApi({});
    renderWithApp(<YourDataSection />);
    expect(screen.getByRole('heading', { level: 2, name: 'Your data' })).toBeTruthy();
    const json = screen.getByRole('link', { name: 'Download JSON' });
    const csvLink = screen.getByRole('link', { name: 'Download CSV' });
    expect(json.getAttribute('href')).toBe('/api/export.json');
    expect(json.hasAttribute('download')).toBe(true);
    expect(csvLink.getAttribute('href')).toBe('/api/export.csv');
    expect(screen.getByText(/Choose a file and its source/)).toBeTruthy();
  });

  it('asks for a file and a source before anything is sent', async () => {
    const { calls } = mockApi({});
    renderWithApp(<YourDataSection />);
    await userEvent.click(importButton());
    expect(await screen.findByText('Choose a file')).toBeTruthy();
    expect(screen.getByText('Choose where the file comes from')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('recognises a Hevy file, previews it with a dry run, imports it and refreshes the lists', async () => {
    const skipped = Array.from({ length: 7 }, (_, i) => ({ line: i + 3, reason: `Reason ${i + 3}` }));
    let logs: Log[] = [];
    const { calls } = mockApi({
      'GET /api/logs': () => ({
        logs,
        pagination: { page: 1, limit: 10, total: logs.length, totalPages: 1 },
      }),
      'POST /api/import': importRoute(summary({ skipped, skippedCount: 7 }), summary({ dryRun: false })),
    });
    renderWithApp(
      <>
        <LogsProbe />
        <YourDataSection />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('logs-total').textContent).toBe('0'));

    await userEvent.upload(fileInput(), csv(HEVY, 'workouts.csv'));
    // Recognised from the header (read asynchronously).
    expect(await screen.findByRole('radio', { name: 'Hevy CSV', checked: true })).toBeTruthy();
    const preview = await screen.findByRole('heading', { name: 'Preview' });
    const panel = within(preview.parentElement!);
    expect(panel.getByText('9 rows read. Importing this file will create:')).toBeTruthy();
    expect(panel.getByText('Sessions').nextSibling?.textContent).toBe('4');
    expect(panel.getByText('7 rows skipped')).toBeTruthy();
    expect(panel.getByText('Reason 3')).toBeTruthy();
    expect(panel.getByText('Reason 7')).toBeTruthy();
    expect(panel.queryByText('Reason 8')).toBeNull();
    expect(panel.getByText('and 2 more rows')).toBeTruthy();

    const dryRun = calls.find((c) => c.method === 'POST')!;
    expect(dryRun.path).toBe('/api/import?source=hevy&dryRun=1');
    expect(dryRun.contentType).toBe('text/csv');
    expect(dryRun.body).toBe(HEVY);

    logs = [aLog({ _id: 'l1' })];
    await userEvent.click(importButton());
    expect(await screen.findByText('Imported 2 logs, 3 exercises and 4 sessions')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Import complete' })).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1].path).toBe('/api/import?source=hevy');
    // The logs list refetched: the import invalidated it.
    await waitFor(() => expect(screen.getByTestId('logs-total').textContent).toBe('1'));
    // The file input is emptied, so the same file is not imported again by accident.
    expect((fileInput() as HTMLInputElement).files).toHaveLength(0);
  });

  it('asks Strong files for their weight unit before the dry run', async () => {
    const { calls } = mockApi({ 'POST /api/import': importRoute(summary()) });
    renderWithApp(<YourDataSection />);
    await userEvent.upload(fileInput(), csv(STRONG, 'strong.csv'));
    expect(await screen.findByRole('radio', { name: 'Strong CSV', checked: true })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Weight unit' })).toBeTruthy();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByLabelText('lb'));
    await screen.findByRole('heading', { name: 'Preview' });
    expect(calls[0].path).toBe('/api/import?source=strong&unit=lb&distanceUnit=km&dryRun=1');
    await userEvent.click(screen.getByLabelText('mi'));
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe('/api/import?source=strong&unit=lb&distanceUnit=mi&dryRun=1'),
    );
  });

  it('sends our JSON export as application/json', async () => {
    const { calls } = mockApi({ 'POST /api/import': importRoute(summary()) });
    renderWithApp(<YourDataSection />);
    const json = '{"format":"workout-log","version":1,"logs":[]}';
    await userEvent.upload(fileInput(), new File([json], 'workout-log.json', { type: 'application/json' }));
    await screen.findByRole('heading', { name: 'Preview' });
    expect(calls[0].path).toBe('/api/import?source=json&dryRun=1');
    expect(calls[0].contentType).toBe('application/json');
    expect(calls[0].body).toEqual(JSON.parse(json));
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const { calls } = mockApi({});
    renderWithApp(<YourDataSection />);
    const big = csv(HEVY);
    Object.defineProperty(big, 'size', { value: 12 * 1024 * 1024 });
    await userEvent.upload(fileInput(), big);
    expect(await screen.findByText('The file is too large (12.0 MB): the limit is 10 MB')).toBeTruthy();
    await userEvent.click(importButton());
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message for a bad file, and says when nothing is new", async () => {
    let answer: ImportSummary | ReturnType<typeof reply> = reply(400, {
      message: 'Line 3: weight is not a number ("eighty")',
    });
    mockApi({ 'POST /api/import': (request: Request) => importRoute(answer)(request) });
    renderWithApp(<YourDataSection />);
    await userEvent.upload(fileInput(), csv(HEVY, 'bad.csv'));
    expect((await screen.findByRole('alert')).textContent).toBe('Line 3: weight is not a number ("eighty")');

    answer = summary({ logs: 0, exercises: 0, sessions: 0, duplicates: 4 });
    await userEvent.click(screen.getByLabelText('Our JSON export'));
    await userEvent.click(screen.getByLabelText('Hevy CSV'));
    expect(await screen.findByText('Nothing new: everything in this file is already here.')).toBeTruthy();
    expect(screen.getByText('4 sessions already here will be left as they are.')).toBeTruthy();
  });

  it('puts a failed import in a toast and under the form, and keeps the file', async () => {
    mockApi({
      'POST /api/import': (request: Request) =>
        new URL(request.url).searchParams.get('dryRun') === '1'
          ? summary()
          : reply(413, { message: 'The file is too large: the limit is 10 MB' }),
    });
    renderWithApp(<YourDataSection />);
    await userEvent.upload(fileInput(), csv(HEVY));
    await screen.findByRole('heading', { name: 'Preview' });
    await userEvent.click(importButton());
    await waitFor(() =>
      expect(screen.getAllByText('The file is too large: the limit is 10 MB')).toHaveLength(2),
    );
    expect((fileInput() as HTMLInputElement).files).toHaveLength(1);
    expect((importButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables Import and shows the spinner while the import runs', async () => {
    let finish: (value: ImportSummary) => void = () => {};
    mockApi({
      'POST /api/import': (request: Request) =>
        new URL(request.url).searchParams.get('dryRun') === '1'
          ? summary()
          : new Promise<ImportSummary>((resolve) => (finish = resolve)),
    });
    renderWithApp(<YourDataSection />);
    await userEvent.upload(fileInput(), csv(HEVY));
    await screen.findByRole('heading', { name: 'Preview' });
    await userEvent.click(importButton());
    await waitFor(() => expect((importButton() as HTMLButtonElement).disabled).toBe(true));
    expect(importButton().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText(/Importing…/)).toBeTruthy();
    finish(summary({ dryRun: false, logs: 1, exercises: 0, sessions: 0 }));
    expect(await screen.findByText('Imported 1 log')).toBeTruthy();
    expect((importButton() as HTMLButtonElement).disabled).toBe(false);
  });
});
