/**
 * Property-based fuzzing (docs/security.md): every write endpoint and every list query string gets
 * arbitrary JSON, wrong types, huge and tiny numbers and long or odd Unicode. The answer is always a
 * success or a 4xx with a string `message`, never a 5xx; every accepted session write is read back
 * and its derived numbers must equal a recomputation: volumes and the weight records in exact
 * decimal arithmetic written here, apart from the server's own code; pace and speed with
 * src/contract/metrics.ts.
 *
 * FUZZ_SCALE=5 npx vitest run src/server/security/fuzz.test.ts runs five times as many cases.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exerciseCreateBody, exerciseUpdateBody } from '../../contract/exercises';
import { logBody } from '../../contract/logs';
import { paceFigures } from '../../contract/metrics';
import { type Pasession, pasessionBody, type Wlsession, wlsessionBody } from '../../contract/sessions';
import { MAX_URL_LENGTH } from '../plugins/errors';
import { sessions } from '../db/schema';
import { registerUser, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { clientErrorProblem, createWorld, type World } from './world';

const SCALE = Math.max(0.1, Number(process.env.FUZZ_SCALE ?? 1));
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const TIMEOUT = 120_000;

let t: TestApp;
let me: World;
let profileUser: TestUser;
let emptyUser: TestUser;
let cases = 0;
let requests = 0;
let acceptedSessionWrites = 0;
let sweptSessions = 0;
let importsApplied = 0;
const statuses: Record<string, number> = {};

// ---------- arbitraries ----------

const ODD_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  'Ω',
  'e\u0301',
  'İ',
  'ß',
  'ǅ',
  '🏋️‍♀️',
  '\u202Eevil',
  '\uFEFF',
  '\u200B',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'edit',
  'create-new-log',
  'create-new-exercise',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '%00',
  '%2e%2e%2f',
  '../../etc/passwd',
  '2026-02-30',
  '2026-13-45',
  '1899-12-31',
  '2101-01-01',
  '2024-02-29T23:59:59.999+14:00',
  '0',
  '-1',
];
const oddString = fc.constantFrom(...ODD_STRINGS);
const weirdString = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 100, maxLength: 400 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1000, maxLength: 4000 }) },
);
const weirdNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    -0.01,
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    100000,
    100000.01,
    99999.99,
    0.001,
    0.005,
    1.005,
    0.1 + 0.2,
    1e-7,
    1e-9,
    1e-305,
    8e-323,
  ),
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    '10',
    ' 10 ',
    '1e5',
    '1e6',
    '0x10',
    '10,5',
    '١٠',
    'Infinity',
    '-Infinity',
    'NaN',
    '-0',
    '.5',
    '5.',
    '+3',
    '1_000',
    '1e-7',
    '0.1e1',
    '9'.repeat(400),
  ),
  fc.double().map(String),
);
const jsonish = fc.jsonValue({ maxDepth: 2 });
const wrongType = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(jsonish, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), jsonish, { maxKeys: 3 }),
);
const anyField = fc.oneof(weirdString, weirdNumber, wrongType);
/** Mostly a valid value, sometimes anything at all: bodies are often accepted, never trusted. */
const fieldOr = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: anyField });

const cents = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100);
const quantity = fc.oneof(
  { weight: 4, arbitrary: cents },
  { weight: 1, arbitrary: fc.constantFrom(0, 100000, 99999.99, 0.01) },
  { weight: 1, arbitrary: cents.map(String) },
);
const DAY = 24 * 60 * 60 * 1000;
const isoDate = fc
  .integer({ min: Date.UTC(1900, 0, 1) / DAY, max: Date.UTC(2100, 11, 31) / DAY })
  .map((d) => new Date(d * DAY).toISOString().slice(0, 10));
const calendarDate = fc.oneof(
  { weight: 4, arbitrary: isoDate },
  { weight: 1, arbitrary: isoDate.map((d) => `${d}T23:30:00-11:00`) },
  { weight: 1, arbitrary: fc.constantFrom('2024-02-29', '1900-01-01', '2100-12-31', '2026-03-01') },
);
type FieldArb = <T>(valid: fc.Arbitrary<T>) => fc.Arbitrary<unknown>;
const exactly: FieldArb = (valid) => valid;
/** `field` is `fieldOr` (mostly valid) or `exactly` (always valid, forged extras aside). */
const setOf = (field: FieldArb) =>
  fc.record(
    {
      repetitions: field(quantity),
      kilograms: field(quantity),
      isHard: field(fc.boolean()),
      volume: anyField,
      _id: anyField,
    },
    { requiredKeys: ['repetitions', 'kilograms'] },
  );
