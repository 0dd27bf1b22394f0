import { describe, expect, it } from 'vitest';
import {
  DATE_MESSAGE,
  formatCalendarDate,
  formatMoment,
  parseCalendarDate,
  readTimestamp,
  todayLocal,
} from './dates';
import { calendarDate } from './fields';

// Run under several zones too: TZ=America/Los_Angeles and TZ=Pacific/Kiritimati (UTC−8/−7 and UTC+14).
describe(`parseCalendarDate (TZ=${process.env.TZ ?? 'unset'}, offset ${new Date().getTimezoneOffset()} min)`, () => {
  it('accepts YYYY-MM-DD as is', () => {
    expect(parseCalendarDate('2026-03-01')).toBe('2026-03-01');
    expect(parseCalendarDate('2026-12-31')).toBe('2026-12-31');
    expect(parseCalendarDate('2026-01-01')).toBe('2026-01-01');
    expect(parseCalendarDate(' 2026-01-01 ')).toBe('2026-01-01');
  });

  it('keeps the date written in an ISO date-time, whatever its offset', () => {
    expect(parseCalendarDate('2026-03-01T00:00:00Z')).toBe('2026-03-01');
    expect(parseCalendarDate('2026-03-01T00:00:00.000Z')).toBe('2026-03-01');
    expect(parseCalendarDate('2026-03-01T23:59:59Z')).toBe('2026-03-01');
    // Late evening in Los Angeles is already the next day in UTC: still March 1st.
    expect(parseCalendarDate('2026-03-01T23:30:00-08:00')).toBe('2026-03-01');
    // Early morning in Kiritimati is still the previous day in UTC: still March 1st.
    expect(parseCalendarDate('2026-03-01T00:30:00+14:00')).toBe('2026-03-01');
    expect(parseCalendarDate('2026-03-01T12:00:00+0530')).toBe('2026-03-01');
    expect(parseCalendarDate('2026-03-01T12:00')).toBe('2026-03-01');
    expect(parseCalendarDate('2026-03-01 12:00:00')).toBe('2026-03-01');
  });

  it('knows leap years', () => {
    expect(parseCalendarDate('2024-02-29')).toBe('2024-02-29');
    expect(parseCalendarDate('2000-02-29')).toBe('2000-02-29'); // divisible by 400
    expect(parseCalendarDate('2023-02-29')).toBeNull();
    expect(parseCalendarDate('1900-02-29')).toBeNull(); // divisible by 100, not 400
    expect(parseCalendarDate('2100-02-29')).toBeNull();
    expect(parseCalendarDate('2024-02-30')).toBeNull();
  });

  it('refuses impossible dates', () => {
    for (const bad of ['2026-02-30', '2026-13-45', '2026-00-10', '2026-01-00', '2026-04-31', '2026-06-31']) {
      expect(parseCalendarDate(bad), bad).toBeNull();
    }
    expect(parseCalendarDate('2026-02-30T10:00:00Z')).toBeNull();
  });

  it('refuses a time or an offset PostgreSQL cannot store (docs/api.md §9)', () => {
    for (const bad of [
      '2026-01-01T25:00:00Z',
      '2026-01-01T10:60',
      '2026-01-01T00:00:00+16:00',
      '2026-01-01T00:00:00+15:99',
      '2026-01-01T00:00:00-0560',
    ]) {
      expect(parseCalendarDate(bad), bad).toBeNull();
    }
    expect(parseCalendarDate('2026-01-01T00:00:00+15:59')).toBe('2026-01-01');
    expect(parseCalendarDate('2026-01-01T00:00:00-1200')).toBe('2026-01-01');
  });

  it('reads a timestamp as a file may write it, in the form the API writes (docs/api.md §9)', () => {
    expect(readTimestamp('2026-01-01T10:00:00Z')).toBe('2026-01-01T10:00:00Z');
    expect(readTimestamp('2026-01-01T10:00:00.123+15:59')).toBe('2026-01-01T10:00:00.123+15:59');
    expect(readTimestamp('2026-01-01 10:00:00+02')).toBe('2026-01-01T10:00:00+02:00');
    expect(readTimestamp('2026-01-01T10:00-0530')).toBe('2026-01-01T10:00:00-05:30');
    expect(readTimestamp('2026-01-01T10:00:00')).toBe('2026-01-01T10:00:00Z');
    for (const missing of [
      '2026-01-01T25:00:00Z',
      '2026-01-01T10:60:00Z',
      '2026-02-30T10:00:00Z',
      '2026-01-01T24:00:00Z',
    ]) {
      expect(readTimestamp(missing), missing).toBe('no such time');
    }
    for (const unstorable of [
      '0000-01-01T00:00:00Z',
      '2026-01-01T10:00:00+1600',
      '2026-01-01 10:00:00+16',
      '2026-01-01T10:00:00+15:99',
    ]) {
      expect(readTimestamp(unstorable), unstorable).toBe('unstorable');
    }
    for (const other of ['2026-01-01', 'yesterday', '', '2026-01-01T10'])
      expect(readTimestamp(other), other).toBeNull();
  });

  it('accepts years 1900–2100 only', () => {
    expect(parseCalendarDate('1900-01-01')).toBe('1900-01-01');
    expect(parseCalendarDate('2100-12-31')).toBe('2100-12-31');
    expect(parseCalendarDate('1899-12-31')).toBeNull();
    expect(parseCalendarDate('2101-01-01')).toBeNull();
    expect(parseCalendarDate('0000-01-01')).toBeNull();
  });

  it('refuses anything that is not a date string', () => {
    for (const bad of [
      '',
      'today',
      '2026-3-1',
      '01/03/2026',
      '2026/03/01',
      '20260301',
      '2026-03-01T',
      '2026-03-01Tnoon',
      '2026-03-01x',
      '+2026-03-01',
      '12026-03-01',
    ]) {
      expect(parseCalendarDate(bad), bad).toBeNull();
    }
    for (const bad of [null, undefined, 20260301, new Date(2026, 2, 1), {}, ['2026-03-01'], true]) {
      expect(parseCalendarDate(bad)).toBeNull();
    }
  });
});

