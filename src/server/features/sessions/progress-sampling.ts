import { PROGRESS_MAX_POINTS, type PaPoint, type Progress, type WlPoint } from '../../../contract/sessions';

// `…/progress` past PROGRESS_MAX_POINTS sessions (docs/api.md §12): the range is split into equal
// spans of whole days, as few days each as keep the spans within the limit, and each span with
// sessions becomes one point dated on the span's first day: for weights each series is the
// span's maximum, for pace the span's best pace (the lowest above 0) and best speed.

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

type Point = WlPoint | PaPoint;

function merge(a: Point, b: Point): Point {
  if ('pace' in a && 'pace' in b) {
    // A pace of 0 is a session without distance or time: any real pace is better.
    const pace = a.pace > 0 && b.pace > 0 ? Math.min(a.pace, b.pace) : Math.max(a.pace, b.pace);
    return { createdDate: a.createdDate, pace, speed: Math.max(a.speed, b.speed) };
  }
  const x = a as WlPoint;
  const y = b as WlPoint;
  return { createdDate: x.createdDate, ...maxima(x, y), inPounds: maxima(x.inPounds, y.inPounds) };
}

type WeightSeries = WlPoint['inPounds'];

/** Each weight series' maximum, in kilograms or (inPounds) in pounds. */
function maxima(x: WeightSeries, y: WeightSeries): WeightSeries {
  return {
    totalVolume: Math.max(x.totalVolume, y.totalVolume),
    junkVolume: Math.max(x.junkVolume, y.junkVolume),
    workingVolume: Math.max(x.workingVolume, y.workingVolume),
    e1rm: Math.max(x.e1rm, y.e1rm),
    heaviest: Math.max(x.heaviest, y.heaviest),
  };
}

/**
 * The answer of `…/progress` for `points` (one per session, oldest first) in the range `from`..`to`
 * (each optional: the first or last session's date); `max` is PROGRESS_MAX_POINTS but for tests.
 */
export function sampleProgress(
  points: Point[],
  range: { from?: string | null; to?: string | null },
  max = PROGRESS_MAX_POINTS,
): Progress {
  if (points.length <= max) return { points };
  const first = dayNumber(range.from ?? (points[0] as Point).createdDate);
  const last = dayNumber(range.to ?? (points.at(-1) as Point).createdDate);
  const spanDays = Math.ceil((last - first + 1) / max);
  const sampled: Point[] = [];
  let span = -1;
  for (const point of points) {
    const at = Math.floor((dayNumber(point.createdDate) - first) / spanDays);
    if (at === span) {
      sampled[sampled.length - 1] = merge(sampled.at(-1) as Point, point);
    } else {
      span = at;
      sampled.push({ ...point, createdDate: dateOf(first + at * spanDays) });
    }
  }
  return { points: sampled, sampled: true };
}
