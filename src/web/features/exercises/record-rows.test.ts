import { describe, expect, it } from 'vitest';
import { exerciseRecords } from '../../../contract/records';
import { formatDuration, formatPaceMinutes, recordRows } from './record-rows';

// Session a: 5 × 135 lb typed (61.23 kg each); session b: 3 × 100 kg typed in kilograms (220.46 lb).
const WL = exerciseRecords.parse({
  kind: 'wlsession',
  records: {
    heaviest: { value: 61.23, pounds: 135, createdDate: '2024-01-08', slugSession: 'a' },
    e1rm: { value: 100, pounds: 242.51, createdDate: '2024-01-15', slugSession: 'b' },
    bestSetVolume: { value: 306.17, pounds: 675, createdDate: '2024-01-08', slugSession: 'a' },
    bestSessionVolume: null,
  },
});

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

  it("shows a lb user the server's pounds of the sets that hold the records, never kilograms converted back", () => {
    expect(recordRows(WL, 'lb').map((r) => r.value)).toEqual(['135 lb', '242.51 lb', '675 lb', null]);
  });

  it('writes a 7-digit volume with its thousands separators and its unit', () => {
    const big = exerciseRecords.parse({
      kind: 'wlsession',
      records: {
        ...WL.records,
        bestSessionVolume: {
          value: 1_234_567.89,
          pounds: 2_721_771.5,
          createdDate: '2024-02-01',
          slugSession: 'c',
        },
      },
    });
    expect(recordRows(big, 'kg')[3].value).toBe('1,234,567.89 kg');
    expect(recordRows(big, 'lb')[3].value).toBe('2,721,771.5 lb');
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
