import { defaultColumns, type ProjectListRecord } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { renderPageAt, signedInAs } from '../../components/list/testing';
import CrowdProjectListPage from './CrowdProjectListPage';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const projectCalls = vi.hoisted(() => ({ PROJECT_LIST_KEY: ['project', 'list'], fetchProjects: vi.fn() }));
vi.mock('./project-calls', () => projectCalls);

const project = (id: number, extra: Partial<ProjectListRecord> = {}): ProjectListRecord => ({
  id,
  projectSn: `XM${id}`,
  projectName: `众包项目${id}`,
  clientId: 9,
  clientName: '杭州星联医药科技有限公司',
  tenantId: 3,
  tenantName: '华东众包服务平台',
  otherTenantNames: [],
  projectStatus: 4,
  processed: 1,
  personNum: 12,
  startTime: null,
  endTime: null,
  createTime: new Date('2026-09-01T00:00:00+08:00').getTime(),
  ...extra,
});

const LIST = '/projectManage/project/crowdList';
const render = (at: string) => renderPageAt(LIST, <CrowdProjectListPage />, at);

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: ['projectManage:list:view'] });
  layouts.fetchColumnLayout.mockResolvedValue({
    serviceName: 'projectList',
    type: 0,
    contentJson: defaultColumns('projectList', 'platform'),
    custom: false,
  });
  projectCalls.fetchProjects.mockResolvedValue({ records: [project(1), project(2)], total: 2 });
});

describe('crowdsourcing project list', () => {
  it('comeForm 1: the search page with the client filter, no back button, 详情 and 项目汇总 on each row', async () => {
    render(LIST);
    expect(await screen.findByText('众包项目1')).toBeTruthy();
    expect(screen.getByText('众包项目列表')).toBeTruthy();
    expect(screen.getByLabelText('客户')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /返\s*回/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新建项目/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /详\s*情/ })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /项目汇总/ })).toHaveLength(2);
    expect(projectCalls.fetchProjects).toHaveBeenCalledWith(
      expect.not.objectContaining({ clientId: expect.anything() }),
    );
    fireEvent.click(screen.getAllByRole('button', { name: /项目汇总/ })[1]);
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/summary?id=2');
  });

  it('comeForm 2: embedded for one enterprise, its client and platform fixed, with a back button', async () => {
    render(`${LIST}?enterpriseId=9&tenantId=3`);
    expect(await screen.findByText('众包项目1')).toBeTruthy();
    await waitFor(() =>
      expect(projectCalls.fetchProjects).toHaveBeenCalledWith(expect.objectContaining({ clientId: 9, tenantId: 3 })),
    );
    expect(screen.getByRole('button', { name: /返\s*回/ })).toBeTruthy();
    expect(screen.queryByLabelText('客户')).toBeNull();
  });

  it('the enterprise name opens the enterprise info view', async () => {
    render(LIST);
    fireEvent.click((await screen.findAllByRole('button', { name: '杭州星联医药科技有限公司' }))[0]);
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/enterpriseInfo?id=9&tenantId=3');
  });

  it('on the enterprise side: its own projects with the platform column, no client column or filter', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['projectManage:list:view', 'projectManage:pro:add'] });
    layouts.fetchColumnLayout.mockResolvedValue({
      serviceName: 'projectList',
      type: 0,
      contentJson: defaultColumns('projectList', 'enterprise'),
      custom: false,
    });
    render(LIST);
    expect(await screen.findByText('众包项目1')).toBeTruthy();
    expect(screen.getAllByText('所属平台').length).toBeGreaterThan(0);
    // neither the client column nor the client filter
    expect(screen.queryAllByText('客户')).toHaveLength(0);
    expect(screen.queryByLabelText('客户')).toBeNull();
    expect(screen.queryByRole('button', { name: /新建项目/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '杭州星联医药科技有限公司' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /详\s*情/ })).toHaveLength(2);
    expect(projectCalls.fetchProjects).toHaveBeenCalledWith(
      expect.not.objectContaining({ clientId: expect.anything() }),
    );
  });
});
