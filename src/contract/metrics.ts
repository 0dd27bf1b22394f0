/** The derived numbers of docs/api.md §5, computed once here for the server (and any preview in the web app). */

export function round2(n: number): number {
  return roundTo(n, 2);
}

export function round3(n: number): number {
  return roundTo(n, 3);
}

/** Rounds half away from zero on the decimal value, not on its binary approximation (1.005 → 1.01). */
function roundTo(n: number, digits: number): number {
  const shifted = Number(withExponentShift(n, digits));
  return Number(withExponentShift(Math.sign(shifted) * Math.round(Math.abs(shifted)), -digits)) + 0;
}

/** `n × 10^by` as text; String(n) may already be in e-notation (1.6e-9), so the exponents add up. */
function withExponentShift(n: number, by: number): string {
  const [mantissa, exponent = '0'] = String(n).split('e');
  return `${mantissa}e${Number(exponent) + by}`;
}

export interface SetInput {
  repetitions: number;
  kilograms: number;
  isHard: boolean;
}

export interface Volumes {
  totalVolume: number;
  workingVolume: number;
  junkVolume: number;
}

export function setVolume(set: Pick<SetInput, 'repetitions' | 'kilograms'>): number {
  return round2(set.repetitions * set.kilograms);
}

export function sessionVolumes(sets: SetInput[]): Volumes {
  let total = 0;
  let working = 0;
  let junk = 0;
  for (const set of sets) {
    const volume = setVolume(set);
    total += volume;
    if (set.isHard) working += volume;
    else junk += volume;
  }
  return { totalVolume: round2(total), workingVolume: round2(working), junkVolume: round2(junk) };
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

// Made on first use: building a NumberFormat loads locale data, ≈ 13 % of the web app's first
// long task when it ran as this module loaded, before anything needed a number.
let twoDecimals: Intl.NumberFormat | undefined;

/** Volumes, kilograms, distances and times as the pages show them: up to 2 decimals, 12,500.5. */
export function formatNumber(value: number): string {
  twoDecimals ??= new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
  return twoDecimals.format(value);
}

/** Speed in km/min with 3 decimals. */
export function formatSpeed(speed: number): string {
  return speed.toFixed(3);
}

/** Pace as a chart value: minutes plus seconds/60. */
export function paceValue(paceMinutes: number, paceSeconds: number): number {
  return paceMinutes + paceSeconds / 60;
}
