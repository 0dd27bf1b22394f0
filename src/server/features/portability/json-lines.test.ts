import { describe, expect, it } from 'vitest';
import { indexJsonLines, lineOfJsonError } from './json-lines';

describe('indexJsonLines', () => {
  const text =
    '{"logs":[\n{"title":"a","exercises":[\n{"sessions":[\n{"x":1},\n{"x":"a\\"]}"}]}]},\n{"title":"b"}\n]}';
  const lineOf = indexJsonLines(text);

  it('finds the line of a value by its path', () => {
    expect(lineOf(['logs', 0])).toBe(2);
    expect(lineOf(['logs', 0, 'exercises', 0])).toBe(3);
    expect(lineOf(['logs', 0, 'exercises', 0, 'sessions', 1])).toBe(5);
    expect(lineOf(['logs', 1, 'title'])).toBe(6);
  });

  it('answers the nearest ancestor for deeper or missing paths', () => {
    expect(lineOf(['logs', 0, 'exercises', 0, 'sessions', 1, 'x'])).toBe(5);
    expect(lineOf(['logs', 1, 'exercises'])).toBe(6);
    expect(lineOf(['nothing'])).toBe(1);
  });
});

describe('lineOfJsonError', () => {
  it.each([
    ['{"a":1,\n"b":[}', 2],
    ['{"a":1,\n\n"b" 2}', 3],
    ['[1,\n2,\n', 3],
    ['{"a":\n"unterminated', 2],
    ['{"a":1}\nextra', 2],
    ['{"a":\n01}', 2],
    ['[\n"bad \\x escape"]', 2],
    ['{"a":1,}', 1],
  ])('%j fails on line %i', (text, line) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(lineOfJsonError(text)).toBe(line);
  });

  it('does not overflow on deep nesting', () => {
    const deep = `${'['.repeat(200_000)}\n}`;
    expect(lineOfJsonError(deep)).toBe(2);
  });
});
