import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';

const t = useTestApp();

describe('OpenAPI document', () => {
  it('lists every foundation route with its schema at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/sys2/getKey',
      '/platform/v2/login',
      '/enterprise/v2/login',
      '/platform/v2/logout',
      '/enterprise/v2/ping',
      '/platform/v2/queryPerm',
      '/enterprise/v2/switchTenant',
      '/enterprise/v2/changePassword',
      '/api/sys2/tenant/queryList',
      '/api/sys2/g/dict/loadDict/{dictCode}',
      '/api/sys2/config/queryByKey',
    ]) {
      expect(paths, path).toContain(path);
    }
    const login = response.json().paths['/platform/v2/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['username', 'password', 'keyId', 'captcha', 'checkKey']),
    );
  });
});