const wlBodyOf = (field: FieldArb) =>
  fc.record(
    {
      createdDate: field(calendarDate),
      set:
        field === exactly
          ? fc.array(setOf(exactly), { minLength: 1, maxLength: 8 })
          : fc.oneof(
              { weight: 8, arbitrary: fc.array(setOf(field), { minLength: 1, maxLength: 8 }) },
              { weight: 1, arbitrary: fc.array(setOf(field), { minLength: 99, maxLength: 102 }) },
              { weight: 1, arbitrary: anyField },
            ),
      totalVolume: anyField,
      workingVolume: anyField,
      author: anyField,
      _id: anyField,
      slugSession: anyField,
    },
    { requiredKeys: ['createdDate', 'set'] },
  );
const paBodyOf = (field: FieldArb) =>
  fc.record(
    {
      createdDate: field(calendarDate),
      time:
        field === exactly
          ? fc.record({ hours: quantity, minutes: quantity, seconds: quantity })
          : fc.oneof(
              {
                weight: 8,
                arbitrary: fc.record(
                  { hours: field(quantity), minutes: field(quantity), seconds: field(quantity) },
                  { requiredKeys: ['hours', 'minutes', 'seconds'] },
                ),
              },
              { weight: 1, arbitrary: anyField },
            ),
      distance: field(quantity),
      paceMinutes: anyField,
      speed: anyField,
      author: anyField,
    },
    { requiredKeys: ['createdDate', 'time', 'distance'] },
  );
const wlBodyArb = fc.oneof(wlBodyOf(fieldOr), wlBodyOf(exactly));
const paBodyArb = fc.oneof(paBodyOf(fieldOr), paBodyOf(exactly));
const TITLE_CHARS = [...'abcxyzABCΩδжëñ漢字ק٣ _-0123456789'];
const validTitle = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.string({ unit: fc.constantFrom(...TITLE_CHARS), minLength: 1, maxLength: 100 }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 100 }) },
);
const titleBody = fc.record(
  { title: fieldOr(validTitle), author: anyField, _id: anyField },
  { requiredKeys: [] },
);
const exerciseBody = fc.record(
  {
    title: fieldOr(validTitle),
    session: fieldOr(fc.constantFrom('wlsession', 'pasession')),
    log: anyField,
  },
  { requiredKeys: [] },
);
const emailArb = fc.oneof(
  { weight: 3, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.uuid().map((u) => `Fuzz-${u}@Example.IO`) },
);
const passwordArb = fc.oneof(
  fc.string({ minLength: 6, maxLength: 60 }),
  fc.string({ unit: 'grapheme', minLength: 6, maxLength: 30 }),
  fc.constantFrom('secret-password', '      ', 'x'.repeat(200), 'x'.repeat(201), '12345'),
);
const userBody = fc.record(
  {
    username: fieldOr(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 50 })),
    email: fieldOr(emailArb),
    password: fieldOr(passwordArb),
    turnstileToken: anyField,
    isAdmin: anyField,
  },
  { requiredKeys: [] },
);

/** A request body: a mostly valid object, any JSON value at all, raw text, or the wrong content type. */
type Payload =
  { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string } | { kind: 'none' };
const payloadOf = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<Payload> =>
  fc.oneof(
    { weight: 12, arbitrary: valid.map((value) => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: fc.anything().map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.constantFrom('{', '{"a":', '[1,2', 'null', '""', '{"__proto__":{"isAdmin":true}}', '\u0000'),
          // Over the 100 KB body limit: 413.
          fc.constant(`{"title":"${'x'.repeat(110 * 1024)}"}`),
        ),
        contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.string({ maxLength: 50 }),
        contentType: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );

// ---------- requests and checks ----------

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: Payload,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  requests += 1;
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  const request: InjectOptions = { method, url, headers, remoteAddress: '127.0.0.1' };
  if (payload.kind === 'json') {
    const text = JSON.stringify(payload.value);
    if (text !== undefined) {
      headers['content-type'] = 'application/json';
      request.payload = text;
    }
  } else if (payload.kind === 'raw') {
    headers['content-type'] = payload.contentType;
    request.payload = payload.text;
  }
  return t.app.inject(request);
}

/** What the body looks like after the JSON round trip the server sees. */
function asSent(payload: Payload): unknown {
  if (payload.kind !== 'json') return undefined;
  const text = JSON.stringify(payload.value);
  if (text === undefined) return undefined;
  const sent: unknown = JSON.parse(text);
  // Fastify's JSON parser refuses prototype poisoning anywhere in a body (400): such a body is
  // never read, whatever the schema would say of it.
  return poisoned(sent) ? undefined : sent;
}

/** A `__proto__` key, or a `constructor` holding a `prototype` key, at any depth. */
function poisoned(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);
  if (own(value, '__proto__')) return true;
  const ctor = (value as Record<string, unknown>).constructor;
  if (own(value, 'constructor') && typeof ctor === 'object' && ctor !== null && own(ctor, 'prototype'))
    return true;
  return Object.values(value).some(poisoned);
}

