import { defaultColumns, type ProjectListRecord } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { dropUnmaskToken, holdUnmaskToken } from '../../app/unmask-store';
import { buttonByText, renderWithQuery, signedInAs } from '../../components/list/testing';
import ProjectListPage from './ProjectListPage';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const projectCalls = vi.hoisted(() => ({
  PROJECT_LIST_KEY: ['project', 'list'],
  fetchProjects: vi.fn(),
  fetchPersonalProjects: vi.fn(),
}));
vi.mock('./project-calls', () => projectCalls);
const exportApi = vi.hoisted(() => ({ submitExport: vi.fn() }));
vi.mock('../../app/export-calls', () => exportApi);
const desensitization = vi.hoisted(() => ({ sendVerifyCode: vi.fn(), verifyDesensitization: vi.fn() }));
vi.mock('../../components/desensitization-calls', () => desensitization);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const project = (id: number, extra: Partial<ProjectListRecord> = {}): ProjectListRecord => ({
  id,
  projectSn: `XM${id}`,
  projectName: `项目${id}`,
  clientId: 9,
  clientName: '杭州星联医药科技有限公司',
  tenantId: 3,
  tenantName: '华东众包服务平台',
  otherTenantNames: [],
  projectStatus: 4,
  processed: 1,
  personNum: 12,
  startTime: null,
  endTime: new Date('2026-10-01T00:00:00+08:00').getTime(),
  createTime: new Date('2026-09-01T00:00:00+08:00').getTime(),
  ...extra,
});

function setUp(side: 'platform' | 'enterprise', identity: 1 | 2, permList = ['projectManage:list:export']) {
  signedInAs(side, identity);
  useSession.setState({ permList });
  const audience = side === 'enterprise' ? 'enterprise' : identity === 1 ? 'admin' : 'platform';
  layouts.fetchColumnLayout.mockResolvedValue({
    serviceName: 'projectList',
    type: 0,
    contentJson: defaultColumns('projectList', audience),
    custom: false,
  });
}

beforeEach(() => {
  vi.resetAllMocks();
  dropUnmaskToken();
  projectCalls.fetchProjects.mockResolvedValue({
    records: [
      project(1, { otherTenantNames: ['华南众包服务平台'] }),
      project(2, { projectStatus: 2, projectName: '已结束项目' }),
    ],
    total: 2,
  });
  exportApi.submitExport.mockResolvedValue(11);
});

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('project list', () => {
  it('shows the client column on the platform side and the end time only for ended projects', async () => {
    setUp('platform', 2);
    renderWithQuery(<ProjectListPage />);
    const running = await rowOf('项目1');
    expect(screen.getAllByText('客户').length).toBeGreaterThan(0);
    expect(within(running).getByText('进行中')).toBeTruthy();
    expect(within(running).getByText('全流程')).toBeTruthy();
    expect(within(running).queryByText(/2026-10-01/)).toBeNull();
    const ended = await rowOf('已结束项目');
    expect(within(ended).getByText('已结束')).toBeTruthy();
    expect(within(ended).getByText(/2026-10-01|2026-09-30/)).toBeTruthy();
  });

  it('has no client column on the enterprise side, and the platforms each project is shown on', async () => {
    setUp('enterprise', 2);
    renderWithQuery(<ProjectListPage />);
    const row = await rowOf('项目1');
    expect(screen.queryByRole('columnheader', { name: '客户' })).toBeNull();
    expect(screen.getAllByText('可见平台').length).toBeGreaterThan(0);
    expect(within(row).getByText('华东众包服务平台、华南众包服务平台')).toBeTruthy();
  });

  it('exports the list with the applied filters, masked persons without a token', async () => {
    setUp('platform', 2);
    renderWithQuery(<ProjectListPage />);
    await rowOf('项目1');
    fireEvent.change(screen.getByPlaceholderText('请输入项目名称'), { target: { value: '星联' } });
    fireEvent.click(buttonByText(/查\s*询/));
    await waitFor(() =>
      expect(projectCalls.fetchProjects).toHaveBeenLastCalledWith(expect.objectContaining({ projectName: '星联' })),
    );
    fireEvent.click(buttonByText(/导出项目/));
    await waitFor(() =>
      expect(exportApi.submitExport).toHaveBeenCalledWith(
        expect.objectContaining({ path: '/api/sys/project/exportList' }),
        { projectName: '星联' },
      ),
    );
    fireEvent.click(buttonByText(/导出人员/));
    await waitFor(() =>
      expect(exportApi.submitExport).toHaveBeenLastCalledWith(
        expect.objectContaining({ path: '/api/sys/project/exportPersons' }),
        { projectName: '星联' },
        undefined,
      ),
    );
  });

  it('has an 操作 column with 详情 and 项目汇总, the name as a link, and 新建项目 for the enterprise', async () => {
    setUp('enterprise', 2, ['projectManage:pro:add']);
    renderWithQuery(<ProjectListPage />);
    const row = await rowOf('项目1');
    expect(screen.getAllByText('操作').length).toBeGreaterThan(0);
    expect(within(row).getByRole('button', { name: '详情' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: '项目汇总' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: '项目1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /新建项目/ })).toBeTruthy();
  });

  it('sends the unmask token with the person export while it lives', async () => {
    setUp('platform', 2);
    holdUnmaskToken('token', { token: 'unmask-1', expiresAt: Date.now() + 60_000 });
    renderWithQuery(<ProjectListPage />);
    await rowOf('项目1');
    expect(screen.getByText(/明文导出有效至/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /导出人员（明文）/ }));
    await waitFor(() =>
      expect(exportApi.submitExport).toHaveBeenCalledWith(
        expect.objectContaining({ path: '/api/sys/project/exportPersons' }),
        {},
        'unmask-1',
      ),
    );
  });

  it('offers no export without projectManage:list:export', async () => {
    setUp('platform', 2, []);
    renderWithQuery(<ProjectListPage />);
    await rowOf('项目1');
    expect(screen.queryByRole('button', { name: /导出项目/ })).toBeNull();
  });

  it("shows one person's projects from ?userId= with a back button, and neither create nor exports", async () => {
    setUp('enterprise', 2, ['projectManage:list:export', 'projectManage:pro:add']);
    projectCalls.fetchPersonalProjects.mockResolvedValue({
      records: [project(3, { projectName: '他的项目' })],
      total: 1,
    });
    renderWithQuery(<ProjectListPage />, { at: '/projectManage/project/list?userId=7&userName=周志强' });
    await rowOf('他的项目');
    expect(screen.getByText('周志强的项目')).toBeTruthy();
    expect(projectCalls.fetchPersonalProjects).toHaveBeenCalledWith(expect.objectContaining({ userId: 7, pageNo: 1 }));
    expect(projectCalls.fetchProjects).not.toHaveBeenCalled();
    expect(buttonByText('返回')).toBeTruthy();
    for (const absent of [/新建项目/, /导出项目/, /导出人员/]) expect(screen.queryByText(absent)).toBeNull();
  });
});
