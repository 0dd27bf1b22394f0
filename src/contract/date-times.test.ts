import { describe, expect, it } from 'vitest';
import { durationSeconds, optionalDateTime, timestampMicros } from './date-times';
import { DATE_MESSAGE } from './dates';

// Run under TZ=America/Los_Angeles and TZ=Pacific/Kiritimati too (npm run test:timezones).
describe(`optionalDateTime (TZ=${process.env.TZ ?? 'unset'})`, () => {
  it('is null when not given', () => {
    for (const blank of [undefined, null, '', '  ']) expect(optionalDateTime.parse(blank)).toBeNull();
  });

  it('keeps a date-time in the one form the API writes', () => {
    expect(optionalDateTime.parse('2026-11-26T10:00:00.000Z')).toBe('2026-11-26T10:00:00.000Z');
    expect(optionalDateTime.parse('2026-11-26T10:00:00+02:00')).toBe('2026-11-26T10:00:00+02:00');
    expect(optionalDateTime.parse('2026-11-26 10:00')).toBe('2026-11-26T10:00:00Z');
    expect(optionalDateTime.parse('2026-11-26T10:00:00.5-0800')).toBe('2026-11-26T10:00:00.5-08:00');
  });

  it('refuses what is no moment', () => {
    for (const bad of [
      'yesterday',
      '2026-11-26', // a date without a time
      '2026-02-30T10:00:00Z',
      '2026-11-26T25:00:00Z',
      '2026-11-26T10:00:00+16:00',
      '1899-12-31T23:59:59Z',
      '2101-01-01T00:00:00Z',
      1764151200000,
      true,
      {},
    ])
      expect(optionalDateTime.safeParse(bad).error?.issues[0].message, String(bad)).toBe(DATE_MESSAGE);
  });
});

describe('timestampMicros', () => {
  it('counts from 1970 in UTC, offsets applied', () => {
    expect(timestampMicros('1970-01-01T00:00:00Z')).toBe(0);
    expect(timestampMicros('1970-01-01T00:00:01.5Z')).toBe(1_500_000);
    expect(timestampMicros('1970-01-01T02:00:00+02:00')).toBe(0);
    expect(timestampMicros('1969-12-31T16:00:00-08:00')).toBe(0);
    expect(timestampMicros('1970-01-01T00:00:00.0000019Z')).toBe(1); // microseconds, as PostgreSQL keeps
    expect(timestampMicros('2026-11-26T10:00:00Z')).toBe(Date.UTC(2026, 10, 26, 10) * 1000);
  });

  it('is null for text that is no date-time', () => {
    expect(timestampMicros('2026-11-26')).toBeNull();
    expect(timestampMicros('soon')).toBeNull();
  });
});

describe('durationSeconds', () => {
  it('is whole seconds between start and end, rounded down', () => {
    expect(durationSeconds('2026-11-26T10:00:00Z', '2026-11-26T11:05:30Z')).toBe(3930);
    expect(durationSeconds('2026-11-26T10:00:00Z', '2026-11-26T10:00:59.999Z')).toBe(59);
    expect(durationSeconds('2026-11-26T10:00:00.9Z', '2026-11-26T10:00:01.1Z')).toBe(0);
    expect(durationSeconds('2026-11-26T10:00:00Z', '2026-11-26T10:00:00Z')).toBe(0);
  });

  it('compares moments, not the written clock times', () => {
    // 10:00 in Paris is 09:00 UTC: an hour later is 10:00 UTC.
    expect(durationSeconds('2026-11-26T10:00:00+01:00', '2026-11-26T10:00:00Z')).toBe(3600);
  });

  it('is null without both ends, or with the end before the start', () => {
    expect(durationSeconds(null, '2026-11-26T10:00:00Z')).toBeNull();
    expect(durationSeconds('2026-11-26T10:00:00Z', null)).toBeNull();
    expect(durationSeconds('2026-11-26T10:00:01Z', '2026-11-26T10:00:00Z')).toBeNull();
  });
});
