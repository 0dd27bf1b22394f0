import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineStatement } from '../../db/statement';

const deleteUser = defineStatement<{ id: string }, { email: string } | undefined>(
  'delete_account',
  // One statement, so one transaction: every table that holds the account's rows references
  // users ON DELETE CASCADE (checked by account-deletion.test.ts for every table, those added
  // later included), and the quota counters go by the trigger of quota-counts-users.sql.
  (p) => sql`delete from users where id = ${p.id} returning email`,
  z.object({ email: z.string() }).strict().optional(),
);

/** Deletes the account and every row of it; null when it was already gone. */
export async function deleteAccount(db: object, id: string): Promise<{ email: string } | null> {
  return (await deleteUser(db, { id })) ?? null;
}
