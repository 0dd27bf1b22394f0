import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Device } from '../../../contract/devices';
import { defineRowsStatement, defineStatement } from '../../db/statement';

// Devices (docs/api.md §13): the account's sign-in sessions, named by their own id (migration
// 0017), never by the cookie's token or its hash. One named statement each (db/statement.ts).

/** Timestamps as the record JSON writes them (db/functions/log-json.sql). */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const deviceRow = z
  .object({
    _id: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    device: z.string(),
    current: z.boolean(),
  })
  .strict();

const list = defineRowsStatement<{ userId: string; tokenHash: string }, Device>(
  'list_devices',
  (p) => sql`select id as "_id", ${iso('created_at')} as "createdAt", ${iso('last_seen_at')} as "lastSeenAt",
      device, token_hash = ${p.tokenHash} as current
    from auth_sessions where user_id = ${p.userId} and expires_at > now()
    order by last_seen_at desc, created_at desc, id`,
  deviceRow,
);

/** The account's live sessions, the most recently seen first. */
export async function listDevices(db: object, userId: string, tokenHash: string): Promise<Device[]> {
  return list(db, { userId, tokenHash });
}

const revoke = defineStatement<
  { id: string; userId: string; tokenHash: string },
  { current: boolean } | undefined
>(
  'revoke_device',
  (p) => sql`delete from auth_sessions
    where id = ${p.id}::uuid and user_id = ${p.userId} and expires_at > now()
    returning token_hash = ${p.tokenHash} as current`,
  z.object({ current: z.boolean() }).strict().optional(),
);

/**
 * Ends the account's session `id`: null when the account has no such live session (another
 * account's is "not found" too, docs/api.md §1); otherwise whether it was the caller's own.
 */
export async function revokeDevice(
  db: object,
  userId: string,
  id: string,
  tokenHash: string,
): Promise<{ current: boolean } | null> {
  return (await revoke(db, { id, userId, tokenHash })) ?? null;
}

const touch = defineStatement<{ tokenHash: string }, undefined>(
  'touch_auth_session',
  // The condition makes a second instance's touch within the 5 minutes a read, not a write.
  (p) => sql`update auth_sessions set last_seen_at = now()
    where token_hash = ${p.tokenHash} and last_seen_at < now() - interval '5 minutes' and expires_at > now()`,
  z.undefined(),
);

/** Moves the session's last-seen time to now, if it is more than 5 minutes old. */
export async function touchAuthSession(db: object, tokenHash: string): Promise<void> {
  await touch(db, { tokenHash });
}
