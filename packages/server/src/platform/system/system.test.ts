import { DICT_CODES, MSG, PROJECT_STATUS } from '@fieldpay/domain';
import { describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  login,
  useTestApp,
} from '../../../test/app';
import { CONFIGS, DICTS } from '../../seed/reference-data';

const t = useTestApp();

describe('dictionaries and config values', () => {
  it('answers every dictionary the spec names, in Chinese, by path and by query', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    for (const code of Object.values(DICT_CODES)) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/sys2/g/dict/loadDict/${code}`,
        headers: authHeaders(info),
      });
      expect(response.statusCode, code).toBe(200);
      const items = response.json().result as Array<{ title: string; value: string }>;
      expect(items.length, code).toBeGreaterThan(1);
      for (const item of items) expect(item.title).toMatch(/[\u4e00-\u9fa5]/);
    }
    const byQuery = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/g/dict/loadDict/?dictCode=project_status',
      headers: authHeaders(info),
    });
    expect(byQuery.json().result).toContainEqual({ title: PROJECT_STATUS[4].label, value: '4' });
    expect(DICTS.length).toBeGreaterThanOrEqual(Object.keys(DICT_CODES).length);
  });

  it('answers the seeded config values; an unknown key is 404', async () => {
    const tenantId = await createTenant(t.database);
    const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const info = await login(t.app, 'enterprise', user.username, user.password);
    for (const config of CONFIGS) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/sys2/config/queryByKey?configKey=${config.configKey}`,
        headers: authHeaders(info),
      });
      // an empty APP download address answers the console's own landing page (decision 0006)
      const content = config.content === '' ? 'http://localhost:80/#/appUpload' : config.content;
      expect(response.json().result).toEqual({ configKey: config.configKey, content });
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/config/queryByKey?configKey=no.such',
      headers: authHeaders(info),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.configUnknown);
  });

  it('a configuration value outside its key rule is refused with the rule, and the stored value stays', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    const save = (configKey: string, content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sys2/config/save',
        headers: authHeaders(info),
        payload: { configKey, content },
      });
    for (const content of ['1e3', '0x10', '10.5', '1000']) {
      const refused = await save('manager_file_size', content);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('内容：附件大小上限应为1到100之间的整数（单位 MB）');
    }
    expect((await save('invoice.number', '0')).json().message).toBe('内容：发票号码数量上限应为1到50之间的整数');
    expect((await save('qrcode.address', 'ftp://x.cn')).statusCode).toBe(400);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/config/queryByKey?configKey=manager_file_size',
      headers: authHeaders(info),
    });
    expect(read.json().result.content).toBe('10');
    expect((await save('manager_file_size', '20')).statusCode).toBe(200);
  });

  it('unread notices, projects in progress and the dashboard answer from real tables', async () => {
    const tenantId = await createTenant(t.database);
    const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const info = await login(t.app, 'enterprise', user.username, user.password);
    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/sys/notice/unreadCount',
      headers: authHeaders(info),
    });
    expect(unread.json().result).toBe(0);
    const { notices, projects } = await import('../../db/schema');
    await t.database.db.insert(notices).values({ tenantId, userId: user.id, title: '结算单审核通过' });
    await t.database.db.insert(projects).values([
      {
        tenantId,
        enterpriseId: user.enterpriseIds[0],
        projectSn: 'P1',
        projectName: '心血管学术推广项目',
        projectStatus: 4,
      },
      {
        tenantId,
        enterpriseId: user.enterpriseIds[0],
        projectSn: 'P2',
        projectName: '疫苗市场调研项目',
        projectStatus: 0,
      },
    ]);
    const unread2 = await t.app.inject({
      method: 'GET',
      url: '/api/sys/notice/unreadCount',
      headers: authHeaders(info),
    });
    expect(unread2.json().result).toBe(1);
    const running = await t.app.inject({
      method: 'GET',
      url: '/api/sys/project/countByStatus?status=4',
      headers: authHeaders(info),
    });
    expect(running.json().result).toBe(1);
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/sys/dashboard/overview',
      headers: authHeaders(info),
    });
    expect(overview.json().result).toMatchObject({
      tenantCount: 1,
      enterpriseCount: 1,
      projectCount: 2,
      projectsInProgress: 1,
    });

    // another enterprise's projects on the same tenant are not counted
    const other = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const otherInfo = await login(t.app, 'enterprise', other.username, other.password);
    const otherRunning = await t.app.inject({
      method: 'GET',
      url: '/api/sys/project/countByStatus?status=4',
      headers: authHeaders(otherInfo),
    });
    expect(otherRunning.json().result).toBe(0);
  });
});
