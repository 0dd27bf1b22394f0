import { describe, expect, it } from 'vitest';
import {
  compactNumber,
  fittedRange,
  formatPaceTick,
  formatSeriesValue,
  isLabelled,
  labelStep,
  niceAxes,
  niceStep,
  shortDate,
} from './chart-scale';

describe('niceStep', () => {
  it.each([
    [1, 1],
    [1.2, 2],
    [2.1, 2.5],
    [3, 5],
    [6, 10],
    [245, 250],
    [0.04, 0.05],
    [0.3, 0.5],
    [0.1, 0.1],
  ])('rounds %s up to %s', (rough, step) => expect(niceStep(rough)).toBe(step));
});

describe('niceAxes', () => {
  it('starts at 0 and ends just above the maximum, 4 to 6 ticks', () => {
    expect(niceAxes([980])[0].ticks).toEqual([0, 250, 500, 750, 1000]);
    expect(niceAxes([1010])[0].ticks).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(niceAxes([45_300])[0].ticks).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
    for (const max of [0.7, 3, 7, 13, 99, 101, 555, 9999, 123_456]) {
      const [{ ticks, max: top }] = niceAxes([max]);
      expect(ticks[0]).toBe(0);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(4);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('uses clean decimals', () => {
    expect(niceAxes([0.201])[0].ticks).toEqual([0, 0.05, 0.1, 0.15, 0.2, 0.25]);
  });

  it('scales an empty axis as 0 to 1', () => {
    expect(niceAxes([0])[0].ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('gives two axes the same number of ticks, so they share the grid lines', () => {
    const [pace, speed] = niceAxes([5.1, 0.201]);
    expect(pace.ticks).toEqual([0, 2, 4, 6]);
    expect(speed.ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

describe("a fitted axis (the weights chart's lines)", () => {
  const fitted = (values: number[]) => niceAxes([fittedRange(values)])[0];

  it('fits 100.0 to 105.0 kg with a little room either side, not from 0', () => {
    expect(fittedRange([100, 102.5, 105])).toEqual({ min: 99.5, max: 105.5 });
    expect(fitted([100, 102.5, 105])).toEqual({ min: 98, max: 106, ticks: [98, 100, 102, 104, 106] });
  });

  it('centres a single value', () => {
    expect(fitted([100])).toEqual({ min: 95, max: 105, ticks: [95, 97.5, 100, 102.5, 105] });
    expect(fitted([60, 60]).ticks).toEqual([56, 58, 60, 62, 64]);
  });

  it('fits pounds the same way', () => {
    expect(fitted([225.5, 235]).ticks).toEqual([220, 225, 230, 235, 240]);
    expect(fitted([135, 140, 145]).ticks).toEqual([130, 135, 140, 145, 150]);
  });

  it('makes a change of half a kilogram visible', () => {
    expect(fitted([102.5, 103]).ticks).toEqual([102.4, 102.6, 102.8, 103, 103.2]);
  });

  it('starts at 0 only when the data is near it', () => {
    expect(fittedRange([1, 20]).min).toBe(0);
    expect(fitted([1, 20]).ticks).toEqual([0, 5, 10, 15, 20, 25]);
    expect(fitted([60, 140]).ticks).toEqual([50, 75, 100, 125, 150]);
  });

  it("leaves out 0, a session's 'none', and gives no values 0 to 1", () => {
    expect(fittedRange([0, 100, 0])).toEqual(fittedRange([100]));
    expect(fitted([0, 0]).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('shares the number of grid lines with a volume axis from 0', () => {
    const [volumes, weights] = niceAxes([1234.5, fittedRange([100, 105])]);
    expect(volumes.ticks).toEqual([0, 500, 1000, 1500, 2000]);
    expect(weights.ticks).toEqual([98, 100, 102, 104, 106]);
  });
});

describe('label thinning', () => {
  it('labels every date when there is room', () => {
    expect(labelStep(2, 255, 45)).toBe(1);
    expect(labelStep(1, 0, 45)).toBe(1);
  });

  it('keeps 100 dates at 375 px apart by at least a label', () => {
    const step = labelStep(100, 255, 45);
    expect(step).toBe(18);
    const shown = Array.from({ length: 100 }, (_, i) => i).filter((i) => isLabelled(i, 100, step));
    expect(shown.at(-1)).toBe(99);
    expect(shown.length * 45).toBeLessThanOrEqual(255 + 45);
    for (let i = 1; i < shown.length; i += 1)
      expect((shown[i] - shown[i - 1]) * 2.55).toBeGreaterThanOrEqual(45);
  });
});

describe('formatting', () => {
  it('reads short dates from the string', () => {
    expect(shortDate('2026-03-07')).toBe('7 Mar');
    expect(shortDate('2024-12-31')).toBe('31 Dec');
    expect(shortDate('not a date')).toBe('not a date');
  });

  it('writes big volumes in thousands', () => {
    expect(compactNumber(7500)).toBe('7500');
    expect(compactNumber(10_000)).toBe('10k');
    expect(compactNumber(12_500)).toBe('12.5k');
    expect(compactNumber(999_000)).toBe('999k');
    expect(compactNumber(1_000_000)).toBe('1M');
    expect(compactNumber(12_500_000)).toBe('12.5M');
    expect(compactNumber(0.75)).toBe('0.75');
  });

  it('writes pace ticks as m:ss', () => {
    expect(formatPaceTick(0)).toBe('0:00');
    expect(formatPaceTick(2.5)).toBe('2:30');
    expect(formatPaceTick(4 + 58 / 60)).toBe('4:58');
    expect(formatPaceTick(4.9999)).toBe('5:00');
  });

  it('gives tooltip values their units', () => {
    expect(formatSeriesValue({ key: 'totalVolume', unit: 'kg' }, 1234.5)).toBe('1,234.5 kg');
    expect(formatSeriesValue({ key: 'totalVolume', unit: 'lb' }, 675)).toBe('675 lb');
    expect(formatSeriesValue({ key: 'pace', unit: 'min/km' }, 5.1)).toBe('5:06 min/km');
    expect(formatSeriesValue({ key: 'speed', unit: 'km/min' }, 0.196)).toBe('0.196 km/min');
    // No qualifying set: no marker on the line, and no "0 kg" in the tooltip.
    expect(formatSeriesValue({ key: 'e1rm', unit: 'kg' }, 0)).toBe('none');
    expect(formatSeriesValue({ key: 'heaviest', unit: 'lb' }, 0)).toBe('none');
    expect(formatSeriesValue({ key: 'workingVolume', unit: 'kg' }, 0)).toBe('0 kg');
  });
});
