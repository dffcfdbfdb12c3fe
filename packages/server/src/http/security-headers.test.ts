import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldpay-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><!--APP_CONFIG--></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
);
const t = useTestApp({ webDist });
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const scriptSrcOf = (csp: string) =>
  csp
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src '))
    ?.split(/\s+/)
    .slice(1) ?? [];

describe('the Content-Security-Policy of the console', () => {
  it("allows the inline runtime config by its hash, not by 'unsafe-inline'", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const inline = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain('window.__APP_CONFIG__=');
    const hash = `'sha256-${crypto.createHash('sha256').update(inline[0]).digest('base64')}'`;
    const scriptSrc = scriptSrcOf(String(page.headers['content-security-policy']));
    expect(scriptSrc).toContain(hash);
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    // the API answers carry the same policy
    const health = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(scriptSrcOf(String(health.headers['content-security-policy']))).not.toContain("'unsafe-inline'");
  });
});
