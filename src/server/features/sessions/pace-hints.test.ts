import { describe, expect, it } from 'vitest';
import { PaceHints } from './pace-hints';

describe('PaceHints', () => {
  it('remembers what an address turned out to be, and forgets it when it turns out otherwise', () => {
    const hints = new PaceHints(10);
    expect(hints.has('a')).toBe(false);
    hints.learn('a', true);
    expect(hints.has('a')).toBe(true);
    hints.learn('a', false);
    expect(hints.has('a')).toBe(false);
  });

  it('holds at most its capacity, dropping the oldest hint first', () => {
    const hints = new PaceHints(2);
    hints.learn('a', true);
    hints.learn('b', true);
    hints.learn('a', true); // already known: stays where it was
    hints.learn('c', true);
    expect(['a', 'b', 'c'].filter((key) => hints.has(key))).toEqual(['b', 'c']);
  });
});
