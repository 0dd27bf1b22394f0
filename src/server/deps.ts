import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './lib/mailer';

/** What every feature's routes are built with: passed in, so tests build the same app. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  requireUser: (request: FastifyRequest) => Promise<void>;
  /** Work that outlives its request (emails): awaited on shutdown. */
  background(task: () => Promise<unknown>): void;
}
