import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { checkStatementRows } from '../db/statement';
import type { Mail } from '../lib/mailer';

export interface TestApp {
  app: FastifyInstance;
  /** Every email the app sent, newest last (stands in for SMTP, an outside service). */
  mails: Mail[];
  /** The app's own database, for the few facts no endpoint can set up (an expired reset link). */
  db: Db;
  close(): Promise<void>;
}

/**
 * A real app on a real database: in-memory PGlite, or the PostgreSQL of DATABASE_URL
 * (CI runs the suite on both). Tests share that PostgreSQL, so factories use unique emails.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { webDist?: string; rateLimitScope?: string } = {},
): Promise<TestApp> {
  const config: Config = {
    ...loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: ':memory:', LOG_LEVEL: 'silent' }),
    ...overrides,
  };
  // Every row a statement returns is parsed with its row schema (decision 0020).
  checkStatementRows(true);
  const database = await openDatabase(config);
  const mails: Mail[] = [];
  const app = await buildApp({
    config,
    database,
    logger: false,
    webDist: options.webDist,
    // On a shared PostgreSQL, each test app counts its own rate limits, as its own database would.
    rateLimitScope: options.rateLimitScope ?? `${randomUUID()}:`,
    checkAnswers: true,
    mailer: {
      async send(mail) {
        mails.push(mail);
      },
    },
  });
  await app.ready();
  return {
    app,
    mails,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
