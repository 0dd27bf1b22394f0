/**
 * How often a write is chosen again when writers racing on one date take the same slug (the unique
 * index refuses all but one each time); with `skipOnAttempt` nearly all win within a few tries.
 */
export const SLUG_ATTEMPTS = 20;

/**
 * How many free slugs a write passes over on its `attempt`-th try (1-based): none on the first
 * four, then a random few (more as the clashes go on), so racing writers that read the same slugs
 * spread out instead of picking the same next one again. Up to four writers at once number
 * densely; a larger pile-up on one date may leave a gap in the `-N` numbers.
 */
export function skipOnAttempt(attempt: number): number {
  return Math.floor(Math.random() * Math.min(Math.max(attempt - 3, 1), 16));
}

/**
 * docs/api.md §4: a session's slug is its date; the second session that day is `date-2`, then
 * `date-3`… This class is the one place a slug is chosen, for a single write (from the slugs its
 * date already has) and for an import (thousands of sessions on one date).
 */
export class DateSlugs {
  private readonly taken = new Map<string, Set<string>>();
  /** Per date, the suffix below which every slug is taken: the next search starts there, so n sessions cost O(n). */
  private readonly floor = new Map<string, number>();

  constructor(slugs: Iterable<{ date: string; slug: string }> = []) {
    for (const { date, slug } of slugs) this.add(date, slug);
  }

  /** Records a slug the date already has. */
  add(date: string, slug: string): void {
    this.takenOn(date).add(slug);
  }

  private takenOn(date: string): Set<string> {
    let set = this.taken.get(date);
    if (!set) this.taken.set(date, (set = new Set()));
    return set;
  }

  /**
   * Takes `wanted` when it names this date (`2024-01-15`, `2024-01-15-3`) and is free, else null;
   * without `wanted`, takes the first free slug of the date.
   */
  take(date: string, wanted?: string): string | null {
    const taken = this.takenOn(date);
    if (wanted !== undefined) {
      const fits =
        wanted === date ||
        (wanted.startsWith(`${date}-`) && /^([2-9]|[1-9]\d+)$/.test(wanted.slice(date.length + 1)));
      if (!fits || taken.has(wanted)) return null;
      taken.add(wanted);
      return wanted;
    }
    let n = this.floor.get(date) ?? 1;
    const slugAt = (k: number) => (k === 1 ? date : `${date}-${k}`);
    while (taken.has(slugAt(n))) n += 1;
    this.floor.set(date, n + 1);
    const slug = slugAt(n);
    taken.add(slug);
    return slug;
  }
}