/** Never a 5xx; a 4xx is `{message: string}` without internals. */
function assertSane(response: LightMyRequestResponse, label: string): void {
  cases += 1;
  const status = String(response.statusCode);
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (response.statusCode >= 200 && response.statusCode < 300) return;
  const problem = clientErrorProblem(response);
  if (problem)
    throw new Error(`${label} → ${problem}: ${response.statusCode} ${response.body.slice(0, 300)}`);
}

// The volume oracle: docs/api.md §5 and §10 in exact integers, not the server's floating-point code
// (src/contract/metrics.ts), so an arithmetic slip there shows here. Reps, kilograms and pounds carry
// at most 2 decimals, so each is a whole number of hundredths, and reps × weight a whole number of
// 10⁻¹² kg (a pound is exactly 0.45359237 kg); sums are exact, and round2 is half up on the exact
// value (nothing here is negative).

/** A quantity as a whole number of hundredths; undefined if it has more decimals than that. */
function hundredths(n: number): bigint | undefined {
  const h = Math.round(n * 100);
  return Number.isSafeInteger(h) && Math.abs(n * 100 - h) < 1e-6 ? BigInt(h) : undefined;
}

/** reps × kilograms in 10⁻¹² kg: a set typed in pounds counts its exact kilograms (docs/api.md §10). */
function picoVolume(set: {
  repetitions: number;
  kilograms: number;
  pounds?: number | null;
}): bigint | undefined {
  const reps = hundredths(set.repetitions);
  const weight = hundredths(set.pounds ?? set.kilograms);
  if (reps === undefined || weight === undefined) return undefined;
  return reps * weight * (set.pounds == null ? 100_000_000n : 45_359_237n);
}

/** 10⁻¹² kg rounded half up to hundredths, as the number the API sends. */
const round2Exact = (pico: bigint) => Number((pico + 5_000_000_000n) / 10_000_000_000n) / 100;

function wlProblems(s: Wlsession): string[] {
  const problems: string[] = [];
  const sums = { totalVolume: 0n, workingVolume: 0n, junkVolume: 0n };
  for (const set of s.set) {
    const pico = picoVolume(set);
    if (pico === undefined) {
      problems.push(`set ${set.repetitions} × ${set.pounds ?? set.kilograms} has more than 2 decimals`);
      continue;
    }
    if (set.volume !== round2Exact(pico)) problems.push(`set volume ${set.volume} ≠ ${round2Exact(pico)}`);
    sums.totalVolume += pico;
    sums[set.isHard ? 'workingVolume' : 'junkVolume'] += pico;
  }
  for (const key of ['totalVolume', 'workingVolume', 'junkVolume'] as const) {
    if (s[key] !== round2Exact(sums[key])) problems.push(`${key} ${s[key]} ≠ ${round2Exact(sums[key])}`);
  }
  if (!new RegExp(`^${s.createdDate}(-\\d+)?$`).test(s.slugSession)) problems.push(`slug ${s.slugSession}`);
  return problems;
}

type RecordName = 'heaviest' | 'e1rm' | 'bestSetVolume' | 'bestSessionVolume';
interface RecordSession {
  id: string;
  createdDate: string;
  createdAt: string;
  slug: string;
  sets: { repetitions: number; kilograms: number; pounds?: number | null }[] | null;
}

/**
 * The weight records of docs/api.md §10 from an exercise's stored sets, in exact integers like the
 * volumes above, apart from the server's `setBests` and its SQL: sets with 0 reps or 0 kg count for
 * none, the e1RM needs a whole rep (w for one, w × (1 + r/30) beyond), values compare unrounded, a
 * tie goes to the earlier session (date, then creation), and only the value returned is rounded.
 */