describe('formatMoment', () => {
  it('writes a moment where the user is, as the app writes dates, on a 24-hour clock', () => {
    expect(formatMoment(new Date(2026, 10, 29, 3, 45))).toBe('29 Nov 2026, 03:45');
    expect(formatMoment(new Date(2026, 0, 5, 17, 7).toISOString())).toBe('5 Jan 2026, 17:07');
    expect(formatMoment('not a date')).toBe('not a date');
  });
});

describe('todayLocal', () => {
  it('is the local calendar date from the first to the last minute of the day', () => {
    expect(todayLocal(new Date(2026, 2, 1, 0, 0, 0))).toBe('2026-03-01');
    expect(todayLocal(new Date(2026, 2, 1, 23, 59, 59))).toBe('2026-03-01');
    expect(todayLocal(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
    expect(todayLocal(new Date(2024, 1, 29, 12))).toBe('2024-02-29');
  });

  it('follows the local zone, not UTC', () => {
    const instant = new Date(Date.UTC(2026, 2, 1, 12, 0)); // noon UTC on March 1st
    const local = new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000);
    expect(todayLocal(instant)).toBe(local.toISOString().slice(0, 10));
  });

  it('defaults to now and round-trips through parseCalendarDate', () => {
    const today = todayLocal();
    expect(parseCalendarDate(today)).toBe(today);
    expect(today).toBe(todayLocal(new Date()));
  });
});

describe('calendarDate schema and formatCalendarDate', () => {
  it('turns an ISO date-time into its written date and refuses bad input with the message of docs/product.md', () => {
    expect(calendarDate.parse('2026-03-01T23:30:00-08:00')).toBe('2026-03-01');
    for (const bad of ['2026-02-30', '', null, undefined, 42]) {
      const result = calendarDate.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(DATE_MESSAGE);
    }
  });

  it('formats without a time zone shift', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('1 Mar 2026');
    expect(formatCalendarDate('2026-12-31')).toBe('31 Dec 2026');
    expect(formatCalendarDate('2026-01-01')).toBe('1 Jan 2026');
  });
});
