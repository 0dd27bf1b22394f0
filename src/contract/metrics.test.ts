import { describe, expect, it } from 'vitest';
import {
  shownFrom,
  formatNumber,
  formatPace,
  formatSpeed,
  paceFigures,
  paceValue,
  round2,
  round3,
  sessionVolumes,
  setBests,
  setVolume,
} from './metrics';

describe('round2 / round3', () => {
  it('rounds the decimal value, not its binary approximation', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(1.004)).toBe(1);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(2.675)).toBe(2.68);
    expect(round3(1.0005)).toBe(1.001);
    expect(round3(0.21178)).toBe(0.212);
    expect(round3(2 / 3)).toBe(0.667);
  });

  it('rounds a product by its decimal value, not the binary noise of its arithmetic', () => {
    // 21.15 × 1.3 is 27.494999999999997 and 1.5 × 0.15 is 0.22499999999999998 as doubles.
    expect(round2(21.15 * (1 + 9 / 30))).toBe(27.5);
    expect(round2(1.5 * 0.15)).toBe(0.23);
    expect(round3(1.0005 * 1)).toBe(1.001);
  });

  it('leaves whole numbers and short decimals alone', () => {
    expect(round2(0)).toBe(0);
    expect(round2(500)).toBe(500);
    expect(round2(12.5)).toBe(12.5);
    expect(round3(0.2)).toBe(0.2);
  });

  it('handles huge and tiny values without returning NaN or exponent noise', () => {
    expect(round2(1e10)).toBe(1e10);
    expect(round2(100000 * 100000)).toBe(1e10);
    // String(1e-7) is '1e-7': rounding must not build '1e-7e2' (NaN).
    expect(round2(1e-7)).toBe(0);
    expect(round3(1.6e-9)).toBe(0);
    expect(round3(0.0004)).toBe(0);
    expect(round3(0.0005)).toBe(0.001);
    expect(round2(1.5e21)).toBe(1.5e21);
    expect(round2(-1.005)).toBe(-1.01);
    expect(Object.is(round2(-0.001), -0)).toBe(false); // no negative zero in JSON output
  });
});

describe('volumes', () => {
  it('a set volume is round2(reps × kg)', () => {
    expect(setVolume({ repetitions: 10, kilograms: 50 })).toBe(500);
    expect(setVolume({ repetitions: 3, kilograms: 33.33 })).toBe(99.99);
    expect(setVolume({ repetitions: 7, kilograms: 0.15 })).toBe(1.05); // 1.0499999… in binary
    expect(setVolume({ repetitions: 2.5, kilograms: 2.25 })).toBe(5.63); // 5.625 rounds up
    expect(setVolume({ repetitions: 0, kilograms: 100 })).toBe(0);
  });

  it('splits the session total into working (hard) and junk volume', () => {
    const volumes = sessionVolumes([
      { repetitions: 10, kilograms: 50, isHard: true },
      { repetitions: 8, kilograms: 40, isHard: false },
      { repetitions: 5, kilograms: 60, isHard: true },
    ]);
    expect(volumes).toEqual({ totalVolume: 1120, workingVolume: 800, junkVolume: 320 });
  });

  it('rounds the sums too (no 0.30000000000000004)', () => {
    const volumes = sessionVolumes([
      { repetitions: 1, kilograms: 0.1, isHard: false },
      { repetitions: 1, kilograms: 0.2, isHard: false },
      { repetitions: 1, kilograms: 0.1, isHard: true },
      { repetitions: 1, kilograms: 0.2, isHard: true },
    ]);
    expect(volumes).toEqual({ totalVolume: 0.6, workingVolume: 0.3, junkVolume: 0.3 });
  });

  it('is all zeros for no sets, and working or junk alone when every set is one kind', () => {
    expect(sessionVolumes([])).toEqual({ totalVolume: 0, workingVolume: 0, junkVolume: 0 });
    expect(sessionVolumes([{ repetitions: 5, kilograms: 20, isHard: true }])).toEqual({
      totalVolume: 100,
      workingVolume: 100,
      junkVolume: 0,
    });
  });

  it('stays exact at the input limits (100 sets of 100000 × 100000)', () => {
    const sets = Array.from({ length: 100 }, () => ({
      repetitions: 100000,
      kilograms: 100000,
      isHard: false,
    }));
    expect(sessionVolumes(sets).totalVolume).toBe(1e12);
  });
});

describe('shownFrom: a weight left as shown goes back as stored (docs/api.md §10)', () => {
  const stored = [
    { kilograms: 62.5, pounds: null },
    { kilograms: 61.23, pounds: 135 },
  ];

  it('finds the stored weight a figure in the other unit was rounded from', () => {
    expect(shownFrom(137.79, 'lb', stored)).toEqual({ kilograms: 62.5, pounds: null });
    expect(shownFrom(61.23, 'kg', stored)).toEqual({ kilograms: 61.23, pounds: 135 });
  });

  it('finds one in its own unit as itself, and none for a figure the user typed', () => {
    expect(shownFrom(135, 'lb', stored)).toEqual({ kilograms: 61.23, pounds: 135 });
    expect(shownFrom(62.5, 'kg', stored)).toEqual({ kilograms: 62.5, pounds: null });
    expect(shownFrom(137.8, 'lb', stored)).toBeNull();
    expect(shownFrom(62.5, 'lb', stored)).toBeNull();
    expect(shownFrom(62.5, 'kg', [])).toBeNull();
  });
});

