import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../lib/mailer';
import {
  call,
  createWlsession,
  randomIp,
  registerUser,
  sessionCookie,
  userWithExercise,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { totpCode } from './two-factor.totp';

const NEEDED = {
  message: 'Enter your current password to delete your account',
  errors: { currentPassword: 'This field is required' },
};
const WRONG = {
  message: 'Current password is incorrect',
  errors: { currentPassword: 'Current password is incorrect' },
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Every column of the schema that names an owner, table by table (tables added later included). */
async function ownerColumns() {
  return (await rows(sql`select table_name as "table", column_name as "column"
    from information_schema.columns
    where table_schema = current_schema() and column_name in ('user_id', 'author_id', 'owner_id')
    order by table_name, column_name`)) as { table: string; column: string }[];
}

/** How many rows of every table still hold any of `ids` in an owner column. */
async function rowsOwnedBy(ids: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of await ownerColumns()) {
    const [row] = await rows(
      sql`select count(*)::int as n from ${sql.identifier(table)}
        where ${sql.identifier(column)}::text = any(string_to_array(${ids.join(',')}, ','))`,
    );
    counts[`${table}.${column}`] = Number(row.n);
  }
  return counts;
}

async function waitForMail(mails: Mail[], to: string): Promise<Mail> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = mails.find((m) => m.to === to);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const deleteAccount = (cookie: string, body?: unknown) =>
  call(t.app, 'DELETE', '/api/users/profile', { cookie, body });

describe('DELETE /api/users/profile', () => {
  it('needs the current password: missing or wrong → 400 on the field, and nothing is deleted', async () => {
    const user = await userWithExercise(t.app);
    for (const body of [undefined, {}, { currentPassword: '' }]) {
      const response = await deleteAccount(user.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(NEEDED);
    }
    const wrong = await deleteAccount(user.cookie, { currentPassword: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(WRONG);
    const typed = await deleteAccount(user.cookie, { currentPassword: 12 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors).toEqual({ currentPassword: 'Current password must be text' });

    expect((await call(t.app, 'GET', '/api/users/profile', { cookie: user.cookie })).statusCode).toBe(200);
    const logs = await call(t.app, 'GET', '/api/logs', { cookie: user.cookie });
    expect(logs.json().logs.map((l: { _id: string }) => l._id)).toEqual([user.log._id]);
  });

  it('counts a wrong password as a failed login of the account (docs/api.md §9)', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await deleteAccount(user.cookie, { currentPassword: `wrong-${i}` })).statusCode).toBe(400);
    }
    const limited = await deleteAccount(user.cookie, { currentPassword: user.password });
    expect(limited.statusCode).toBe(429);
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { email: user.email, password: user.password },
      ip: randomIp(),
    });
    expect(login.statusCode).toBe(429);
  });

  it('deletes every row of the account at once, signs out every device, and mails a notice', async () => {
    const user = await userWithExercise(t.app);
    await createWlsession(t.app, user.cookie, user.exercise);
    const keyed = await call(t.app, 'POST', '/api/logs', {
      cookie: user.cookie,
      body: { title: 'Kept answer' },
      headers: { 'idempotency-key': 'delete-me-too' },
    });
    expect(keyed.statusCode).toBe(201);
    await call(t.app, 'POST', '/api/users/forgot-password', { body: { email: user.email }, ip: randomIp() });
    const phone = sessionCookie(
      await call(t.app, 'POST', '/api/users/login', {
        body: { email: user.email, password: user.password },
        ip: randomIp(),
      }),
    );
    const bystander = await userWithExercise(t.app);
    await createWlsession(t.app, bystander.cookie, bystander.exercise);
    await waitForMail(t.mails, user.email); // the reset link: its row exists now

    const ids = [user.user._id, user.log._id, user.exercise._id, keyed.json()._id];
    const before = await rowsOwnedBy(ids);
    for (const table of [
      'auth_sessions.user_id',
      'logs.author_id',
      'exercises.author_id',
      'sessions.author_id',
    ])
      expect(before[table]).toBeGreaterThan(0);
    expect(before['idempotency_keys.user_id']).toBe(1);
    expect(before['password_resets.user_id']).toBe(1);
    const bystanderBefore = await rowsOwnedBy([bystander.user._id]);

    const response = await deleteAccount(user.cookie, { currentPassword: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Account deleted' });
    const cleared = response.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');

    const after = await rowsOwnedBy(ids);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await rows(sql`select 1 from users where id = ${user.user._id}`)).toEqual([]);
    expect(await rowsOwnedBy([bystander.user._id])).toEqual(bystanderBefore);
    for (const cookie of [user.cookie, phone])
      expect((await call(t.app, 'GET', '/api/users/profile', { cookie })).statusCode).toBe(401);

    const notice = (
      await waitForMail(
        t.mails.filter((m) => m.subject.includes('deleted')),
        user.email,
      )
    ).text;
    expect(notice).toContain(`The Workout Log account of ${user.email} was deleted`);
    expect(notice).toContain('/register');
  });

  it('lets the email register again, as a new and empty account', async () => {
    const user = await userWithExercise(t.app);
    expect((await deleteAccount(user.cookie, { currentPassword: user.password })).statusCode).toBe(200);
    const again = await registerUser(t.app, { email: user.email, password: 'another-password' });
    expect(again.user._id).not.toBe(user.user._id);
    const logs = await call(t.app, 'GET', '/api/logs', { cookie: again.cookie });
    expect(logs.json().logs).toEqual([]);
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { email: user.email, password: user.password },
      ip: randomIp(),
    });
    expect(login.statusCode).toBe(401);
  });

  it('asks an account without a password, no provider sign-in and no two-factor code to sign in again', async () => {
    const user = await registerUser(t.app);
    // No password: as an account from the identity provider has.
    await rows(sql`update users set password_hash = '' where id = ${user.user._id}`);
    for (const body of [{}, { code: '123456' }, { currentPassword: user.password }]) {
      const response = await deleteAccount(user.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Sign in again to delete this account' });
    }
    expect((await call(t.app, 'GET', '/api/users/profile', { cookie: user.cookie })).statusCode).toBe(200);
  });

  it('deletes an account without a password signed in through the provider within 5 minutes', async () => {
    const user = await registerUser(t.app);
    await rows(sql`update users set password_hash = null where id = ${user.user._id}`);
    await rows(sql`insert into oidc_identities (issuer, subject, user_id)
      values ('https://id.example.com', ${user.user._id}, ${user.user._id})`);
    // The session began six minutes ago: too old to vouch for its owner.
    await rows(
      sql`update auth_sessions set created_at = now() - interval '6 minutes' where user_id = ${user.user._id}`,
    );
    const stale = await deleteAccount(user.cookie, {});
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: 'Sign in again to delete this account' });
    await rows(
      sql`update auth_sessions set created_at = now() - interval '4 minutes' where user_id = ${user.user._id}`,
    );
    const fresh = await deleteAccount(user.cookie, {});
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ message: 'Account deleted' });
  });

  it('deletes an account without a password with a two-factor code, once', async () => {
    const user = await registerUser(t.app);
    const secret = 'JBSWY3DPEHPK3PXP';
    await rows(sql`update users set password_hash = null where id = ${user.user._id}`);
    await rows(
      sql`insert into two_factor (user_id, secret, enabled_at) values (${user.user._id}, ${secret}, now())`,
    );
    const wrong = await deleteAccount(user.cookie, {
      code: '000000' === totpCode(secret, Date.now() / 1000) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const right = await deleteAccount(user.cookie, { code: totpCode(secret, Date.now() / 1000) });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ message: 'Account deleted' });
  });

  it('answers 401 without a session', async () => {
    const response = await deleteAccount('', { currentPassword: 'whatever' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not authorized, please log in' });
  });
});

describe('every table of an account', () => {
  it('references users ON DELETE CASCADE wherever it holds a user_id or author_id', async () => {
    const cascades = (await rows(sql`select c.conrelid::regclass::text as "table", a.attname as "column",
        c.confdeltype as "onDelete"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'users'::regclass`)) as {
      table: string;
      column: string;
      onDelete: string;
    }[];
    expect(cascades.filter((c) => c.onDelete !== 'c')).toEqual([]);
    const referenced = new Set(cascades.map((c) => `${c.table}.${c.column}`));
    const owners = (await ownerColumns())
      // quota_counts.owner_id names an account, a log or an exercise: its triggers clear it.
      .filter((c) => c.column !== 'owner_id')
      .map((c) => `${c.table}.${c.column}`);
    expect(owners.filter((column) => !referenced.has(column))).toEqual([]);
    expect(owners.length).toBeGreaterThanOrEqual(7);
  });
});
