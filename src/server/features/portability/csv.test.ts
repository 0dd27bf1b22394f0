import { describe, expect, it } from 'vitest';
import { csvRow, parseCsv } from './csv';

const fields = (text: string) => [...parseCsv(text)].map((r) => r.fields);
const lines = (text: string) => [...parseCsv(text)].map((r) => r.line);

describe('parseCsv (RFC 4180)', () => {
  it('reads plain and quoted fields, with commas, doubled quotes and line breaks inside quotes', () => {
    expect(fields('a,b,c\n"x, y","say ""hi""","two\nlines"\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
    ]);
  });

  it('accepts CRLF, LF and a missing final line break; keeps empty fields', () => {
    expect(fields('a,,c\r\n,,\r\nlast,"",x')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
      ['last', '', 'x'],
    ]);
  });

  it('skips blank lines and a UTF-8 byte-order mark', () => {
    expect(fields('\uFEFFh1,h2\n\n1,2\n\n')).toEqual([
      ['h1', 'h2'],
      ['1', '2'],
    ]);
  });

  it('refuses a record of more than 1000 columns, naming its line', () => {
    expect(fields(`${'a,'.repeat(999)}a\n1`)).toHaveLength(2);
    expect(() => fields(`h\n${','.repeat(5_000_000)}`)).toThrow('Line 2: more than 1000 columns');
  });

  it('numbers each record by the line it starts on', () => {
    expect(lines('h\n"a\r\nb"\nc\n\nd')).toEqual([1, 2, 4, 6]);
  });

  it.each([
    ['a quote never closed', 'h\nok\n"open,\nstill', 'Line 3: a quoted field is never closed'],
    ['text after a closing quote', 'h\n"a"b,c', 'Line 2: unexpected text after a closing quote'],
    ['a quote inside an unquoted field', 'h\n\n\nab"c', 'Line 4: a quote inside a field that is not quoted'],
  ])('refuses %s, naming the line', (_name, text, message) => {
    expect(() => fields(text)).toThrow(message);
  });
});

describe('csvRow', () => {
  it('quotes only what must be, doubling quotes, and ends with CRLF', () => {
    expect(
      csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines', ' padded', 12.5, true, null, undefined, 'Δύναμη']),
    ).toBe('plain,"a,b","say ""hi""","two\nlines"," padded",12.5,true,,,Δύναμη\r\n');
  });

  it('round-trips through the parser', () => {
    const row = ['x', '"', ',', '\r\n', '', 'é'];
    expect(fields(csvRow(row))).toEqual([row]);
  });
});
