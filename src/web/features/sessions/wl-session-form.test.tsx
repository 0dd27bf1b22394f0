import '../../test/setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { USER } from '../../test/render';
import { formSet, newSet } from './set-rows';
import { WlSessionForm } from './wl-session-form';

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function renderForm(onSubmit = vi.fn(async (_values: unknown) => {})) {
  render(
    <WlSessionForm
      defaultValues={{ createdDate: '2026-03-07', set: [newSet('kg')], notes: '' }}
      isSaving={false}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe('WlSessionForm set rows', () => {
  it('starts with one set at 0 reps and 0 kg, which cannot be removed', () => {
    renderForm();
    expect(input('Set 1 reps').value).toBe('0');
    expect(input('Set 1 KGs').value).toBe('0');
    expect(input('Set 1 Hard').checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Remove set 1' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('labels each input by its set number, with min 0 and step 0.01', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add set' }));
    for (const label of ['Set 2 reps', 'Set 2 KGs']) {
      expect(input(label).min).toBe('0');
      expect(input(label).step).toBe('0.01');
    }
    expect(input('Set 2 reps').value).toBe('0');
    expect(input('Set 2 KGs').value).toBe('0');
  });

  it('removes the row whose button was pressed, not always the second one', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add set' }));
    await user.click(screen.getByRole('button', { name: 'Add set' }));
    await user.clear(input('Set 1 reps'));
    await user.type(input('Set 1 reps'), '1');
    await user.clear(input('Set 2 reps'));
    await user.type(input('Set 2 reps'), '2');
    await user.clear(input('Set 3 reps'));
    await user.type(input('Set 3 reps'), '3');

    await user.click(screen.getByRole('button', { name: 'Remove set 3' }));
    expect(screen.queryByLabelText('Set 3 reps')).toBeNull();
    expect([input('Set 1 reps').value, input('Set 2 reps').value]).toEqual(['1', '2']);

    await user.click(screen.getByRole('button', { name: 'Remove set 1' }));
    expect(input('Set 1 reps').value).toBe('2');
    expect((screen.getByRole('button', { name: 'Remove set 1' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the messages of docs/product.md §5 under the set fields', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.clear(input('Set 1 reps'));
    await user.type(input('Set 1 reps'), '-1');
    await user.clear(input('Set 1 KGs'));
    await user.clear(screen.getByLabelText('Date'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Repetitions must be at least 0')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByText('Must be a valid date')).toBeTruthy();
    expect(input('Set 1 reps').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits numbers and the Hard flags, and previews the volumes', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.clear(input('Set 1 reps'));
    await user.type(input('Set 1 reps'), '5');
    await user.clear(input('Set 1 KGs'));
    await user.type(input('Set 1 KGs'), '100');
    await user.click(input('Set 1 Hard'));
    await user.click(screen.getByRole('button', { name: 'Add set' }));
    await user.clear(input('Set 2 reps'));
    await user.type(input('Set 2 reps'), '8');
    await user.clear(input('Set 2 KGs'));
    await user.type(input('Set 2 KGs'), '62.5');

    const preview = document.querySelector('.volume-preview')!;
    expect(preview.textContent).toContain('Total 1,000 kg');
    expect(preview.textContent).toContain('Work 500');
    expect(preview.textContent).toContain('Junk 500');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      createdDate: '2026-03-07',
      set: [
        { repetitions: 5, kilograms: 100, pounds: null, isHard: true, type: 'normal', rpe: null },
        { repetitions: 8, kilograms: 62.5, pounds: null, isHard: false, type: 'normal', rpe: null },
      ],
      notes: '',
    });
  });
});

describe('WlSessionForm set type and RPE', () => {
  const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

  it('offers the four types and an RPE per set, sends them, and shows the type as a badge', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    expect([...select('Set 1 Type').options].map((o) => [o.value, o.text])).toEqual([
      ['normal', 'Normal'],
      ['warmup', 'Warm-up'],
      ['drop', 'Drop'],
      ['failure', 'Failure'],
    ]);
    expect(select('Set 1 Type').value).toBe('normal');
    expect([input('Set 1 RPE').value, input('Set 1 RPE').min, input('Set 1 RPE').max]).toEqual([
      '',
      '1',
      '10',
    ]);
    expect(input('Set 1 RPE').step).toBe('0.5');
    // A normal set has no badge.
    expect(document.querySelector('.set-type-badge')).toBeNull();

    await user.click(input('Set 1 Hard'));
    await user.selectOptions(select('Set 1 Type'), 'failure');
    await user.type(input('Set 1 RPE'), '9.5');
    const badge = document.querySelector('.set-type-badge')!;
    expect(badge.textContent).toBe('F Failure');
    expect(badge.querySelector('[aria-hidden="true"]')!.textContent).toBe('F');
    // Failure is a working set: Hard stays ticked.
    expect(input('Set 1 Hard').checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      set: [{ repetitions: 0, kilograms: 0, isHard: true, type: 'failure', rpe: 9.5 }],
    });
  });

  it('unticks Hard when a set becomes a warm-up, and lets the user tick it again', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(input('Set 1 Hard'));
    await user.selectOptions(select('Set 1 Type'), 'warmup');
    expect(input('Set 1 Hard').checked).toBe(false);
    expect(document.querySelector('.set-type-badge')!.textContent).toBe('W Warm-up');
    await user.click(input('Set 1 Hard'));
    expect(input('Set 1 Hard').checked).toBe(true);
    // Another type leaves Hard as it is.
    await user.selectOptions(select('Set 1 Type'), 'drop');
    expect(input('Set 1 Hard').checked).toBe(true);
    expect(document.querySelector('.set-type-badge')!.textContent).toBe('D Drop');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ set: [{ isHard: true, type: 'drop', rpe: null }] });
  });

  it('shows the RPE message of docs/api.md §11 under the field', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(input('Set 1 RPE'), '7.3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('RPE must be between 1 and 10 in steps of 0.5')).toBeTruthy();
    expect(input('Set 1 RPE').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts an edit from the stored type and RPE', () => {
    render(
      <WlSessionForm
        defaultValues={{
          createdDate: '2026-03-07',
          set: [
            formSet(
              { repetitions: 5, kilograms: 60, pounds: null, isHard: false, type: 'warmup', rpe: 6 },
              'kg',
            ),
          ],
          notes: '',
        }}
        isSaving={false}
        onSubmit={vi.fn()}
      />,
    );
    expect(select('Set 1 Type').value).toBe('warmup');
    expect(input('Set 1 RPE').value).toBe('6');
  });
});

