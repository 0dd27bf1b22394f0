/** How deep lines are remembered: logs[i].exercises[j].sessions[k] is 6 keys. */
const MAX_DEPTH = 6;

export type LineOf = (path: readonly PropertyKey[]) => number;

/**
 * Lines of a JSON text's values, so an import error or a skipped session can name a line of
 * our JSON export as it does for a CSV. One scan remembers where each value down to MAX_DEPTH
 * starts; a deeper path answers its nearest remembered ancestor (our export writes one session
 * per line, so that is the session's line). The text has already passed JSON.parse, so the
 * scan trusts its syntax.
 */
export function indexJsonLines(text: string): LineOf {
  const lines = new Map<string, number>();
  let i = 0;
  let line = 1;

  function skipSpace() {
    for (; i < text.length; i += 1) {
      const c = text[i];
      if (c === '\n') line += 1;
      else if (c !== ' ' && c !== '\t' && c !== '\r') break;
    }
  }

  /** Reads the string at its opening quote (JSON strings hold no raw newline). */
  function readString(): string {
    const start = i;
    i += 1;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i += 1;
    return JSON.parse(text.slice(start, i)) as string;
  }

  /** Skips a value without remembering anything inside it (iterative: no depth limit). */
  function skipValue() {
    if (text[i] === '"') return void readString();
    if (text[i] !== '{' && text[i] !== '[') {
      while (i < text.length && !',]} \t\r\n'.includes(text[i])) i += 1;
      return;
    }
    let depth = 0;
    do {
      const c = text[i];
      if (c === '"') {
        readString();
        continue;
      }
      if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') depth -= 1;
      else if (c === '\n') line += 1;
      i += 1;
    } while (depth > 0);
  }

  function scan(key: string, depth: number) {
    lines.set(key, line);
    const open = text[i];
    if (depth >= MAX_DEPTH || (open !== '{' && open !== '[')) return skipValue();
    i += 1;
    for (let index = 0; ; index += 1) {
      skipSpace();
      if (text[i] === '}' || text[i] === ']') {
        i += 1;
        return;
      }
      let name = String(index);
      if (open === '{') {
        name = readString();
        skipSpace();
        i += 1; // the colon
        skipSpace();
      }
      scan(key === '' ? name : `${key}.${name}`, depth + 1);
      skipSpace();
      if (text[i] === ',') i += 1;
    }
  }

  skipSpace();
  scan('', 0);
  return (path) => {
    for (let n = Math.min(path.length, MAX_DEPTH); n >= 0; n -= 1) {
      const found = lines.get(path.slice(0, n).map(String).join('.'));
      if (found !== undefined) return found;
    }
    return 1;
  };
}

/** The line (1-based) of an offset of a text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

/**
 * The line of the first syntax error in a text JSON.parse refused. Node's messages do not always
 * give a position ("Unexpected token …" does not), so the text is scanned again, iteratively
 * (a deeply nested file cannot overflow the stack).
 */
export function lineOfJsonError(text: string): number {
  const offset = jsonErrorOffset(text);
  let line = 1;
  for (let k = 0; k < offset; k += 1) if (text.charCodeAt(k) === 10) line += 1;
  return line;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = '"\\/bfnrt';

/** Offset of the first syntax error, or the text's length when the error is that it ends early. */
function jsonErrorOffset(text: string): number {
  const n = text.length;
  const open: string[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < n && ' \t\n\r'.includes(text[i])) i += 1;
  };
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    for (i += 1; i < n;) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i += 1;
        return true;
      }
      if (c < 32) return false;
      if (c !== 92) i += 1;
      else if (text[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
      else if (text[i + 1] !== undefined && ESCAPES.includes(text[i + 1])) i += 2;
      else return false;
    }
    return false;
  };
  const key = (): boolean => {
    if (!string()) return false;
    skipSpace();
    if (text[i] !== ':') return false;
    i += 1;
    return true;
  };
  const scalar = (): boolean => {
    if (text[i] === '"') return string();
    for (const word of ['true', 'false', 'null'])
      if (text.startsWith(word, i)) {
        i += word.length;
        return true;
      }
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) return false;
    i = NUMBER.lastIndex;
    return true;
  };

  for (;;) {
    // A value is expected here.
    skipSpace();
    const c = text[i];
    if (c === '{' || c === '[') {
      i += 1;
      skipSpace();
      if (text[i] !== (c === '{' ? '}' : ']')) {
        open.push(c);
        if (c === '{' && !key()) return i;
        continue;
      }
      i += 1;
    } else if (!scalar()) return i;
    // After a value: close what ends here, then a comma leads to the next value.
    for (;;) {
      skipSpace();
      const top = open[open.length - 1];
      if (top === undefined) return i;
      if (text[i] === (top === '{' ? '}' : ']')) {
        open.pop();
        i += 1;
        continue;
      }
      if (text[i] !== ',') return i;
      i += 1;
      skipSpace();
      if (top === '{' && !key()) return i;
      break;
    }
  }
}
