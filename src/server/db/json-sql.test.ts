import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { isoExact, isoMs } from './json-sql';

// The pieces PostgreSQL builds the API's JSON with (decision 0014), on the suite's real database.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function value(expression: SQL): Promise<unknown> {
  const result = (await t.db.execute(sql`select ${expression} as v`)) as unknown as {
    rows: { v: unknown }[];
  };
  return result.rows[0].v;
}
const stamp = (format: (column: string) => string, text: string) =>
  value(sql.raw(format(`'${text}'::timestamptz`)));

describe('isoMs', () => {
  it('writes UTC with exactly three fraction digits, cutting the rest as Date does', async () => {
    expect(await stamp(isoMs, '2026-11-22 05:49:17.123999+00')).toBe('2026-11-22T05:49:17.123Z');
    expect(await stamp(isoMs, '2026-11-22 05:49:17.12+00')).toBe('2026-11-22T05:49:17.120Z');
    expect(await stamp(isoMs, '2026-11-22 05:49:17+00')).toBe('2026-11-22T05:49:17.000Z');
  });

  it('converts other offsets to UTC', async () => {
    expect(await stamp(isoMs, '2026-11-22 05:49:17.5+02')).toBe('2026-11-22T03:49:17.500Z');
    expect(await stamp(isoMs, '2026-11-22T05:49:17.5+05:30')).toBe('2026-11-22T00:19:17.500Z');
  });
});

describe('isoExact', () => {
  it('keeps every stored digit, and writes milliseconds when the rest are zeros', async () => {
    expect(await stamp(isoExact, '2026-11-22 05:49:17.123456+00')).toBe('2026-11-22T05:49:17.123456Z');
    expect(await stamp(isoExact, '2026-11-22 05:49:17.000001+00')).toBe('2026-11-22T05:49:17.000001Z');
    expect(await stamp(isoExact, '2026-11-22 05:49:17.12+00')).toBe('2026-11-22T05:49:17.120Z');
  });
});

describe('pagination_json (db/functions/pagination-json.sql)', () => {
  const pagination = (total: number, page: number, limit: number) =>
    value(sql`pagination_json(${total}::int, ${page}::bigint, ${limit}::int)`);

  it('counts whole pages, 0 for an empty list', async () => {
    expect(await pagination(0, 1, 12)).toEqual({ totalPages: 0, page: 1, limit: 12, total: 0 });
    expect(await pagination(12, 1, 12)).toEqual({ totalPages: 1, page: 1, limit: 12, total: 12 });
    expect(await pagination(13, 2, 12)).toEqual({ totalPages: 2, page: 2, limit: 12, total: 13 });
  });

  it('keeps a page number past 2^31', async () => {
    expect(await pagination(25, 2 ** 40, 5)).toEqual({ totalPages: 5, page: 2 ** 40, limit: 5, total: 25 });
  });
});
