import { describe, expect, it } from 'vitest';
import { rangeFrom, readRange } from './exercises.api';

describe('rangeFrom', () => {
  it('is today less the range, All sending no from', () => {
    expect(rangeFrom('1M', '2026-11-25')).toBe('2026-10-25');
    expect(rangeFrom('3M', '2026-11-25')).toBe('2026-08-25');
    expect(rangeFrom('6M', '2026-11-25')).toBe('2026-05-25');
    expect(rangeFrom('1Y', '2026-11-25')).toBe('2025-11-25');
    expect(rangeFrom('All', '2026-11-25')).toBeUndefined();
  });

  it('crosses the year and keeps to the last day of a shorter month', () => {
    expect(rangeFrom('3M', '2026-01-15')).toBe('2025-10-15');
    expect(rangeFrom('1M', '2026-03-31')).toBe('2026-02-28');
    expect(rangeFrom('1M', '2024-03-31')).toBe('2024-02-29');
    expect(rangeFrom('6M', '2026-08-31')).toBe('2026-02-28');
    expect(rangeFrom('1Y', '2024-02-29')).toBe('2023-02-28');
  });
});

describe('readRange', () => {
  it('reads ?range=, All when absent or unknown', () => {
    expect(readRange(new URLSearchParams('page=2&range=3M'))).toBe('3M');
    expect(readRange(new URLSearchParams('page=2'))).toBe('All');
    expect(readRange(new URLSearchParams('range=2W'))).toBe('All');
  });
});