function expectedWeightRecords(rows: RecordSession[]) {
  // Units: weight in 10⁻¹⁰ kg, volumes in 10⁻¹² kg, the e1RM in 10⁻¹⁰ kg / 3000.
  const perHundredth: Record<RecordName, bigint> = {
    heaviest: 100_000_000n,
    e1rm: 300_000_000_000n,
    bestSetVolume: 10_000_000_000n,
    bestSessionVolume: 10_000_000_000n,
  };
  type Held = { exact: bigint; value: number; createdDate: string; slugSession: string };
  const held: Record<RecordName, Held | null> = {
    heaviest: null,
    e1rm: null,
    bestSetVolume: null,
    bestSessionVolume: null,
  };
  const byTime = [...rows].sort((a, b) =>
    a.createdDate !== b.createdDate
      ? a.createdDate.localeCompare(b.createdDate)
      : a.createdAt !== b.createdAt
        ? a.createdAt < b.createdAt
          ? -1
          : 1
        : a.id.localeCompare(b.id),
  );
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  for (const row of byTime) {
    const bests: Record<RecordName, bigint> = {
      heaviest: 0n,
      e1rm: 0n,
      bestSetVolume: 0n,
      bestSessionVolume: 0n,
    };
    for (const set of row.sets ?? []) {
      const reps = hundredths(set.repetitions);
      const typed = hundredths(set.pounds ?? set.kilograms);
      if (reps === undefined || typed === undefined) continue; // wlProblems names it
      const weight = typed * (set.pounds == null ? 100_000_000n : 45_359_237n);
      bests.bestSessionVolume += reps * weight;
      if (reps === 0n || weight === 0n) continue;
      bests.heaviest = max(bests.heaviest, weight);
      bests.bestSetVolume = max(bests.bestSetVolume, reps * weight);
      if (reps >= 100n) bests.e1rm = max(bests.e1rm, weight * (reps === 100n ? 3000n : 3000n + reps));
    }
    for (const name of Object.keys(held) as RecordName[]) {
      const exact = bests[name];
      const current = held[name];
      // Strictly greater: on a tie the earlier session keeps the record.
      if (exact > 0n && (current === null || exact > current.exact)) {
        const value = Number((exact + perHundredth[name] / 2n) / perHundredth[name]) / 100;
        held[name] = { exact, value, createdDate: row.createdDate, slugSession: row.slug };
      }
    }
  }
  const answer = (h: Held | null) =>
    h && { value: h.value, createdDate: h.createdDate, slugSession: h.slugSession };
  return {
    heaviest: answer(held.heaviest),
    e1rm: answer(held.e1rm),
    bestSetVolume: answer(held.bestSetVolume),
    bestSessionVolume: answer(held.bestSessionVolume),
  };
}

function paProblems(s: Pasession): string[] {
  const problems: string[] = [];
  const expected = paceFigures(s.time, s.distance);
  for (const key of ['paceMinutes', 'paceSeconds', 'speed'] as const) {
    if (s[key] !== expected[key]) problems.push(`${key} ${s[key]} ≠ ${expected[key]}`);
  }
  if (!new RegExp(`^${s.createdDate}(-\\d+)?$`).test(s.slugSession)) problems.push(`slug ${s.slugSession}`);
  return problems;
}

/**
 * A session write: the schema decides, the server agrees (a valid body is stored, an invalid one is
 * a 400); the stored record has the sent inputs and derived numbers equal to a recomputation.
 */
async function checkSessionWrite(
  kind: 'wlsession' | 'pasession',
  response: LightMyRequestResponse,
  payload: Payload,
  label: string,
): Promise<void> {
  assertSane(response, label);
  const schema = kind === 'wlsession' ? wlsessionBody : pasessionBody;
  const parsed = payload.kind === 'json' ? schema.safeParse(asSent(payload)) : undefined;
  const ok = response.statusCode === 200 || response.statusCode === 201;
  if (parsed?.success && !ok) throw new Error(`${label}: a valid body was refused: ${response.body}`);
  if (!parsed?.success && ok) throw new Error(`${label}: an invalid body was accepted: ${response.body}`);
  if (!ok || !parsed?.success) return;
  acceptedSessionWrites += 1;
  const returned = response.json();
  const exercise = kind === 'wlsession' ? me.wl : me.pa;
  const segment = kind === 'wlsession' ? 'wlsessions' : 'pasessions';
  const stored = await t.app.inject({
    method: 'GET',
    url: `/api/logs/${me.log.slugLog}/exercises/${exercise.slugExercise}/${segment}/edit/${returned._id}`,
    headers: { cookie: me.user.cookie },
  });
  requests += 1;
  expect(stored.statusCode, label).toBe(200);
  const record = stored.json();
  expect(record, `${label}: the answer is what was stored`).toEqual(returned);
  expect(record.author).toBe(me.user.user._id);
  const problems = kind === 'wlsession' ? wlProblems(record) : paProblems(record);
  expect(problems, label).toEqual([]);
  const input = parsed.data as Record<string, unknown>;
  expect(record.createdDate).toBe(input.createdDate);
  if (kind === 'wlsession') {
    const sets = (input as { set: { repetitions: number; kilograms: number; isHard: boolean }[] }).set;
    expect(
      record.set.map((s: Wlsession['set'][number]) => [s.repetitions, s.kilograms, s.isHard]),
      label,
    ).toEqual(sets.map((s) => [s.repetitions, s.kilograms, s.isHard]));
  } else {
    // -0 is sent as 0 (JSON has no negative zero): compare values, not zero signs.
    const zeroless = (v: unknown) => JSON.parse(JSON.stringify(v));
    expect(zeroless([record.time, record.distance]), label).toEqual(zeroless([input.time, input.distance]));
  }
}

/** Percent-encodes any string; a lone surrogate cannot be UTF-8, so it goes as U+FFFD (as a browser sends it). */
const enc = (value: string) =>
  encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
