import { describe, expect, it } from 'vitest';
import type { ExerciseRecords } from '../../../contract/records';
import { recordsInPounds } from './exercises.api';
import { formatDuration, formatPaceMinutes, recordRows, weightIn } from './record-rows';

const WL: ExerciseRecords = {
  kind: 'wlsession',
  records: {
    heaviest: { value: 61.23, createdDate: '2024-01-08', slugSession: 'a' },
    e1rm: { value: 100, createdDate: '2024-01-15', slugSession: 'b' },
    bestSetVolume: { value: 306.17, createdDate: '2024-01-08', slugSession: 'a' },
    bestSessionVolume: null,
  },
};

describe('recordRows', () => {
  it('shows kilograms as they are for a kg user, in the order of docs/api.md §10', () => {
    const rows = recordRows(WL, 'kg');
    expect(rows.map((r) => [r.name, r.value])).toEqual([
      ['Heaviest', '61.23 kg'],
      ['Estimated 1RM', '100 kg'],
      ['Best set volume', '306.17 kg'],
      ['Best session volume', null],
    ]);
    expect(rows[1]).toMatchObject({ createdDate: '2024-01-15', slugSession: 'b' });
  });

  it('shows a lb user the pounds of the sets that hold the records, never kilograms converted back', () => {
    // Session a: 5 × 135 lb typed (61.23 kg each); session b: 3 × 100 kg typed in kilograms.
    const sessions = new Map([
      [
        'a',
        { set: [{ repetitions: 5, kilograms: 61.23, pounds: 135, isHard: true, _id: '1', volume: 306.17 }] },
      ],
      ['b', { set: [{ repetitions: 3, kilograms: 100, pounds: null, isHard: true, _id: '2', volume: 300 }] }],
    ]);
    const pounds = recordsInPounds(WL, sessions);
    // 100 kg is 220.46 lb on screen, and its e1RM 220.46 × 1.1 = 242.51.
    expect(pounds).toEqual({ heaviest: 135, e1rm: 242.51, bestSetVolume: 675 });
    const rows = recordRows({ ...WL, pounds }, 'lb');
    expect(rows.map((r) => r.value)).toEqual(['135 lb', '242.51 lb', '675 lb', null]);
  });

  it('converts kilograms (÷ 0.45359237, rounded to 2) only until the pounds arrive', () => {
    // 61.23 kg is what 135 lb is stored as: converted back it reads 134.99, hence the sessions' sets.
    expect(recordRows(WL, 'lb').map((r) => r.value)).toEqual(['134.99 lb', '220.46 lb', '674.99 lb', null]);
    expect(weightIn(100, 'kg')).toBe(100);
    expect(weightIn(100, 'lb')).toBe(220.46);
  });

  it('shows pace as m:ss min/km, distance in km, duration as h:mm:ss, whatever the weight unit', () => {
    const rows = recordRows(
      {
        kind: 'pasession',
        records: {
          fastestPace: { value: 4.967, createdDate: '2025-03-08', slugSession: 'p' },
          longestDistance: { value: 10.5, createdDate: '2025-03-01', slugSession: 'q' },
          longestDuration: { value: 3725, createdDate: '2025-03-01', slugSession: 'q' },
        },
      },
      'lb',
    );
    expect(rows.map((r) => [r.name, r.value])).toEqual([
      ['Fastest pace', '4:58 min/km'],
      ['Longest distance', '10.5 km'],
      ['Longest duration', '1:02:05'],
    ]);
    expect(formatPaceMinutes(5.5)).toBe('5:30');
    expect(formatPaceMinutes(4.9999)).toBe('5:00');
    expect(formatDuration(59)).toBe('0:00:59');
  });
});
