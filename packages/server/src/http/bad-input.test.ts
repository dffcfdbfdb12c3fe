import { ApiCode, MSG } from '@fieldpay/domain';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, sessions } from '../db/schema';
import {
  authHeaders,
  createPlatformUser,
  createTenant,
  encryptPassword,
  getKey,
  login,
  uniqueMobile,
  useTestApp,
} from '../../test/app';
import { persons } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { BODY_LIMIT_BYTES } from '../app';
import { operationsOf, routeUrlOf, sampleOf } from '../../test/idor';
import { multipart, pngOf } from '../../test/file-fixtures';
import { hasFieldLabel } from './field-labels';

const t = useTestApp();

const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0].n;

describe('bad input gets a clear Chinese message, changes nothing, and the server keeps serving', () => {
  it('malformed JSON', async () => {
    const before = await sessionCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: ApiCode.validation, message: MSG.malformedJson });
    expect(await sessionCount()).toBe(before);
  });

  it('wrong types and missing fields name the field in Chinese', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      payload: { username: 123, password: 'x', keyId: 'k' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/^用户名：/);
    const missing = await t.app.inject({ method: 'POST', url: '/platform/v2/login', payload: { username: 'admin' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^(密码|密钥编号)：/);
    expect(missing.json().message).not.toMatch(/[A-Za-z]{6,}/);
  });

  it('a body over the limit is refused with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a'.repeat(BODY_LIMIT_BYTES + 10), password: 'x', keyId: 'k' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, message: MSG.bodyTooLarge });
  });

  it('unknown tenant ids and bad id lists', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/tenant/queryByIds?ids=999999',
      headers: authHeaders(info),
    });
    expect(unknown.json()).toMatchObject({ success: true, result: [] });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/tenant/queryByIds?ids=1,abc',
      headers: authHeaders(info),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^编号列表：/);
    const header = await t.app.inject({
      method: 'GET',
      url: '/platform/v2/queryPerm',
      headers: { 'x-access-token': info.token, 'x-tenant-id': '999999' },
    });
    expect(header.statusCode).toBe(403);
    expect(header.json().message).toBe(MSG.tenantNotYours);
  });

  it('unknown dictionary codes, SQL-looking codes and unknown routes', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/g/dict/loadDict/no_such_dict',
      headers: authHeaders(info),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.dictUnknown);
    const injection = await t.app.inject({
      method: 'GET',
      url: `/api/sys2/g/dict/loadDict/${encodeURIComponent("x';drop table users;--")}`,
      headers: authHeaders(info),
    });
    expect(injection.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: MSG.notFound });
  });

  it('no stack trace or SQL reaches the client, and the server keeps serving', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/platform/v2/login',
          headers: { 'content-type': 'application/json' },
          payload: i % 2 ? '{' : JSON.stringify({ username: [], password: {}, keyId: null }),
        }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toMatch(/at \w+ \(|select |insert |node_modules/i);
    }
    expect((await getKey(t.app)).keyId).toBeTruthy();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await t.database.db.select({ n: count() }).from(auditLogs))[0].n).toBeGreaterThanOrEqual(0);
  });
});

/**
 * Walks every GET and POST operation of the OpenAPI document as the signed-in platform operator
 * and sends each query, path and body field the inputs a probe found answering 500: NUL bytes, huge
 * numbers, a lone surrogate and an over-long string (the other required fields valid). Built from
 * the document, so a route added later is walked without an edit here.
 */
