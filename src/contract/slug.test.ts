import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('lowercases and joins words with -', () => {
    expect(slugify('Leg Day')).toBe('leg-day');
    expect(slugify('PUSH pull LEGS')).toBe('push-pull-legs');
    expect(slugify('Week 12')).toBe('week-12');
  });

  it('turns runs of spaces, underscores and dashes into one -', () => {
    expect(slugify('Leg   Day')).toBe('leg-day');
    expect(slugify('leg__day')).toBe('leg-day');
    expect(slugify('leg - _ -day')).toBe('leg-day');
    expect(slugify('a_-_b')).toBe('a-b');
  });

  it('trims spaces and dashes at both ends', () => {
    expect(slugify('  Leg Day  ')).toBe('leg-day');
    expect(slugify('--leg day__')).toBe('leg-day');
    expect(slugify('_-_ x _-_')).toBe('x');
    expect(slugify('- _ -')).toBe('');
  });

  it('keeps letters of every script', () => {
    expect(slugify('Τρέξιμο Πρωί')).toBe('τρέξιμο-πρωί');
    expect(slugify('Жим лёжа')).toBe('жим-лёжа');
    expect(slugify('ベンチ プレス')).toBe('ベンチ-プレス');
    expect(slugify('تمرين الصباح')).toBe('تمرين-الصباح');
    expect(slugify('Ünïcödé_Ärm')).toBe('ünïcödé-ärm');
  });

  it('gives one slug for one title however its accents were typed (NFC)', () => {
    const composed = 'Caf\u00e9';
    const decomposed = 'Cafe\u0301';
    expect(slugify(decomposed)).toBe(slugify(composed));
    expect(slugify(decomposed)).toBe('caf\u00e9');
  });

  it('is idempotent', () => {
    for (const title of ['Leg Day', 'Τρέξιμο  Πρωί', '--a__b--', 'ベンチ プレス']) {
      expect(slugify(slugify(title))).toBe(slugify(title));
    }
  });
});
