import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services';
import type { Guards } from './guards';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What each module's `register*Routes` receives. */
export interface RouteDeps {
  app: ZodApp;
  services: Services;
  guards: Guards;
}

/** Limits for unauthenticated credential endpoints (per address). */
export const CREDENTIAL_RATE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
