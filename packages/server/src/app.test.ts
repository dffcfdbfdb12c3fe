import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_SERVER_SECRET, TEST_SIGN_SECRET, useTestApp } from '../test/app';

// a stand-in for the built console: only index.html with the marker the server fills in
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-web-dist-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<html><head><!--APP_CONFIG--></head><body></body></html>');
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("console")');
fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const t = useTestApp({ webDist });
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('the served console', () => {
  it('carries the public getKey signing secret in index.html and never the server secret', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<script>window.__APP_CONFIG__={"signSecret":"${TEST_SIGN_SECRET}"}</script>`);
    expect(response.body).not.toContain(TEST_SERVER_SECRET);
    expect(response.body).not.toContain('serverSecret');
    // nor through the static files
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).body).not.toContain(TEST_SERVER_SECRET);
  });

  it('serves the built files: hashed assets cached for good, the rest revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("console")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the API documentation page with its own files', async () => {
    const css = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
});
