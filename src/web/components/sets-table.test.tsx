import '../test/setup';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WlSet } from '../../contract/sessions';
import { SetsTable } from './sets-table';

const sets: WlSet[] = [
  {
    _id: 'a',
    repetitions: 10,
    kilograms: 40,
    pounds: null,
    isHard: false,
    volume: 400,
    type: 'warmup',
    rpe: null,
  },
  {
    _id: 'b',
    repetitions: 5,
    kilograms: 100,
    pounds: 225,
    isHard: true,
    volume: 500,
    type: 'normal',
    rpe: 8.5,
  },
];

const rowsText = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('SetsTable', () => {
  it('shows each set: number and type badge, reps, weight, RPE, Hard, volume, in the user’s unit', () => {
    render(<SetsTable sets={sets} unit="lb" label="Bench sets" />);
    expect(screen.getByRole('region', { name: 'Bench sets' }).getAttribute('tabindex')).toBe('0');
    expect(rowsText()).toEqual([
      ['Set', 'Reps', 'LBs', 'RPE', 'Hard', 'Volume'],
      ['1W Warm-up', '10', '88.18', '–None', '–No', '881.8'],
      ['2', '5', '225', '8.5', 'Yes', '1,125'],
    ]);
  });

  it('is the same table inside a workout’s card, only tighter and without a card of its own', () => {
    const { container } = render(<SetsTable sets={sets} unit="kg" label="Sets" isInCard />);
    expect(container.querySelector('.sets-table')!.className).toBe('table-card sets-table');
    expect(container.querySelector('table')!.className).toBe('table table-compact');
    expect(rowsText()[1]).toEqual(['1W Warm-up', '10', '40', '–None', '–No', '400']);
  });
});
