import { AppError } from '../../lib/app-error';

/** An RFC 4180 record and the file line it starts on (1-based; quoted fields may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A file that cannot be read: the message names the line, and nothing is imported. */
export function badLine(line: number, message: string): AppError {
  return new AppError(400, `Line ${line}: ${message}`);
}

/**
 * Columns a record may have. Hevy's and Strong's exports have 12 to 14; a 10 MB record of millions
 * of empty cells held the server for half a second before its width was found wrong.
 */
export const MAX_COLUMNS = 1000;

/**
 * Reads RFC 4180 CSV: comma-separated, fields optionally in double quotes with `""` for a quote,
 * records ending in CRLF or LF. Strict about quoting (a stray quote is an error naming its line),
 * because a misread quote silently shifts every later column. Blank lines are skipped.
 */
export function* parseCsv(text: string): Generator<CsvRecord> {
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a UTF-8 BOM is not data
  let line = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field: string;
      if (text[i] === '"') {
        const quoteLine = line;
        let value = '';
        i += 1;
        for (;;) {
          const close = text.indexOf('"', i);
          if (close === -1) throw badLine(quoteLine, 'a quoted field is never closed');
          value += text.slice(i, close);
          line += countNewlines(text, i, close);
          i = close + 1;
          if (text[i] === '"') {
            value += '"';
            i += 1;
          } else break;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r')
          throw badLine(line, 'unexpected text after a closing quote');
        field = value;
      } else {
        let end = i;
        while (end < n && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') end += 1;
        field = text.slice(i, end);
        if (field.includes('"')) throw badLine(line, 'a quote inside a field that is not quoted');
        i = end;
      }
      fields.push(field);
      if (fields.length > MAX_COLUMNS) throw badLine(start, `more than ${MAX_COLUMNS} columns`);
      if (i < n && text[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    // End of record: CRLF, LF or a lone CR (old Mac files), or the end of the text.
    if (text[i] === '\r') i += 1;
    if (text[i] === '\n') i += 1;
    line += 1;
    if (fields.length === 1 && fields[0] === '') continue; // blank line
    yield { line: start, fields };
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let k = from; k < to; k += 1) {
    const c = text.charCodeAt(k);
    if (c === 10 || (c === 13 && text.charCodeAt(k + 1) !== 10)) count += 1;
  }
  return count;
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One RFC 4180 record with its CRLF; fields are quoted only when they must be. */
export function csvRow(fields: readonly (string | number | boolean | null | undefined)[]): string {
  return (
    fields
      .map((value) => {
        const text = value === null || value === undefined ? '' : String(value);
        return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
      })
      .join(',') + '\r\n'
  );
}
