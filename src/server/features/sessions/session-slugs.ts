/**
 * docs/api.md §4: a session's slug is its date; the second session that day is `-2`, then `-3`…
 * Picks the first free one among those already taken.
 */
export function nextSessionSlug(date: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(date)) return date;
  for (let n = 2; ; n += 1) {
    const candidate = `${date}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
