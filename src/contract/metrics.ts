/** The derived numbers of docs/api.md §5, computed once here for the server (and any preview in the web app). */

export function round2(n: number): number {
  return roundTo(n, 2);
}

export function round3(n: number): number {
  return roundTo(n, 3);
}

/**
 * Rounds half away from zero on the decimal value, not on its binary approximation (1.005 → 1.01).
 * The value is first cut to 15 significant digits, as PostgreSQL does when it turns a double into a
 * numeric (the records of docs/api.md §10 are rounded there): beyond them a product of our inputs
 * holds only binary noise, so 21.15 × 1.3, which JavaScript computes as 27.494999999999997, is
 * 27.495 and rounds to 27.5 on a progress point as on the record.
 */
function roundTo(n: number, digits: number): number {
  const shifted = Number(withExponentShift(Number(n.toPrecision(15)), digits));
  return Number(withExponentShift(Math.sign(shifted) * Math.round(Math.abs(shifted)), -digits)) + 0;
}

/** `n × 10^by` as text; String(n) may already be in e-notation (1.6e-9), so the exponents add up. */
function withExponentShift(n: number, by: number): string {
  const [mantissa, exponent = '0'] = String(n).split('e');
  return `${mantissa}e${Number(exponent) + by}`;
}

/** One pound in kilograms, exactly (the international pound). */
export const KG_PER_LB = 0.45359237;

export type WeightUnit = 'kg' | 'lb';

export interface SetInput {
  repetitions: number;
  /** Rounded to 2 decimals; derived from `pounds` when the set was entered in pounds. */
  kilograms: number;
  /** As typed, for a set entered in pounds (docs/api.md §10); null or absent otherwise. */
  pounds?: number | null;
  isHard: boolean;
}

export interface Volumes {
  totalVolume: number;
  workingVolume: number;
  junkVolume: number;
}

/** Kilograms from pounds, rounded as a set stores them (135 lb → 61.23 kg). */
export function kilogramsFromPounds(pounds: number): number {
  return round2(pounds * KG_PER_LB);
}

/** The set's weight in the unit asked for: the typed pounds stay exact (135 lb is never 134.99). */
export function setWeight(set: Pick<SetInput, 'kilograms' | 'pounds'>, unit: WeightUnit): number {
  if (unit === 'kg') return set.kilograms;
  return set.pounds ?? round2(set.kilograms / KG_PER_LB);
}

/** A set's weight as stored: kilograms, and the pounds it was typed in, if any (docs/api.md §10). */
export type StoredWeight = Pick<SetInput, 'kilograms' | 'pounds'>;

/**
 * The stored weight a figure in the user's unit was shown from, if any of `stored` shows as
 * exactly that (docs/api.md §10). A weight stored in one unit is rounded to be shown in the other
 * (62.5 kg shows as 137.79 lb; 135 lb as 61.23 kg); sent back as shown, that figure would replace
 * the typed one, and the volumes would move by the rounding. So a weight left as shown (an edit
 * saved unchanged, last time's set repeated) goes back as stored; a weight the user typed is theirs.
 */
export function shownFrom(
  shown: number,
  unit: WeightUnit,
  stored: readonly StoredWeight[],
): StoredWeight | null {
  const from = stored.find((set) => setWeight(set, unit) === shown);
  return from ? { kilograms: from.kilograms, pounds: from.pounds ?? null } : null;
}

/**
 * reps × weight, unrounded: in kilograms from the unrounded kilograms of a set typed in pounds
 * (docs/api.md §10: 5 × 135 lb is 306.17 kg, not 5 × 61.23), in pounds from the pounds shown.
 */
function exactVolume(set: Pick<SetInput, 'repetitions' | 'kilograms' | 'pounds'>, unit: WeightUnit): number {
  return set.repetitions * (unit === 'lb' ? setWeight(set, 'lb') : exactKilograms(set));
}

export function setVolume(
  set: Pick<SetInput, 'repetitions' | 'kilograms' | 'pounds'>,
  unit: WeightUnit = 'kg',
): number {
  return round2(exactVolume(set, unit));
}

/** Session volumes sum the unrounded set volumes and round once at the end (docs/api.md §10). */
export function sessionVolumes(sets: SetInput[], unit: WeightUnit = 'kg'): Volumes {
  let total = 0;
  let working = 0;
  let junk = 0;
  for (const set of sets) {
    const volume = exactVolume(set, unit);
    total += volume;
    if (set.isHard) working += volume;
    else junk += volume;
  }
  return { totalVolume: round2(total), workingVolume: round2(working), junkVolume: round2(junk) };
}

