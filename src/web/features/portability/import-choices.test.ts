import '../../test/setup';
import { describe, expect, it } from 'vitest';
import { guessSource, SOURCES, toImportArgs } from './import-choices';

describe('guessSource', () => {
  it('tells the apps apart by their header, past a byte-order mark', () => {
    expect(guessSource('a.csv', '\uFEFF"title","start_time","exercise_title"\r\n"Push"')).toBe('hevy');
    expect(guessSource('a.csv', 'Date,Workout Name,Duration,Exercise Name,Set Order\n')).toBe('strong');
    expect(guessSource('FitNotes_Export.csv', 'Date,Exercise,Category,Weight (kgs),Reps\n')).toBe('fitnotes');
    expect(guessSource('backup.txt', '  {"format":"workout-log"')).toBe('json');
  });

  it('falls back to the extension for JSON, and to no guess otherwise', () => {
    expect(guessSource('workout-log.JSON', '')).toBe('json');
    expect(guessSource('export.csv', 'a,b,c\n1,2,3')).toBeNull();
    // A Hevy column name further down the file is not a header.
    expect(guessSource('x.csv', 'a,b\n"exercise_title"')).toBeNull();
  });
});

describe('toImportArgs', () => {
  const file = new File(['x'], 'x.csv');

  it('sends the units only for Strong, and only once the weight unit is chosen', () => {
    expect(toImportArgs({ file, source: 'hevy', unit: 'lb', distanceUnit: 'mi' })).toEqual({
      file,
      source: 'hevy',
    });
    expect(toImportArgs({ file, source: 'strong', unit: null, distanceUnit: 'km' })).toBeNull();
    expect(toImportArgs({ file, source: 'strong', unit: 'kg', distanceUnit: 'mi' })).toEqual({
      file,
      source: 'strong',
      unit: 'kg',
      distanceUnit: 'mi',
    });
  });

  it('offers FitNotes, sent as its source alone', () => {
    expect(SOURCES.find((s) => s.value === 'fitnotes')).toEqual({ value: 'fitnotes', label: 'FitNotes CSV' });
    expect(toImportArgs({ file, source: 'fitnotes', unit: 'lb', distanceUnit: 'mi' })).toEqual({
      file,
      source: 'fitnotes',
    });
  });

  it('is null without a file or with an empty one', () => {
    expect(toImportArgs({ source: 'json', distanceUnit: 'km' })).toBeNull();
    expect(toImportArgs({ file: new File([], 'e.csv'), source: 'hevy', distanceUnit: 'km' })).toBeNull();
  });
});
