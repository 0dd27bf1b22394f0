import '../../test/setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_PACE, PaSessionForm } from './pa-session-form';

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

function renderForm() {
  const onSubmit = vi.fn(async (_values: unknown) => {});
  render(
    <PaSessionForm
      defaultValues={{ createdDate: '2026-03-07', ...structuredClone(EMPTY_PACE), notes: '' }}
      isSaving={false}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

async function fill(label: string, value: string) {
  await userEvent.clear(input(label));
  if (value) await userEvent.type(input(label), value);
}

describe('PaSessionForm', () => {
  it('starts hours, minutes, seconds and distance at 0, each labelled', () => {
    renderForm();
    for (const label of ['Hours', 'Minutes', 'Seconds', 'Distance']) {
      expect(input(label).value).toBe('0');
      expect(input(label).min).toBe('0');
      expect(input(label).step).toBe('0.01');
    }
    expect(input('Date').value).toBe('2026-03-07');
  });

  it('names the field in each message', async () => {
    const onSubmit = renderForm();
    await fill('Hours', '');
    await fill('Seconds', '-3');
    await fill('Distance', '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByText('Seconds must be at least 0')).toBeTruthy();
    expect(screen.getByText('Distance must be at least 0')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('previews pace as m:ss and speed to 3 decimals, then submits numbers', async () => {
    const onSubmit = renderForm();
    await fill('Minutes', '25');
    await fill('Seconds', '30');
    await fill('Distance', '5');
    const preview = document.querySelector('.volume-preview')!.textContent;
    expect(preview).toContain('Pace 5:06 min/km');
    expect(preview).toContain('Speed 0.196 km/min');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      createdDate: '2026-03-07',
      time: { hours: 0, minutes: 25, seconds: 30 },
      distance: 5,
      notes: '',
    });
  });
});
