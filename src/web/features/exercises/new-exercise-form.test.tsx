import '../../test/setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewExerciseForm } from './new-exercise-form';

describe('NewExerciseForm', () => {
  it('asks for a title and a metrics choice', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<NewExerciseForm isSaving={false} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByText('You must choose an option')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the two metrics by their labels and submits the session kind', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<NewExerciseForm isSaving={false} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Title'), 'Squat');
    expect((screen.getByLabelText('dist, pace, time') as HTMLInputElement).value).toBe('pasession');
    await userEvent.click(screen.getByLabelText('reps * kgs = vol'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ title: 'Squat', session: 'wlsession' }));
  });

  it('disables the submit button while saving', () => {
    render(<NewExerciseForm isSaving onSubmit={async () => {}} />);
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
