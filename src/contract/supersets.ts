// Zod-free (vite.config.ts CONTRACT): the read-only workout and routine pages label supersets
// without loading the schemas.
export const MAX_SUPERSET = 20;

/**
 * Superset labels as lifters write them (A1, A2, B1 …), from the entries' superset numbers in
 * the workout's order. Entries next to each other with the same number form a group; the groups
 * take letters in order, their entries numbers in order. The numbers only group: 7, 7, 2, 2 is
 * A1 A2 B1 B2. An entry with no number, or alone with its number (a superset needs two
 * exercises), has no label, and the same number further on, apart, starts a new group.
 */
export function supersetLabels(supersets: readonly (number | null | undefined)[]): (string | null)[] {
  const labels: (string | null)[] = supersets.map(() => null);
  let groups = 0;
  for (let start = 0; start < supersets.length;) {
    let end = start + 1;
    const number = supersets[start];
    while (number != null && end < supersets.length && supersets[end] === number) end++;
    if (end - start >= 2) {
      const letter = groupLetter(groups++);
      for (let i = start; i < end; i++) labels[i] = `${letter}${i - start + 1}`;
    }
    start = end;
  }
  return labels;
}

/** A … Z, then AA, AB … (a workout of 50 entries has at most 25 groups; this never runs out). */
function groupLetter(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : groupLetter(Math.floor(index / 26) - 1) + letter;
}

/**
 * An import's superset ids (Hevy's `superset_id`: any text or number, blank for none) as our
 * numbers: 1, 2 … in order of first appearance within the workout. Past 20 there is no number
 * left, so those entries stand alone.
 */
export function numberSupersets(ids: readonly (string | number | null | undefined)[]): (number | null)[] {
  const numbers = new Map<string, number>();
  return ids.map((id) => {
    const key = id === null || id === undefined ? '' : String(id).trim();
    if (key === '') return null;
    if (!numbers.has(key) && numbers.size < MAX_SUPERSET) numbers.set(key, numbers.size + 1);
    return numbers.get(key) ?? null;
  });
}
