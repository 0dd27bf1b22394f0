import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATE_SETTINGS, type PlateLoad, loadPlates, plateSettings } from './plates';

const KG = DEFAULT_PLATE_SETTINGS.kg;
const LB = DEFAULT_PLATE_SETTINGS.lb;
const exact = (perSide: number[], total: number): PlateLoad => ({
  perSide,
  total,
  difference: 0,
  belowBar: false,
});

describe('loadPlates with the kg defaults (bar 20; 25, 20, 15, 10, 5, 2.5, 1.25)', () => {
  it('loads common weights', () => {
    expect(loadPlates(60, KG)).toEqual(exact([20], 60));
    expect(loadPlates(100, KG)).toEqual(exact([25, 15], 100)); // 40 a side: 25 + 15 before 20 + 20
    expect(loadPlates(102.5, KG)).toEqual(exact([25, 15, 1.25], 102.5));
    expect(loadPlates(140, KG)).toEqual(exact([25, 25, 10], 140));
    expect(loadPlates(22.5, KG)).toEqual(exact([1.25], 22.5));
    expect(loadPlates(245, KG)).toEqual(exact([25, 25, 25, 25, 10, 2.5], 245));
  });

  it('is the empty bar at the bar’s weight', () => {
    expect(loadPlates(20, KG)).toEqual(exact([], 20));
  });

  it('says when the target is lighter than the bar (zero and negatives too)', () => {
    expect(loadPlates(15, KG)).toEqual({ perSide: [], total: 20, difference: -5, belowBar: true });
    expect(loadPlates(0, KG)).toEqual({ perSide: [], total: 20, difference: -20, belowBar: true });
    expect(loadPlates(-10, KG)).toEqual({ perSide: [], total: 20, difference: -30, belowBar: true });
    expect(loadPlates(NaN, KG).belowBar).toBe(true);
  });

  it('gives the closest lighter weight and the difference when it cannot be made', () => {
    expect(loadPlates(21, KG)).toEqual({ perSide: [], total: 20, difference: 1, belowBar: false });
    expect(loadPlates(23, KG)).toEqual({ perSide: [1.25], total: 22.5, difference: 0.5, belowBar: false });
    // 61.3 a side: 61.25 is 25 + 25 + 10 + 1.25.
    expect(loadPlates(142.6, KG)).toEqual({
      perSide: [25, 25, 10, 1.25],
      total: 142.5,
      difference: 0.1,
      belowBar: false,
    });
    // An odd hundredth cannot be split: 100.01 loads as 100.
    expect(loadPlates(100.01, KG)).toEqual({
      perSide: [25, 15],
      total: 100,
      difference: 0.01,
      belowBar: false,
    });
  });

  it('is not thrown by binary noise', () => {
    expect(loadPlates(20 + 0.1 + 0.2 + 2.2, KG)).toEqual(exact([1.25], 22.5)); // 22.500000000000004
    expect(loadPlates(0.1 * 3 * 100 - 7.5, KG)).toEqual(exact([1.25], 22.5)); // 22.500000000000004
  });

  it('handles absurd targets quickly (the largest plates taken first)', () => {
    const load = loadPlates(100_000, KG); // 49,990 a side: 1,999 × 25 + 15
    expect(load.total).toBe(100_000);
    expect(load.perSide.length).toBe(2000);
    expect(load.perSide.slice(0, 1999).every((p) => p === 25)).toBe(true);
    expect(load.perSide[1999]).toBe(15);
  });
});

describe('loadPlates with the lb defaults (bar 45; 45, 35, 25, 10, 5, 2.5)', () => {
  it('loads the plate milestones', () => {
    expect(loadPlates(135, LB)).toEqual(exact([45], 135));
    expect(loadPlates(225, LB)).toEqual(exact([45, 45], 225));
    expect(loadPlates(315, LB)).toEqual(exact([45, 45, 45], 315));
    expect(loadPlates(185, LB)).toEqual(exact([45, 25], 185)); // 70 a side: 45 + 25 before 35 + 35
    expect(loadPlates(100, LB)).toEqual(exact([25, 2.5], 100));
    expect(loadPlates(50, LB)).toEqual(exact([2.5], 50));
  });

  it('gives the closest lighter weight below what it cannot make', () => {
    expect(loadPlates(47.4, LB)).toEqual({ perSide: [], total: 45, difference: 2.4, belowBar: false });
    expect(loadPlates(137, LB)).toEqual({ perSide: [45], total: 135, difference: 2, belowBar: false });
    expect(loadPlates(30, LB)).toEqual({ perSide: [], total: 45, difference: -15, belowBar: true });
  });
});