describe('pace and speed', () => {
  it('5 km in 25 minutes is 5:00 min/km and 0.2 km/min', () => {
    expect(paceFigures({ hours: 0, minutes: 25, seconds: 0 }, 5)).toEqual({
      paceMinutes: 5,
      paceSeconds: 0,
      speed: 0.2,
    });
  });

  it('counts hours and seconds in the total time', () => {
    // 10 km in 47:13 → 4.7217 min/km → 4:43, speed 0.21179 → 0.212
    expect(paceFigures({ hours: 0, minutes: 47, seconds: 13 }, 10)).toEqual({
      paceMinutes: 4,
      paceSeconds: 43,
      speed: 0.212,
    });
    // 21.1 km in 1:45:30 → 105.5 min → 5.0 min/km exactly
    expect(paceFigures({ hours: 1, minutes: 45, seconds: 30 }, 21.1)).toEqual({
      paceMinutes: 5,
      paceSeconds: 0,
      speed: 0.2,
    });
    // 3 km in 1 h → 20:00 min/km, 0.05 km/min
    expect(paceFigures({ hours: 1, minutes: 0, seconds: 0 }, 3)).toEqual({
      paceMinutes: 20,
      paceSeconds: 0,
      speed: 0.05,
    });
  });

  it('rounds seconds to the nearest whole second', () => {
    // 1 km in 4:29.4 → 29 s; 4:29.6 → 30 s. (An exact half such as 29.5 follows the float result of
    // docs/api.md's formula, (pace − paceMinutes) × 60 = 29.4999…, so it is not pinned here.)
    expect(paceFigures({ hours: 0, minutes: 4, seconds: 29.4 }, 1).paceSeconds).toBe(29);
    expect(paceFigures({ hours: 0, minutes: 4, seconds: 29.6 }, 1).paceSeconds).toBe(30);
    expect(paceFigures({ hours: 0, minutes: 4, seconds: 29.6 }, 1).paceMinutes).toBe(4);
  });

  it('gives a finite speed even when it rounds to 0 (distance 0.01 over 100000 hours)', () => {
    expect(paceFigures({ hours: 100000, minutes: 0, seconds: 0 }, 0.01)).toEqual({
      paceMinutes: 600000000,
      paceSeconds: 0,
      speed: 0,
    });
  });

  it('carries seconds that round to 60 into the minutes (4:59.99 → 5:00, never 4:60)', () => {
    expect(paceFigures({ hours: 0, minutes: 4, seconds: 59.99 }, 1)).toMatchObject({
      paceMinutes: 5,
      paceSeconds: 0,
    });
    // 3 km in 17:59.9 → 5.99944 min/km → 5:59.97 → 6:00
    expect(paceFigures({ hours: 0, minutes: 17, seconds: 59.9 }, 3)).toMatchObject({
      paceMinutes: 6,
      paceSeconds: 0,
    });
  });

  it('never reports seconds outside 0…59', () => {
    for (let s = 0; s < 60; s += 0.37) {
      const { paceSeconds } = paceFigures({ hours: 0, minutes: 7, seconds: Number(s.toFixed(2)) }, 1.3);
      expect(paceSeconds).toBeGreaterThanOrEqual(0);
      expect(paceSeconds).toBeLessThan(60);
      expect(Number.isInteger(paceSeconds)).toBe(true);
    }
  });

  it('is all 0 when the distance or the time is 0', () => {
    const zero = { paceMinutes: 0, paceSeconds: 0, speed: 0 };
    expect(paceFigures({ hours: 0, minutes: 30, seconds: 0 }, 0)).toEqual(zero);
    expect(paceFigures({ hours: 0, minutes: 0, seconds: 0 }, 5)).toEqual(zero);
    expect(paceFigures({ hours: 0, minutes: 0, seconds: 0 }, 0)).toEqual(zero);
  });

  it('formats pace as m:ss and speed with 3 decimals, and charts pace as minutes + seconds/60', () => {
    expect(formatPace(5, 3)).toBe('5:03');
    expect(formatPace(12, 45)).toBe('12:45');
    expect(formatSpeed(0.2)).toBe('0.200');
    expect(paceValue(5, 30)).toBe(5.5);
    expect(paceValue(4, 0)).toBe(4);
  });
});

describe('formatNumber', () => {
  it('writes up to 2 decimals with thousands separators', () => {
    expect(formatNumber(12500.5)).toBe('12,500.5');
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(100)).toBe('100');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999.995)).toBe('1,000');
    expect(formatNumber(-1234.5)).toBe('-1,234.5');
    expect(formatNumber(-0.001)).toBe('0');
  });

  it('writes what Intl.NumberFormat writes, value for value', () => {
    const intl = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
    const values = [0.1 + 0.2, 1.005, 0.125, 2.675, 61.23, 306.17, 1e15, 123456789.995, 0.004, 0.005];
    // Figures with up to 4 decimals and 9 digits, from a fixed sequence (the same every run).
    for (let i = 0, seed = 7; i < 5000; i += 1) {
      seed = (seed * 48271) % 2147483647;
      values.push((seed % 1e9) / 10 ** (i % 5));
    }
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });
});

describe('setBests', () => {
  it('counts every set with reps and weight for the heaviest and set volume, whole reps for the e1RM', () => {
    expect(setBests([{ repetitions: 0.5, kilograms: 100 }])).toEqual({
      heaviest: 100,
      e1rm: 0,
      bestSetVolume: 50,
      exactVolume: 50,
    });
    expect(
      setBests([
        { repetitions: 0, kilograms: 100 },
        { repetitions: 5, kilograms: 0 },
      ]),
    ).toEqual({
      heaviest: 0,
      e1rm: 0,
      bestSetVolume: 0,
      exactVolume: 0,
    });
  });
});
