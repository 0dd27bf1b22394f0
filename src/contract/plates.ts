import { z } from 'zod';
import { quantity } from './fields';
import type { WeightUnit } from './metrics';

/** A bar and the plate sizes at hand, in the user's unit; any number of pairs of each size. */
export interface PlateSettings {
  bar: number;
  /** Sizes, heaviest first, each once. */
  plates: number[];
}

export const DEFAULT_PLATE_SETTINGS: Record<WeightUnit, PlateSettings> = {
  kg: { bar: 20, plates: [25, 20, 15, 10, 5, 2.5, 1.25] },
  lb: { bar: 45, plates: [45, 35, 25, 10, 5, 2.5] },
};

export const MAX_PLATE_SIZES = 20;

/** A plate size: more than 0, at most 100 (the heaviest plates made are 50 kg / 100 lb), 2 decimals. */
const plate = quantity('Plate', { max: 100 }).refine((p) => p > 0, 'Plate must be more than 0');

/** What an account keeps (per weight unit): sizes are sorted heaviest first and duplicates dropped. */
export const plateSettings = z.object({
  bar: quantity('Bar', { max: 1000 }),
  plates: z
    .array(plate, { error: 'Add at least one plate' })
    .min(1, 'Add at least one plate')
    .max(MAX_PLATE_SIZES, `At most ${MAX_PLATE_SIZES} plate sizes`)
    .transform((sizes) => [...new Set(sizes)].sort((a, b) => b - a)),
});
export type PlateSettingsBody = z.input<typeof plateSettings>;

export interface PlateLoad {
  /** The plates on each side, heaviest first. */
  perSide: number[];
  /** What the bar weighs loaded so: the target when exact, else the closest lighter weight. */
  total: number;
  /** target − total: 0 when exact, what is missing otherwise, negative for a target below the bar. */
  difference: number;
  /** The target is lighter than the empty bar: nothing to load. */
  belowBar: boolean;
}

/**
 * The plates per side for a target weight: the heaviest weight up to the target the plates can
 * make (both sides alike), with the fewest plates, and among those the heaviest plates first
 * (40 from 25/20/15 is 25 + 15, not 20 + 20: a lifter loads the big plates first).
 * Greedy is not enough: with 15s and 10s, 20 per side is 10 + 10, not 15 and 5 short. Works in
 * whole hundredths, so 0.1 + 0.2 style noise cannot lose a plate.
 */
export function loadPlates(target: number, { bar, plates }: PlateSettings): PlateLoad {
  const wanted = Number.isFinite(target) ? hundredths(target) : 0;
  const empty = Number.isFinite(bar) ? Math.max(0, hundredths(bar)) : 0;
  if (wanted < empty)
    return { perSide: [], total: empty / 100, difference: (wanted - empty) / 100, belowBar: true };
  const sizes = [...new Set(plates.filter((p) => Number.isFinite(p)).map(hundredths))]
    .filter((p) => p > 0)
    .sort((a, b) => b - a);
  // An odd hundredth cannot be split between the sides: each side takes half, rounded down.
  const perSide = fewestPlates(Math.floor((wanted - empty) / 2), sizes);
  const loaded = empty + 2 * perSide.reduce((sum, p) => sum + p, 0);
  return {
    perSide: perSide.map((p) => p / 100),
    total: loaded / 100,
    difference: (wanted - loaded) / 100,
    belowBar: false,
  };
}

function hundredths(n: number): number {
  return Math.round(n * 100);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The largest amount ≤ `side` the sizes (heaviest first) make, as the fewest plates, the heaviest
 * first on ties. Counted in units of the sizes' greatest common divisor (1.25 kg for the kg
 * defaults), so the table below stays small. Every amount of at least L² units can be made (L the
 * largest size in units: the Frobenius number of the sizes is below it), and a fewest-plates
 * loading holds fewer than L plates other than the largest (L of them would contain a run summing
 * to a multiple of L, which fewer largest plates replace): so from L² + L units up, taking largest
 * plates until under that loses nothing, and the table never exceeds L² + L entries.
 */
function fewestPlates(side: number, sizes: number[]): number[] {
  if (sizes.length === 0 || side <= 0) return [];
  const unit = sizes.reduce(gcd);
  const coins = sizes.map((s) => s / unit);
  const largest = coins[0];
  let amount = Math.floor(side / unit);
  const window = largest * largest;
  const preloaded = amount >= window + largest ? Math.floor((amount - window) / largest) : 0;
  amount -= preloaded * largest;

  const NONE = 0xffffffff;
  const count = new Uint32Array(amount + 1).fill(NONE);
  count[0] = 0;
  for (let x = 1; x <= amount; x++) {
    for (const c of coins)
      if (c <= x && count[x - c] !== NONE && count[x - c] + 1 < count[x]) count[x] = count[x - c] + 1;
  }
  let best = amount;
  while (count[best] === NONE) best--;

  // The heaviest plate that still leaves a fewest-plates remainder: the choices come out heaviest first.
  const chosen: number[] = Array.from({ length: preloaded }, () => largest);
  for (let x = best; x > 0;) {
    const c = coins.find((c) => c <= x && count[x - c] === count[x] - 1) as number;
    chosen.push(c);
    x -= c;
  }
  return chosen.map((c) => c * unit);
}
