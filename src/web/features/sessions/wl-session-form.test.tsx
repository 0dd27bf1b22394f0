import '../../test/setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NEW_SET } from './set-rows';
import { WlSessionForm } from './wl-session-form';

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function renderForm(onSubmit = vi.fn(async (_values: unknown) => {})) {
  render(
    <WlSessionForm
      defaultValues={{ createdDate: '2026-03-07', set: [{ ...NEW_SET }], notes: '' }}
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
    expect(preview.textContent).toContain('Total 1,000');
    expect(preview.textContent).toContain('Work 500');
    expect(preview.textContent).toContain('Junk 500');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      createdDate: '2026-03-07',
      set: [
        { repetitions: 5, kilograms: 100, isHard: true },
        { repetitions: 8, kilograms: 62.5, isHard: false },
      ],
    });
  });
});