/** A session's figures for records (docs/api.md §10), unrounded; 0 when no set qualifies. */
export interface SetBests {
  /** The heaviest qualifying set, in kilograms. */
  heaviest: number;
  /** The best estimated one-rep max of a qualifying set, in kilograms. */
  e1rm: number;
  /** The largest reps × kilograms of a qualifying set. */
  bestSetVolume: number;
  /** The session's volume before rounding (bestSessionVolume compares it: totalVolume is rounded). */
  exactVolume: number;
}

/** The set's weight in kilograms before rounding: a set typed in pounds is converted exactly. */
function exactKilograms(set: Pick<SetInput, 'kilograms' | 'pounds'>): number {
  return set.pounds == null ? set.kilograms : set.pounds * KG_PER_LB;
}

/** Epley, `w` for a single (docs/api.md §10), unrounded; 0 for a set that cannot count for a record. */
export function estimatedOneRepMax(repetitions: number, weight: number): number {
  if (!(repetitions >= 1) || !(weight > 0)) return 0;
  return repetitions === 1 ? weight : weight * (1 + repetitions / 30);
}

/**
 * The session's best heaviest, e1RM and set volume, and its exact volume: in kilograms (what the
 * server stores and compares), or in pounds as a pound user sees them (the typed pounds, so a
 * 140 lb set is 140, never 139.99). Sets with 0 reps or 0 kg count for no record; the e1RM needs
 * at least 1 rep (docs/api.md §10), so 0.5 × 100 kg is a heaviest of 100 but no e1RM.
 */
export function setBests(
  sets: Pick<SetInput, 'repetitions' | 'kilograms' | 'pounds'>[],
  unit: WeightUnit = 'kg',
): SetBests {
  const bests: SetBests = { heaviest: 0, e1rm: 0, bestSetVolume: 0, exactVolume: 0 };
  for (const set of sets) {
    bests.exactVolume += exactVolume(set, unit);
    if (!(set.repetitions > 0) || !(exactKilograms(set) > 0)) continue;
    const weight = unit === 'lb' ? setWeight(set, 'lb') : exactKilograms(set);
    bests.heaviest = Math.max(bests.heaviest, weight);
    bests.e1rm = Math.max(bests.e1rm, estimatedOneRepMax(set.repetitions, weight));
    bests.bestSetVolume = Math.max(bests.bestSetVolume, set.repetitions * weight);
  }
  return bests;
}

export interface Duration {
  hours: number;
  minutes: number;
  seconds: number;
}

export interface PaceFigures {
  paceMinutes: number;
  paceSeconds: number;
  speed: number;
}

export function paceFigures(time: Duration, distance: number): PaceFigures {
  const totalMinutes = time.hours * 60 + time.minutes + time.seconds / 60;
  if (!(distance > 0) || !(totalMinutes > 0)) return { paceMinutes: 0, paceSeconds: 0, speed: 0 };
  const pace = totalMinutes / distance;
  let paceMinutes = Math.floor(pace);
  let paceSeconds = Math.round((pace - paceMinutes) * 60);
  if (paceSeconds >= 60) {
    // 4:59.7 rounds to 5:00, not 4:60
    paceMinutes += 1;
    paceSeconds -= 60;
  }
  return { paceMinutes, paceSeconds, speed: round3(distance / totalMinutes) };
}

/** Pace as `m:ss` (seconds zero-padded), as the session page shows it. */
export function formatPace(paceMinutes: number, paceSeconds: number): string {
  return `${paceMinutes}:${String(paceSeconds).padStart(2, '0')}`;
}

/**
 * Volumes, kilograms, distances and times as the pages show them: up to 2 decimals, 12,500.5 —
 * what `Intl.NumberFormat('en', { maximumFractionDigits: 2 })` writes, without it: its first use
 * loads the locale's number data, ≈ 20 ms of a phone's main thread on the first screen. Like
 * Intl it rounds the number as written (1.005 → 1.01), half away from zero; a negative that
 * rounds to zero is written 0, not Intl's -0.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const abs = Math.abs(value);
  // `${abs}e2` shifts the shortest decimal that reads back as abs, not its binary value.
  const scaled = Number(`${abs}e2`);
  const cents = Math.round(Number.isFinite(scaled) ? scaled : abs * 100);
  const fraction = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const digits = fraction ? `${whole}.${fraction}` : whole;
  return value < 0 && cents !== 0 ? `-${digits}` : digits;
}

/** Speed in km/min with 3 decimals. */
export function formatSpeed(speed: number): string {
  return speed.toFixed(3);
}

/** Pace as a chart value: minutes plus seconds/60. */
export function paceValue(paceMinutes: number, paceSeconds: number): number {
  return paceMinutes + paceSeconds / 60;
}
