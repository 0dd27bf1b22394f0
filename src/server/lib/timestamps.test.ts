import { describe, expect, it } from 'vitest';
import { toIso } from './timestamps';

describe('toIso', () => {
  it('turns PostgreSQL timestamptz text and JSON forms into ISO 8601 UTC with milliseconds', () => {
    expect(toIso('2026-11-22 05:49:17.123456+00')).toBe('2026-11-22T05:49:17.123Z');
    expect(toIso('2026-11-22T05:49:17.12+00:00')).toBe('2026-11-22T05:49:17.120Z');
    expect(toIso('2026-11-22 05:49:17+00')).toBe('2026-11-22T05:49:17.000Z');
  });

  it('converts other offsets to UTC', () => {
    expect(toIso('2026-11-22 05:49:17.5+02')).toBe('2026-11-22T03:49:17.500Z');
    expect(toIso('2026-11-22T05:49:17.5+05:30')).toBe('2026-11-22T00:19:17.500Z');
  });

  it('gives the same answer as Date for every UTC form', () => {
    for (const text of ['2024-02-29 23:59:59.999999+00', '1999-12-31 00:00:00.1+00']) {
      expect(toIso(text)).toBe(new Date(text.replace(' ', 'T').replace(/\+00$/, '+00:00')).toISOString());
    }
  });
});
