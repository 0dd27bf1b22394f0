import { describe, expect, it } from 'vitest';
import { Turns } from './import-limits';
import { NestedTooDeep, parseJsonInTurns } from './json-pieces';

/** A small deterministic generator (mulberry32), so a failure names the seed that made it. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRINGS = ['', 'a', 'x"y', 'back\\slash', '[{]}', ',:', 'é ✓', '\\"', '\n\t', '__proto__', '1', '2'];
const NUMBERS = ['0', '-1', '3.5', '1e3', '-2.5E-2', '100'];

/** Random JSON text: nested arrays and objects, escapes, brackets in strings, `__proto__` and repeated keys. */
function jsonText(next: () => number, depth = 0): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const space = () => pick(['', '', ' ', '\n', ' \t ', '\r\n  ']);
  const roll = next();
  if (depth < 6 && roll < 0.45) {
    const count = Math.floor(next() * (depth === 0 ? 40 : 8));
    const array = next() < 0.5;
    const members = Array.from({ length: count }, () =>
      array
        ? space() + jsonText(next, depth + 1) + space()
        : `${space()}${JSON.stringify(pick(STRINGS))}${space()}:${space()}${jsonText(next, depth + 1)}${space()}`,
    );
    return array ? `[${members.join(',')}]` : `{${members.join(',')}}`;
  }
  if (roll < 0.7) return JSON.stringify(pick(STRINGS) + pick(STRINGS));
  if (roll < 0.9) return pick(NUMBERS);
  return pick(['true', 'false', 'null']);
}

/** Parsed both ways: the same text of the value, or an error both times. */
async function agree(text: string, piece: number) {
  let expected: string;
  try {
    expected = JSON.stringify(JSON.parse(text));
  } catch {
    await expect(parseJsonInTurns(text, { maxDepth: 64, turns: new Turns(), piece })).rejects.toThrow(
      SyntaxError,
    );
    return;
  }
  const value = await parseJsonInTurns(text, { maxDepth: 64, turns: new Turns(), piece });
  expect(JSON.stringify(value)).toBe(expected);
}

describe('parseJsonInTurns', () => {
  it('gives what JSON.parse gives, whatever the size of the pieces', async () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const text = jsonText(random(seed));
      for (const piece of [1, 7, 64, 1 << 20]) await agree(text, piece);
    }
  });

  it('refuses what JSON.parse refuses: random edits of valid texts', async () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const next = random(seed);
      const text = jsonText(next);
      const at = Math.floor(next() * (text.length + 1));
      const char = [',', ':', '[', ']', '{', '}', '"', '\\', 'x', '1', ' '][Math.floor(next() * 11)];
      for (const edited of [
        text.slice(0, at) + text.slice(at + 1),
        text.slice(0, at) + char + text.slice(at),
        text.slice(0, at) + char + text.slice(at + 1),
      ])
        for (const piece of [1, 16]) await agree(edited, piece);
    }
  });

  it('refuses the odd cases JSON.parse refuses', async () => {
    for (const text of [
      '',
      ' ',
      '[1,]',
      '{"a":1,}',
      '[,1]',
      '{,}',
      '{"a" 1}',
      '{"a":}',
      '[1 2]',
      '{1:2}',
      '[]]',
      '1 2',
      '"a',
      '[',
      '{"a":1',
      'tru',
      '[01]',
      'undefined',
    ])
      for (const piece of [1, 1 << 20]) await agree(text, piece);
  });

  it('keeps __proto__ an own key and the last of repeated keys, as JSON.parse does', async () => {
    const text = '{"__proto__": {"polluted": 1}, "a": 1, "b": [1, 2, 3], "a": 2}';
    const value = (await parseJsonInTurns(text, { maxDepth: 8, turns: new Turns(), piece: 1 })) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a', 'b']);
    expect(value.a).toBe(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stops at the first bracket past maxDepth, counting none inside strings', async () => {
    const turns = new Turns();
    await expect(parseJsonInTurns('['.repeat(40) + ']'.repeat(40), { maxDepth: 32, turns })).rejects.toEqual(
      new NestedTooDeep(32),
    );
    const deep = '['.repeat(32) + '"[[[[{{{{"' + ']'.repeat(32);
    expect(await parseJsonInTurns(deep, { maxDepth: 32, turns })).toEqual(JSON.parse(deep));
  });

  it('gives other requests turns while it reads a big text', async () => {
    const text = JSON.stringify({
      logs: Array.from({ length: 2000 }, (_, n) => ({ n, notes: 'x'.repeat(50) })),
    });
    let taken = 0;
    const everyTime = Object.assign(new Turns(), { due: () => true, take: async () => void taken++ });
    expect(await parseJsonInTurns(text, { maxDepth: 8, turns: everyTime, piece: 1024 })).toEqual(
      JSON.parse(text),
    );
    expect(taken).toBeGreaterThan(text.length / 1024 / 2);
  });
});