const settings = (numRuns: number) => ({ numRuns: runs(numRuns), endOnFailure: true });

// ---------- setup ----------

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      loginFailuresPerEmail: 1e9,
      loginPerIp: 1e9,
      registerPerIp: 1e9,
      forgotPerIp: 1e9,
      forgotPerEmail: 1e9,
      resetPerIp: 1e9,
      emailChangesPerUser: 1e9,
      writesPerUser: 1e9,
    },
  });
  me = await createWorld(t.app, undefined, { log: 'Fuzz Log', wl: 'Fuzz Squat', pa: 'Fuzz Run' });
  profileUser = await registerUser(t.app);
  emptyUser = await registerUser(t.app);
});

afterAll(async () => {
  console.log(
    `fuzz: ${cases} cases (${requests} requests), ${acceptedSessionWrites} accepted session writes ` +
      `re-read and recomputed, ${importsApplied} imports applied, ${sweptSessions} stored sessions swept (scale ${SCALE}); statuses ${JSON.stringify(statuses)}`,
  );
  await t?.close();
});

// ---------- properties ----------

describe('session writes', () => {
  const wlUrl = () => `/api/logs/${me.log.slugLog}/exercises/${me.wl.slugExercise}/wlsessions`;
  const paUrl = () => `/api/logs/${me.log.slugLog}/exercises/${me.pa.slugExercise}/pasessions`;

  it(
    'POST and PUT weight sessions: 4xx with a message or stored with recomputable volumes',
    async () => {
      await fc.assert(
        fc.asyncProperty(payloadOf(wlBodyArb), fc.boolean(), async (payload, edit) => {
          const url = edit ? `${wlUrl()}/edit/${me.wls._id}` : wlUrl();
          const response = await send(edit ? 'PUT' : 'POST', url, payload, me.user.cookie);
          await checkSessionWrite('wlsession', response, payload, `${edit ? 'PUT' : 'POST'} wlsession`);
        }),
        settings(260),
      );
    },
    TIMEOUT,
  );

  it(
    'POST and PUT pace sessions: 4xx with a message or stored with recomputable pace and speed',
    async () => {
      await fc.assert(
        fc.asyncProperty(payloadOf(paBodyArb), fc.boolean(), async (payload, edit) => {
          const url = edit ? `${paUrl()}/edit/${me.pas._id}` : paUrl();
          const response = await send(edit ? 'PUT' : 'POST', url, payload, me.user.cookie);
          await checkSessionWrite('pasession', response, payload, `${edit ? 'PUT' : 'POST'} pasession`);
        }),
        settings(260),
      );
    },
    TIMEOUT,
  );
});

