import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { AppDb } from '../db/client';

/** What every service needs; built once in app.ts and handed down. */
export interface AppContext {
  db: AppDb;
  config: AppConfig;
  log: FastifyBaseLogger;
}
