import { describe, expect, it } from 'vitest';
import { RESERVED_LOG_SLUGS } from '../../../contract/slug';
import { cleanTitle } from './import-titles';

const clean = (raw: string) => cleanTitle(raw, RESERVED_LOG_SLUGS);

describe('cleanTitle', () => {
  it.each([
    ['Bench Press (Barbell)', 'Bench Press Barbell', 'bench-press-barbell'],
    ["Farmer's Walk", 'Farmers Walk', 'farmers-walk'],
    ['Push/Pull  &  Legs', 'Push Pull Legs', 'push-pull-legs'],
    ['  Leg_Day - A  ', 'Leg_Day - A', 'leg-day-a'],
    ['Πρωινό τρέξιμο!', 'Πρωινό τρέξιμο', 'πρωινό-τρέξιμο'],
    ['Squat\t@ 80%', 'Squat 80', 'squat-80'],
  ])('%j → %j', (raw, title, slug) => {
    expect(clean(raw)).toEqual({ title, slug });
  });

  it('cuts to 100 characters without splitting a letter', () => {
    const result = clean(`${'a'.repeat(99)}𝒜𝒜`);
    expect(result).toEqual({ title: 'a'.repeat(99), slug: 'a'.repeat(99) });
    const spaced = clean(`${'b'.repeat(99)} c`);
    expect(spaced).toMatchObject({ title: 'b'.repeat(99) });
  });

  it('gives a reason when nothing usable is left, or the slug is reserved', () => {
    expect(clean('???')).toEqual({ reason: 'No letters or numbers in the name "???"' });
    expect(clean(' - ')).toHaveProperty('reason');
    expect(clean('Edit')).toEqual({ reason: 'The name "Edit" is reserved' });
  });
});