describe('log and exercise writes', () => {
  it(
    'POST /api/logs and PUT /api/logs/edit/:id',
    async () => {
      const spare = await createWorld(t.app, me.user);
      await fc.assert(
        fc.asyncProperty(payloadOf(titleBody), fc.boolean(), async (payload, edit) => {
          const url = edit ? `/api/logs/edit/${spare.log._id}` : '/api/logs';
          const response = await send(edit ? 'PUT' : 'POST', url, payload, me.user.cookie);
          assertSane(response, `${edit ? 'PUT' : 'POST'} log`);
          const valid = payload.kind === 'json' && logBody.safeParse(asSent(payload)).success;
          if (!valid && response.statusCode < 300)
            throw new Error(`invalid title accepted: ${response.body}`);
          if (valid && ![200, 201, 400, 409].includes(response.statusCode))
            throw new Error(`valid title → ${response.statusCode} ${response.body}`);
          if (response.statusCode < 300) {
            const saved = response.json();
            expect(saved.author).toBe(me.user.user._id);
            if (edit) spare.log = saved; // its slug moved with the title
          }
        }),
        settings(120),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/logs/:slugLog/exercises and PUT …/exercises/edit/:id',
    async () => {
      const spare = await createWorld(t.app, me.user);
      await fc.assert(
        fc.asyncProperty(payloadOf(exerciseBody), fc.boolean(), async (payload, edit) => {
          const url = edit
            ? `/api/logs/${enc(spare.log.slugLog)}/exercises/edit/${spare.wl._id}`
            : `/api/logs/${enc(spare.log.slugLog)}/exercises`;
          const response = await send(edit ? 'PUT' : 'POST', url, payload, me.user.cookie);
          assertSane(response, `${edit ? 'PUT' : 'POST'} exercise`);
          const schema = edit ? exerciseUpdateBody : exerciseCreateBody;
          const valid = payload.kind === 'json' && schema.safeParse(asSent(payload)).success;
          if (!valid && response.statusCode < 300)
            throw new Error(`invalid exercise accepted: ${response.body}`);
          if (valid && ![200, 201, 400, 409].includes(response.statusCode))
            throw new Error(`valid exercise → ${response.statusCode} ${response.body}`);
          if (response.statusCode < 300 && edit) spare.wl = response.json();
        }),
        settings(120),
      );
    },
    TIMEOUT,
  );
});

describe('account writes', () => {
  it(
    'POST /api/users (register)',
    async () => {
      await fc.assert(
        fc.asyncProperty(payloadOf(userBody), async (payload) => {
          const response = await send('POST', '/api/users', payload);
          assertSane(response, 'register');
          if (response.statusCode === 201) expect(response.json().isAdmin).toBe(false);
        }),
        settings(70),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/users/login and /forgot-password',
    async () => {
      const known = fc.constant(me.user.email);
      const body = fc.record(
        {
          email: fieldOr(fc.oneof(known, emailArb)),
          password: fieldOr(fc.oneof(passwordArb, fc.constant('nope'))),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(payloadOf(body), fc.boolean(), async (payload, forgot) => {
          const url = forgot ? '/api/users/forgot-password' : '/api/users/login';
          const response = await send('POST', url, payload);
          assertSane(response, url);
          // Only the real password signs in (the arbitraries include the factories' default one).
          const sent = asSent(payload) as { password?: unknown } | undefined;
          if (!forgot && response.statusCode === 200 && sent?.password !== me.user.password)
            throw new Error(`a fuzzed login succeeded: ${JSON.stringify(sent)}`);
        }),
        settings(80),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/users/reset-password/:token with arbitrary tokens and bodies',
    async () => {
      const body = fc.record({ password: fieldOr(passwordArb) }, { requiredKeys: [] });
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(weirdString, fc.base64String()),
          payloadOf(body),
          async (token, payload) => {
            const response = await send('POST', `/api/users/reset-password/${enc(token)}`, payload);
            assertSane(response, 'reset');
            if (response.statusCode < 300) throw new Error('a fuzzed reset token worked');
          },
        ),
        settings(80),
      );
    },
    TIMEOUT,
  );

  it(
    'PUT /api/users/profile',
    async () => {
      await fc.assert(
        fc.asyncProperty(payloadOf(userBody), async (payload) => {
          const response = await send('PUT', '/api/users/profile', payload, profileUser.cookie);
          assertSane(response, 'profile');
          if (response.statusCode === 200) {
            expect(response.json()._id).toBe(profileUser.user._id);
            expect(response.json().isAdmin).toBe(false);
          }
        }),
        settings(70),
      );
      // The cookie that made every change still works.
      const after = await send('GET', '/api/users/profile', { kind: 'none' }, profileUser.cookie);
      expect(after.statusCode).toBe(200);
    },
    TIMEOUT,
  );

  it(
    'POST /api/import with arbitrary files and query values',
    async () => {
      // Always a valid title: starts with a letter, only allowed characters.
      const safeTitle = fc
        .string({ unit: fc.constantFrom(...TITLE_CHARS), maxLength: 60 })
        .map((rest) => `T${rest}`);
      const importFileOf = (field: FieldArb) =>
        fc.record(
          {
            format: field(fc.constant('workout-log')),
            version: field(fc.constant(1)),
            logs: fc.oneof(
              {
                weight: 5,
                arbitrary: fc.array(
                  fc.record({
                    title: field === exactly ? safeTitle : field(validTitle),
                    exercises: fc.array(
                      fc.oneof(
                        fc.record({
                          title: field === exactly ? safeTitle : field(validTitle),
                          session: fc.constant('wlsession'),
                          sessions: fc.array(wlBodyOf(field), { maxLength: 3 }),
                        }),
                        fc.record({
                          title: field === exactly ? safeTitle : field(validTitle),
                          session: field(fc.constant('pasession')),
                          sessions: fc.array(paBodyOf(field), { maxLength: 3 }),
                        }),
                      ),
                      { maxLength: 3 },
                    ),
                  }),
                  { minLength: field === exactly ? 1 : 0, maxLength: 3 },
                ),
              },
              { weight: field === exactly ? 0 : 1, arbitrary: anyField },
            ),
          },
          { requiredKeys: field === exactly ? ['format', 'version', 'logs'] : [] },
        );
      const importFile = fc.oneof(importFileOf(fieldOr), importFileOf(exactly));
      const queryOf = (field: FieldArb) =>
        fc.record(
          {
            source: field(fc.constantFrom('json', 'hevy', 'strong')),
            unit: field(fc.constantFrom('kg', 'lb')),
            distanceUnit: field(fc.constantFrom('km', 'mi')),
            dryRun: field(fc.constantFrom('1', '0', 'true', 'false')),
          },
          { requiredKeys: [] },
        );
      const query = fc.oneof(
        queryOf(fieldOr),
        fc.constant({ source: 'json' }),
        fc.constant({ source: 'json', dryRun: '1' }),
      );
      const csv = fc
        .array(fc.array(fc.oneof(weirdString, weirdNumber.map(String)), { maxLength: 12 }), { maxLength: 6 })
        .map((rows) =>
          rows.map((r) => r.map((c) => `"${String(c).replaceAll('"', '""')}"`).join(',')).join('\n'),
        );
      const file = fc.oneof(
        { weight: 3, arbitrary: payloadOf(importFile) },
        {
          weight: 1,
          arbitrary: csv.map((text) => ({ kind: 'raw' as const, text, contentType: 'text/csv' })),
        },
      );
      await fc.assert(
        fc.asyncProperty(query, file, async (q, payload) => {
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(q)) if (value !== undefined) search.set(key, text(value));
          const response = await send('POST', `/api/import?${search}`, payload, me.user.cookie);
          assertSane(response, 'import');
          if (response.statusCode === 200 && !response.json().dryRun) importsApplied += 1;
        }),
        settings(100),
      );
    },
    TIMEOUT,
  );
});

describe('paths and query strings', () => {
  const queryValue = fc.oneof(weirdString, weirdNumber.map(String), fc.constantFrom('1', '100', '101', '0'));
  const queryArb = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('limit', 'page', 'limit[]', 'page[x]', 'sort', ''), weirdString),
      queryValue,
    ),
    { maxLength: 5 },
  );
  const toSearch = (pairs: [string, string][]) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');

  function checkPagination(body: { pagination: Record<string, number> }, items: unknown[], label: string) {
    const { limit, page, total } = body.pagination;
    expect(Number.isInteger(limit) && limit >= 1 && limit <= 100, `${label} limit ${limit}`).toBe(true);
    expect(Number.isSafeInteger(page) && page >= 1, `${label} page ${page}`).toBe(true);
    expect(items.length, label).toBeLessThanOrEqual(limit);
    expect(Number.isInteger(total) && total >= 0, label).toBe(true);
  }

  it(
    'list endpoints coerce and clamp any limit/page: always 200',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('logs', 'log', 'exercise', 'progress'),
          queryArb,
          async (which, pairs) => {
            const base = {
              logs: '/api/logs',
              log: `/api/logs/${me.log.slugLog}`,
              exercise: `/api/logs/${me.log.slugLog}/exercises/${me.wl.slugExercise}`,
              progress: `/api/logs/${me.log.slugLog}/exercises/${me.pa.slugExercise}/progress`,
            }[which];
            const response = await send(
              'GET',
              `${base}?${toSearch(pairs)}`,
              { kind: 'none' },
              me.user.cookie,
            );
            assertSane(response, `GET ${which}`);
            // An address longer than any the app makes is refused before routing (docs/api.md §9).
            // Its length as sent: the request's URL parser also escapes what encodeURIComponent
            // leaves (' in a query), so an address near the limit can pass it only once sent.
            const sent = new URL(`${base}?${toSearch(pairs)}`, 'http://localhost');
            const expected = sent.pathname.length + sent.search.length > MAX_URL_LENGTH ? 414 : 200;
            expect(response.statusCode, `${which}?${toSearch(pairs)} ${response.body.slice(0, 200)}`).toBe(
              expected,
            );
            if (expected === 414) return;
            const body = response.json();
            if (which === 'logs') checkPagination(body, body.logs, which);
            if (which === 'log') checkPagination(body, body.logAggregate, which);
            if (which === 'exercise') checkPagination(body, body.exerciseAggregate, which);
          },
        ),
        settings(160),
      );
    },
    TIMEOUT,
  );

  it(
    'odd slugs and ids in paths: 200 or 404, never 5xx',
    async () => {
      const segment = fc.oneof(
        weirdString,
        fc.uuid(),
        fc.string({ unit: 'grapheme', minLength: 100, maxLength: 700 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            'GET log',
            'GET exercise',
            'GET session',
            'GET session id',
            'GET log id',
            'DELETE log',
            'DELETE exercise',
            'DELETE session',
          ),
          segment,
          async (which, raw) => {
            const s = enc(raw);
            const ex = `/api/logs/${me.log.slugLog}/exercises`;
            const [method, url, cookie] = {
              'GET log': ['GET', `/api/logs/${s}`, me.user.cookie],
              'GET exercise': ['GET', `${ex}/${s}`, me.user.cookie],
              'GET session': ['GET', `${ex}/${me.wl.slugExercise}/wlsessions/${s}`, me.user.cookie],
              'GET session id': ['GET', `${ex}/${me.pa.slugExercise}/pasessions/edit/${s}`, me.user.cookie],
              'GET log id': ['GET', `/api/logs/edit/${s}`, me.user.cookie],
              // Deletes go to a user with no records: nothing of theirs can match, so always 404.
              'DELETE log': ['DELETE', `/api/logs/${s}`, emptyUser.cookie],
              'DELETE exercise': ['DELETE', `/api/logs/${s}/exercises/${s}`, emptyUser.cookie],
              'DELETE session': ['DELETE', `/api/logs/${s}/exercises/${s}/pasessions/${s}`, emptyUser.cookie],
            }[which] as ['GET' | 'DELETE', string, string];
            const response = await send(method, url, { kind: 'none' }, cookie);
            assertSane(response, `${which} ${url.slice(0, 200)}`);
            // 400 only for a NUL character, which PostgreSQL cannot hold in text.
            const expected =
              url.length > MAX_URL_LENGTH
                ? [414]
                : raw.includes('\u0000')
                  ? [400, 404]
                  : method === 'DELETE'
                    ? [404]
                    : [200, 404];
            expect(expected, `${url} → ${response.body.slice(0, 200)}`).toContain(response.statusCode);
          },
        ),
        settings(160),
      );
    },
    TIMEOUT,
  );
});

