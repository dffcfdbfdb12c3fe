import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { AppDb } from '../db/client';
import type { DbScopes } from '../db/scope';

/** What every service needs; built once in app.ts and handed down. */
export interface AppContext {
  /** the current scope's transaction (db/scope.ts): refuses to work outside withViewer / withSystem */
  db: AppDb;
  scopes: DbScopes;
  config: AppConfig;
  log: FastifyBaseLogger;
}