describe('generated bad input over every documented route', () => {
  /** Operations that would end the walk's own session or lock its address. */
  const NOT_CALLED = new Set([
    'POST /platform/v2/login',
    'POST /enterprise/v2/login',
    'POST /platform/v2/logout',
    'POST /enterprise/v2/logout',
    'POST /api/worker/login',
    'POST /api/worker/logout',
  ]);

  /** A natural person's worker API session: the worker routes open to nothing else. */
  async function workerSession(): Promise<Record<string, string>> {
    const tenantId = await createTenant(t.database);
    const phone = uniqueMobile();
    await t.database.db.insert(persons).values({
      tenantId,
      userSn: `P${phone}`,
      name: '服务人员',
      phone,
      passwordHash: await hashPassword('Worker@123456'),
    });
    const { keyId, publicKey } = await getKey(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/worker/login',
      payload: { username: phone, password: encryptPassword(publicKey, 'Worker@123456'), keyId },
    });
    return { 'x-access-token': response.json().result.token };
  }

  interface BadValue {
    label: string;
    /** the raw query text (already percent-encoded) */
    query: string;
    /** the JSON value in a body */
    body: unknown;
  }

  const BAD_VALUES: BadValue[] = [
    { label: 'NUL', query: 'a%00b', body: 'a\u0000b' },
    { label: '1e308', query: '1e308', body: 1e308 },
    { label: 'int4+1', query: '2147483648', body: 2147483648 },
    { label: 'huge', query: '99999999999999999999999', body: '99999999999999999999999' },
    { label: 'surrogate', query: '%ED%A0%80x', body: '\ud800x' },
    { label: 'long', query: 'x'.repeat(5000), body: 'x'.repeat(5000) },
  ];

  /** Chinese, the field (before '：') named in Chinese, and no type names, patterns or English words. */
  const isClear = (message: unknown): boolean =>
    typeof message === 'string' &&
    /[\u4e00-\u9fff]/.test(message) &&
    !/[A-Za-z]{4,}/.test(message.split('：')[0]) &&
    !/[A-Za-z]{5,}|[/^$|<>=]/.test(message);

  const queryText = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
      .join('&');

  it('answers 0 5xx and a Chinese message that names the field', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    let info = await login(t.app, 'platform', user.username, user.password);
    const workerHeaders = await workerSession();
    const operations = operationsOf((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
    const counts = { operations: 0, requests: 0, refused: 0, accepted: 0 };
    const serverErrors: string[] = [];
    const unclear: string[] = [];
    for (const operation of operations) {
      if (NOT_CALLED.has(`${operation.method} ${routeUrlOf(operation.path)}`)) continue;
      counts.operations += 1;
      const valid = (location: string) =>
        operation.parameters.filter((parameter) => parameter.location === location && parameter.required);
      for (const target of operation.parameters) {
        for (const bad of BAD_VALUES) {
          const query: Record<string, string> = {};
          const body: Record<string, unknown> = {};
          let url = operation.path;
          for (const parameter of [...valid('path'), ...valid('query'), ...valid('body'), target]) {
            const isTarget = parameter === target;
            const sample = sampleOf(parameter.schema);
            if (parameter.location === 'path') {
              url = url.replace(`{${parameter.name}}`, isTarget ? bad.query : encodeURIComponent(String(sample)));
            } else if (parameter.location === 'query') {
              query[parameter.name] = isTarget ? bad.query : encodeURIComponent(String(sample));
            } else {
              body[parameter.name] = isTarget ? bad.body : sample;
            }
          }
          const search = queryText(query);
          const response = await t.app.inject({
            method: operation.method,
            url: search ? `${url}?${search}` : url,
            headers: operation.path.startsWith('/api/worker/') ? workerHeaders : authHeaders(info),
            ...(operation.jsonBody ? { payload: body } : {}),
          });
          counts.requests += 1;
          const where = `${operation.method} ${operation.path} ${target.location}.${target.name}=${bad.label}`;
          if (response.statusCode >= 500) serverErrors.push(`${where}: ${response.statusCode} ${response.body}`);
          if (response.statusCode < 400) {
            counts.accepted += 1;
            continue;
          }
          counts.refused += 1;
          const message: unknown = response.json().message;
          if (!isClear(message)) {
            unclear.push(`${where}: ${response.statusCode} ${String(message)}`);
          }
          if (response.statusCode === 401) info = await login(t.app, 'platform', user.username, user.password);
        }
      }
    }
    console.info('generated bad input:', JSON.stringify(counts), 'server errors', serverErrors.length);
    expect(counts.operations).toBeGreaterThan(50);
    expect(serverErrors).toEqual([]);
    expect(unclear).toEqual([]);
  });

  it('every field of the document has a Chinese name', async () => {
    const operations = operationsOf((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
    const unnamed = new Set(
      operations.flatMap((operation) =>
        operation.parameters.filter((parameter) => !hasFieldLabel(parameter.name)).map((parameter) => parameter.name),
      ),
    );
    expect([...unnamed]).toEqual([]);
  });

  it('a path segment over the router limit and a path that is not UTF-8 answer in the envelope', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/sys/randomImage/${'x'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ success: false, message: MSG.urlTooLong });
    const broken = await t.app.inject({ method: 'GET', url: '/sys/randomImage/%ED%A0%80x' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false, message: MSG.malformedUrl });
  });

  it('NUL bytes in multipart fields and file names answer 400', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    const forms = [
      multipart([
        { name: 'uploadPath', value: 'a\u0000b' },
        { name: 'file', fileName: '照片.png', content: pngOf(8, 8) },
      ]),
      multipart([{ name: 'file', fileName: '照\u0000片.png', content: pngOf(8, 8) }]),
    ];
    for (const form of forms) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/resource/upload/upload',
        headers: { ...authHeaders(info), ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^[\u4e00-\u9fff]/);
    }
  });

  it('a multipart body cut off mid-part answers 400', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    const form = multipart([{ name: 'file', fileName: '照片.png', content: pngOf(64, 64) }]);
    for (const url of ['/api/resource/upload/upload', '/api/resource/upload/sourceUpload']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...authHeaders(info), ...form.headers },
        payload: form.payload.subarray(0, Math.floor(form.payload.length / 2)),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: MSG.uploadIncomplete });
    }
  });
});
