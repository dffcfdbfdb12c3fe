import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's headers for a single-page console (antd's inline styles, the inline runtime config).
 * @fastify/helmet rebuilds helmet's middleware on every request; the headers never change, so we
 * let helmet compute them once and set the same set on every reply (see bench/api.ts).
 */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      // the console may be served over plain HTTP on a LAN; upgrading would break it there
      upgradeInsecureRequests: null,
    },
  },
};

export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as never, response as never, () => undefined);
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