describe('regressions found by this file', () => {
  it('values within binary noise of zero (8e-323, 1e-305) are stored as 0, never as NaN or Infinity', async () => {
    const url = `/api/logs/${me.log.slugLog}/exercises/${me.pa.slugExercise}/pasessions`;
    for (const body of [
      { createdDate: '2026-01-02', time: { hours: 1, minutes: 2, seconds: 3 }, distance: '8e-323' },
      { createdDate: '2026-01-02', time: { hours: 0, minutes: 0, seconds: 1e-305 }, distance: 100000 },
    ]) {
      const payload: Payload = { kind: 'json', value: body };
      const response = await send('POST', url, payload, me.user.cookie);
      await checkSessionWrite('pasession', response, payload, 'tiny quantity');
      const saved = response.json();
      expect([saved.paceMinutes, saved.paceSeconds, saved.speed].every(Number.isFinite)).toBe(true);
    }
    const progress = await send(
      'GET',
      `${url.replace(/\/pasessions$/, '')}/progress`,
      { kind: 'none' },
      me.user.cookie,
    );
    expect(progress.statusCode).toBe(200);
  });
});

describe('every stored session', () => {
  it('has derived numbers equal to a recomputation from its stored inputs, and a unique dated slug', async () => {
    // This file's writes (on a shared PostgreSQL, other suites' rows are theirs to check).
    const mine = await t.db.select().from(sessions).where(eq(sessions.authorId, me.user.user._id));
    const wl = mine.filter((row) => row.kind === 'wlsession');
    const pa = mine.filter((row) => row.kind === 'pasession');
    const problems: string[] = [];
    const slugs = new Set<string>();
    for (const row of wl) {
      const s = {
        set: row.sets,
        totalVolume: row.totalVolume,
        workingVolume: row.workingVolume,
        junkVolume: row.junkVolume,
        createdDate: row.createdDate,
        slugSession: row.slug,
      } as Wlsession;
      problems.push(...wlProblems(s).map((p) => `wlsession ${row.id}: ${p}`));
      if (!row.sets?.length) problems.push(`wlsession ${row.id} has no sets`);
      const key = `wl ${row.exerciseId} ${row.slug}`;
      if (slugs.has(key)) problems.push(`duplicate slug ${key}`);
      slugs.add(key);
    }
    for (const row of pa) {
      const s = {
        time: { hours: row.hours, minutes: row.minutes, seconds: row.seconds },
        distance: row.distance,
        paceMinutes: row.paceMinutes,
        paceSeconds: row.paceSeconds,
        speed: row.speed,
        createdDate: row.createdDate,
        slugSession: row.slug,
      } as Pasession;
      problems.push(...paProblems(s).map((p) => `pasession ${row.id}: ${p}`));
      const key = `pa ${row.exerciseId} ${row.slug}`;
      if (slugs.has(key)) problems.push(`duplicate slug ${key}`);
      slugs.add(key);
    }
    sweptSessions = wl.length + pa.length;
    expect(problems).toEqual([]);
    // The records of the exercise every weight write went to, against the exact recomputation.
    const records = await send(
      'GET',
      `/api/logs/${me.log.slugLog}/exercises/${me.wl.slugExercise}/records`,
      { kind: 'none' },
      me.user.cookie,
    );
    expect(records.statusCode).toBe(200);
    // Kilogram figures only: the pound figures are checked against hand-computed values in
    // features/sessions/pound-figures.test.ts.
    const inKilograms = Object.fromEntries(
      Object.entries(records.json().records as Record<string, { pounds?: number } | null>).map(
        ([name, record]) => [name, record && (({ pounds: _pounds, ...rest }) => rest)(record)],
      ),
    );
    expect(inKilograms).toEqual(
      expectedWeightRecords(wl.filter((row) => row.exerciseId === me.wl._id) as RecordSession[]),
    );
    expect(acceptedSessionWrites).toBeGreaterThan(runs(40));
  });
});
