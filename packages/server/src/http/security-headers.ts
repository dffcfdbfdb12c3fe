import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The CSP source that allows exactly one inline script body. */
export const inlineScriptHash = (body: string): string =>
  `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`;

/**
 * helmet's headers for a single-page console. Scripts: our own files, and the one inline script
 * (the runtime config in index.html) by its hash; the config is fixed for the process, so the
 * hash is too and no per-request nonce is needed. Styles keep 'unsafe-inline' (antd's inline
 * styles). @fastify/helmet rebuilds helmet's middleware on every request; the headers never
 * change, so we let helmet compute them once and set the same set on every reply (see bench/api.ts).
 */
const helmetOptions = (inlineScriptHashes: readonly string[]): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptHashes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      // the console may be served over plain HTTP on a LAN; upgrading would break it there
      upgradeInsecureRequests: null,
    },
  },
});

export function securityHeaders(inlineScriptHashes: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(inlineScriptHashes))({} as never, response as never, () => undefined);
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, inlineScriptHashes: readonly string[] = []): void {
  const headers = securityHeaders(inlineScriptHashes);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
