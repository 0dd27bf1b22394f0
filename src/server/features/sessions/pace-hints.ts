/**
 * The exercise pages this process last answered as pace exercises. The exercise page runs one
 * statement per session kind (decision 0010) and must pick one before it knows the kind: weights
 * unless a hint says pace. A hint is never trusted: the statement reports the exercise's actual
 * kind, and a wrong guess costs one more round trip, not a wrong answer. So a pace exercise takes
 * two round trips on its first visit, then one. Keys hold the session's token hash, so a hint is
 * one signed-in user's own. Bounded: past `capacity`, the oldest hint goes first.
 */
export class PaceHints {
  private readonly keys = new Set<string>();

  constructor(private readonly capacity: number) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Records what the exercise at `key` turned out to be. */
  learn(key: string, isPace: boolean): void {
    if (!isPace) {
      this.keys.delete(key);
      return;
    }
    if (this.keys.has(key)) return;
    this.keys.add(key);
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.values().next().value as string);
  }
}
