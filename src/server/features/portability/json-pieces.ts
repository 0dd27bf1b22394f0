import type { Turns } from './import-limits';

/** Text of at most this many characters goes to one JSON.parse (≈ 0.2 ms of work). */
const PIECE = 64 * 1024;

/** The text nests values deeper than allowed, first at `offset` (the bracket one level too deep). */
export class NestedTooDeep extends Error {
  constructor(readonly offset: number) {
    super(`nested too deep at ${offset}`);
  }
}

/** What a container expects next: a member, a key, the colon after it, a value, a comma or its end. */
type Expect = 'first' | 'key' | 'colon' | 'value' | 'next';

interface Frame {
  array: boolean;
  /** Offset of its bracket. */
  start: number;
  expect: Expect;
  /** Where the current member starts (an object's: at its key). */
  memberStart: number;
  /** An object's current key, quotes included: [keyStart, keyEnd). */
  keyStart: number;
  keyEnd: number;
  /** Members read but not parsed yet: from the first one's start to the last one's end. */
  runStart: number;
  runEnd: number;
  /** Once it is too big for one piece: its members, parsed a run at a time. */
  value: unknown[] | Record<string, unknown> | null;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
/** A primitive (number, true, false, null) ends at a space, a comma or a closing bracket. */
const endsPrimitive = (c: number) => isSpace(c) || c === 44 || c === 93 || c === 125;

function invalid(at: number): SyntaxError {
  return new SyntaxError(`Unexpected token in JSON at position ${at}`);
}

/**
 * JSON.parse of a big text (an import of up to 10 MB) with turns for other requests
 * (docs/api.md §12): JSON.parse of 10 MB held the event loop 30–40 ms and its garbage collection
 * as long again, in one stretch. One scan finds the containers bigger than `piece` characters
 * and checks their brackets, commas and colons; what lies between is parsed by JSON.parse a run
 * of members at a time, and the containers are put together from those runs. The same value as
 * JSON.parse, or a SyntaxError where it throws one (`__proto__` keys stay own properties), and
 * NestedTooDeep past `maxDepth` levels, found before anything that deep is built: a 10 MB file
 * of nested brackets held JSON.parse for seconds.
 */
export async function parseJsonInTurns(
  text: string,
  options: { maxDepth: number; turns: Turns; piece?: number },
): Promise<unknown> {
  const { maxDepth, turns, piece = PIECE } = options;
  const stack: Frame[] = [];
  /** The top-level value: its span, and the value itself when it was put together from pieces. */
  const root = { start: -1, end: -1, built: false, value: undefined as unknown };

  /** Parses the frame's pending run of members into its value. */
  const flush = async (frame: Frame) => {
    if (frame.runStart === -1) return;
    const run = text.slice(frame.runStart, frame.runEnd);
    frame.runStart = -1;
    if (turns.due()) await turns.take();
    if (frame.array) {
      const values = JSON.parse(`[${run}]`) as unknown[];
      for (const value of values) (frame.value as unknown[]).push(value);
    } else {
      const members = JSON.parse(`{${run}}`) as Record<string, unknown>;
      for (const key of Object.keys(members)) setMember(frame.value as object, key, members[key]);
    }
  };

  /** A member of `frame` ended at `end`; `big` is its value when it was put together from pieces. */
  const memberEnd = async (frame: Frame | undefined, end: number, big?: { value: unknown }) => {
    if (!frame) {
      root.end = end;
      if (big) Object.assign(root, { built: true, value: big.value });
      return;
    }
    frame.expect = 'next';
    if (big) {
      frame.value ??= frame.array ? [] : {};
      await flush(frame);
      if (frame.array) (frame.value as unknown[]).push(big.value);
      else setMember(frame.value, JSON.parse(text.slice(frame.keyStart, frame.keyEnd)) as string, big.value);
      return;
    }
    if (frame.runStart === -1) frame.runStart = frame.memberStart;
    frame.runEnd = end;
    if (frame.value === null && end - frame.start > piece) frame.value = frame.array ? [] : {};
    if (frame.value !== null && frame.runEnd - frame.runStart >= piece) await flush(frame);
  };

  let i = 0;
  for (let steps = 0; ; steps += 1) {
    if ((steps & 1023) === 0 && turns.due()) await turns.take();
    while (i < text.length && isSpace(text.charCodeAt(i))) i += 1;
    if (i === text.length) break;
    const c = text.charCodeAt(i);
    const frame = stack.at(-1);
    if (!frame && root.end !== -1) throw invalid(i); // something after the value

    // A closing bracket, a comma or a colon: the container's punctuation.
    if (c === 93 || c === 125) {
      if (!frame || frame.array !== (c === 93)) throw invalid(i);
      if (frame.expect !== 'next' && frame.expect !== 'first') throw invalid(i);
      stack.pop();
      i += 1;
      if (frame.value === null) await memberEnd(stack.at(-1), i);
      else {
        await flush(frame);
        await memberEnd(stack.at(-1), i, { value: frame.value });
      }
      continue;
    }
    if (c === 44) {
      if (!frame || frame.expect !== 'next') throw invalid(i);
      frame.expect = frame.array ? 'value' : 'key';
      i += 1;
      continue;
    }
    if (c === 58) {
      if (!frame || frame.expect !== 'colon') throw invalid(i);
      frame.expect = 'value';
      i += 1;
      continue;
    }

    // A key of an object.
    if (frame && !frame.array && (frame.expect === 'first' || frame.expect === 'key')) {
      if (c !== 34) throw invalid(i);
      frame.memberStart = frame.keyStart = i;
      i = frame.keyEnd = stringEnd(text, i);
      frame.expect = 'colon';
      continue;
    }

    // A value: where one is expected, a string, a container or a primitive.
    if (frame && frame.expect !== 'value' && !(frame.array && frame.expect === 'first')) throw invalid(i);
    if (frame?.array) frame.memberStart = i;
    if (!frame) root.start = i;
    if (c === 123 || c === 91) {
      if (stack.length >= maxDepth) throw new NestedTooDeep(i);
      stack.push({
        array: c === 91,
        start: i,
        expect: 'first',
        memberStart: -1,
        keyStart: -1,
        keyEnd: -1,
        runStart: -1,
        runEnd: -1,
        value: null,
      });
      i += 1;
      continue;
    }
    const start = i;
    if (c === 34) i = stringEnd(text, i);
    else while (i < text.length && !endsPrimitive(text.charCodeAt(i))) i += 1;
    if (i === start) throw invalid(i);
    await memberEnd(frame, i);
  }

  if (stack.length > 0 || root.end === -1) throw invalid(text.length);
  return root.built ? root.value : JSON.parse(text.slice(root.start, root.end));
}

/** The offset just past the string whose opening quote is at `at`. */
function stringEnd(text: string, at: number): number {
  for (let from = at + 1; ;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) throw invalid(text.length);
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** As JSON.parse sets a key: an own property, `__proto__` included (an assignment would set the prototype). */
function setMember(target: object, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}