describe('WlSessionForm for a user in pounds, with notes, the previous sets and a draft', () => {
  beforeEach(() => authStore.signIn({ ...USER, weightUnit: 'lb' }));
  afterEach(() => authStore.signOut());

  const NORMAL = { type: 'normal', rpe: null } as const;
  const PREVIOUS = [
    { _id: 'a', repetitions: 5, kilograms: 61.23, pounds: 135, isHard: true, volume: 306.17, ...NORMAL },
    { _id: 'b', repetitions: 8, kilograms: 100, pounds: null, isHard: false, volume: 800, ...NORMAL },
  ];

  function renderLb(props: { draftKey?: string } = {}) {
    const onSubmit = vi.fn(async (_values: unknown) => {});
    const view = render(
      <WlSessionForm
        defaultValues={{ createdDate: '2026-03-07', set: [newSet('lb')], notes: '' }}
        isSaving={false}
        onSubmit={onSubmit}
        previous={PREVIOUS}
        {...props}
      />,
    );
    return { onSubmit, ...view };
  }

  it('takes pounds, previews pound volumes and sends the pounds as typed', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderLb();
    await user.clear(input('Set 1 reps'));
    await user.type(input('Set 1 reps'), '5');
    await user.clear(input('Set 1 LBs'));
    await user.type(input('Set 1 LBs'), '135');
    expect(document.querySelector('.volume-preview')!.textContent).toContain('Total 675 lb');
    expect(screen.getByText('675 vol')).toBeTruthy();
    await user.type(screen.getByLabelText('Notes'), 'Felt strong');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      createdDate: '2026-03-07',
      set: [{ repetitions: 5, kilograms: 61.23, pounds: 135, isHard: false, type: 'normal', rpe: null }],
      notes: 'Felt strong',
    });
  });

  it('fills its sets from the previous session in one click, in pounds', async () => {
    const user = userEvent.setup();
    renderLb();
    await user.click(screen.getByRole('button', { name: 'Copy previous sets' }));
    expect([input('Set 1 reps').value, input('Set 1 LBs').value, input('Set 1 Hard').checked]).toEqual([
      '5',
      '135',
      true,
    ]);
    // 100 kg shown in pounds, rounded to 2 decimals (docs/api.md §10).
    expect([input('Set 2 reps').value, input('Set 2 LBs').value]).toEqual(['8', '220.46']);
  });

  it('counts the characters of the notes only near the limit', async () => {
    const user = userEvent.setup();
    renderLb();
    const notes = screen.getByLabelText('Notes');
    await user.click(notes);
    await user.paste('x'.repeat(100));
    expect(screen.queryByText(/characters/)).toBeNull();
    await user.paste('x'.repeat(1750));
    expect(screen.getByText('1,850 / 2,000 characters')).toBeTruthy();
  });

  it('keeps what was typed as a draft, offers it back, and discards it on request', async () => {
    const user = userEvent.setup();
    const first = renderLb({ draftKey: 'test-draft' });
    await user.clear(input('Set 1 reps'));
    await user.type(input('Set 1 reps'), '7');
    first.unmount();

    renderLb({ draftKey: 'test-draft' });
    await waitFor(() => expect(input('Set 1 reps').value).toBe('7'));
    expect(screen.getByText(/Restored your unsaved draft/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(input('Set 1 reps').value).toBe('0');
    expect(localStorage.getItem('draft:test-draft')).toBeNull();
  });

  it('forgets the draft once the session is saved', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderLb({ draftKey: 'saved-draft' });
    await user.clear(input('Set 1 reps'));
    await user.type(input('Set 1 reps'), '3');
    await waitFor(() => expect(localStorage.getItem('draft:saved-draft')).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    await waitFor(() => expect(localStorage.getItem('draft:saved-draft')).toBeNull());
  });
});
