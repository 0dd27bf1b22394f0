import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './lib/mailer';
import type { Limiter } from './lib/rate-limiter';

/** What every feature's routes are built with: passed in, so tests build the same app. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** onRequest hook of the account routes: sets `request.user` or answers 401 (plugins/auth.ts). */
  requireUser: (request: FastifyRequest) => Promise<void>;
  /** onRequest hook of the record routes: sets `request.tokenHash` or answers 401 (plugins/auth.ts). */
  requireSession: (request: FastifyRequest) => Promise<void>;
  /** A rate limit named `name`: shared by every instance on PostgreSQL, in memory on PGlite. */
  limiter(name: string, max: number, windowMs: number): Limiter;
  /** Work that outlives its request (emails): awaited on shutdown. */
  background(task: () => Promise<unknown>): void;
}