describe('loadPlates where greedy goes wrong', () => {
  it('makes a weight greedy misses (15 and 10 plates: 20 a side is 10 + 10)', () => {
    const set = { bar: 20, plates: [15, 10] };
    expect(loadPlates(60, set)).toEqual(exact([10, 10], 60)); // greedy: 15, then 5 short
    expect(loadPlates(70, set)).toEqual(exact([15, 10], 70));
    expect(loadPlates(80, { bar: 20, plates: [25, 20, 15] })).toEqual(exact([15, 15], 80)); // greedy: 25 and 5 short
    expect(loadPlates(185, { bar: 45, plates: [45, 35, 10] })).toEqual(exact([35, 35], 185)); // greedy: 45 + 10 + 10
  });

  it('finds the closest lighter weight greedy misses', () => {
    // 32 a side with 15s and 10s: 30 (15 + 15), where greedy stops at 15 + 10 = 25.
    expect(loadPlates(84, { bar: 20, plates: [15, 10] })).toEqual({
      perSide: [15, 15],
      total: 80,
      difference: 4,
      belowBar: false,
    });
  });

  it('uses the fewest plates (25, 20, 5: 40 a side is 20 + 20, not 25 + 5 + 5 + 5)', () => {
    expect(loadPlates(100, { bar: 20, plates: [25, 20, 5] })).toEqual(exact([20, 20], 100));
  });

  it('takes plates in any order, duplicated or not, and ignores sizes that are no plate', () => {
    expect(loadPlates(60, { bar: 20, plates: [10, 15, 10, 0, -5, NaN] })).toEqual(exact([10, 10], 60));
    expect(loadPlates(60, { bar: 20, plates: [] })).toEqual({
      perSide: [],
      total: 20,
      difference: 40,
      belowBar: false,
    });
  });

  it('loads a bar of 0 (a loading pin) and fractional plates', () => {
    expect(loadPlates(1.5, { bar: 0, plates: [0.5, 0.25] })).toEqual(exact([0.5, 0.25], 1.5));
    expect(loadPlates(0, { bar: 0, plates: [1] })).toEqual(exact([], 0));
  });
});

/** Every way to load a side, tried: the largest total ≤ side, then fewest plates, then heaviest first. */
function bruteForce(side: number, sizes: number[]): number[] {
  let best: number[] = [];
  const better = (a: number[], b: number[]) => {
    const sa = a.reduce((s, p) => s + p, 0);
    const sb = b.reduce((s, p) => s + p, 0);
    if (sa !== sb) return sa > sb;
    if (a.length !== b.length) return a.length < b.length;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
    return false;
  };
  const walk = (i: number, left: number, taken: number[]) => {
    if (i === sizes.length) {
      if (better(taken, best)) best = [...taken];
      return;
    }
    for (let n = Math.floor(left / sizes[i]); n >= 0; n--)
      walk(i + 1, left - n * sizes[i], [...taken, ...Array<number>(n).fill(sizes[i])]);
  };
  walk(0, side, []);
  return best;
}

describe('loadPlates against every possible loading', () => {
  it('agrees with trying them all (hundredths, up to 4 sizes, up to 60 a side)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 250, max: 2500 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 12_000 }),
        (sizes, twice) => {
          const sorted = [...sizes].sort((a, b) => b - a);
          const expected = bruteForce(Math.floor(twice / 2), sorted).map((p) => p / 100);
          const load = loadPlates(20 + twice / 100, { bar: 20, plates: sorted.map((p) => p / 100) });
          expect(load.perSide).toEqual(expected);
          expect(load.total).toBeCloseTo(20 + (2 * expected.reduce((s, p) => s + p * 100, 0)) / 100, 9);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('takes the largest plates first on heavy bars without changing the answer', () => {
    // A plain table over every hundredth up to the side, without the shortcut, for comparison.
    const plain = (side: number, sizes: number[]) => {
      const count = Array<number>(side + 1).fill(Infinity);
      count[0] = 0;
      for (let x = 1; x <= side; x++)
        for (const c of sizes) if (c <= x) count[x] = Math.min(count[x], count[x - c] + 1);
      let x = side;
      while (count[x] === Infinity) x--;
      const out: number[] = [];
      while (x > 0) {
        const c = sizes.find((s) => s <= x && count[x - s] === count[x] - 1) as number;
        out.push(c / 100);
        x -= c;
      }
      return out;
    };
    fc.assert(
      fc.property(
        // Multiples of 1.25 up to 45, so the side is often past the shortcut's threshold (L² + L units).
        fc.uniqueArray(
          fc.integer({ min: 1, max: 36 }).map((k) => k * 125),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 200_000 }),
        (sizes, side) => {
          const sorted = [...sizes].sort((a, b) => b - a);
          const load = loadPlates(20 + (2 * side) / 100, { bar: 20, plates: sorted.map((p) => p / 100) });
          expect(load.perSide).toEqual(plain(side, sorted));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('plateSettings', () => {
  it('keeps a bar and plate sizes, heaviest first, each once, numeric strings included', () => {
    expect(plateSettings.parse({ bar: '15', plates: [1.25, '25', 10, 25] })).toEqual({
      bar: 15,
      plates: [25, 10, 1.25],
    });
    expect(plateSettings.parse(DEFAULT_PLATE_SETTINGS.lb)).toEqual(DEFAULT_PLATE_SETTINGS.lb);
    expect(plateSettings.parse({ bar: 0, plates: [0.25] })).toEqual({ bar: 0, plates: [0.25] });
  });

  it('refuses what is no bar or no plate', () => {
    const errors = (value: unknown) =>
      Object.fromEntries(
        (plateSettings.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
      );
    expect(errors({ bar: -1, plates: [] })).toEqual({
      bar: 'Bar must be at least 0',
      plates: 'Add at least one plate',
    });
    expect(errors({ bar: 'heavy', plates: [0, 101, 'x', 2.555] })).toEqual({
      bar: 'Bar must be a number',
      'plates.0': 'Plate must be more than 0',
      'plates.1': 'Plate must be at most 100',
      'plates.2': 'Plate must be a number',
      'plates.3': 'Plate must have at most 2 decimals',
    });
    expect(errors({ bar: 1001, plates: Array.from({ length: 21 }, (_, i) => i + 1) })).toEqual({
      bar: 'Bar must be at most 1000',
      plates: 'At most 20 plate sizes',
    });
    expect(errors({})).toEqual({ bar: 'This field is required', plates: 'Add at least one plate' });
  });
});
