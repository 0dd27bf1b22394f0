import { describe, expect, it } from 'vitest';
import { numberSupersets, supersetLabels } from './supersets';

describe('supersetLabels', () => {
  it('letters groups in order and numbers their entries', () => {
    expect(supersetLabels([1, 1, null, 2, 2, 2])).toEqual(['A1', 'A2', null, 'B1', 'B2', 'B3']);
    expect(supersetLabels([null, 3, 3])).toEqual([null, 'A1', 'A2']);
  });

  it('uses the numbers only to group: their values do not pick the letter', () => {
    expect(supersetLabels([7, 7, 2, 2])).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(supersetLabels([2, 2, 1, 1])).toEqual(['A1', 'A2', 'B1', 'B2']);
  });

  it('gives no label to entries outside a superset, or alone with their number', () => {
    expect(supersetLabels([null, undefined, null])).toEqual([null, null, null]);
    expect(supersetLabels([1, null, 1])).toEqual([null, null, null]);
    expect(supersetLabels([1, 2, 2, 1])).toEqual([null, 'A1', 'A2', null]);
    expect(supersetLabels([])).toEqual([]);
  });

  it('starts a new group when the same number comes back apart', () => {
    expect(supersetLabels([1, 1, null, 1, 1])).toEqual(['A1', 'A2', null, 'B1', 'B2']);
  });

  it('runs on past Z', () => {
    const labels = supersetLabels(Array.from({ length: 60 }, (_, i) => Math.floor(i / 2) + 1));
    expect(labels.slice(50, 54)).toEqual(['Z1', 'Z2', 'AA1', 'AA2']);
  });
});

describe('numberSupersets', () => {
  it('numbers ids by first appearance, blanks standing alone', () => {
    expect(numberSupersets(['', 'x9', 'x9', null, 4, 4, 'x9', ' '])).toEqual([
      null,
      1,
      1,
      null,
      2,
      2,
      1,
      null,
    ]);
    expect(numberSupersets([0, 0])).toEqual([1, 1]); // Hevy numbers supersets from 0
  });

  it('leaves ids past the 20th without a number', () => {
    const ids = Array.from({ length: 22 }, (_, i) => `s${i}`);
    const numbers = numberSupersets(ids);
    expect(numbers.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(numbers.slice(20)).toEqual([null, null]);
  });
});
