import type { LoginUserInfo } from '@fieldpay/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import DashboardAnalysisPage from './DashboardAnalysisPage';
import type { DashboardOverview } from './dashboard-calls';

const system = vi.hoisted(() => ({ dashboardOverview: vi.fn() }));
vi.mock('./dashboard-calls', () => system);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
vi.mock('../../components/EChart', () => ({ EChart: ({ label }: { label: string }) => <div>{label}</div> }));

const figures = (tenantCount: number): DashboardOverview => ({
  tenantCount,
  enterpriseCount: 7 * tenantCount,
  userCount: 9,
  projectCount: 4,
  projectsInProgress: 2,
  taskCount: 36,
  tasksAwaitingReview: 5,
  settlementCount: 7,
  settlementsAwaitingAudit: 2,
  paidAmount: '12345.60',
  usersByTenant: [{ name: '华东众包服务平台', value: 9 }],
  enterprisesByTenant: [{ name: '华东众包服务平台', value: 7 }],
  projectsByStatus: [
    { name: '进行中', value: 2 },
    { name: '已结束', value: 2 },
  ],
});

const user = (tenantId: number, tenantName: string): LoginUserInfo => ({
  token: 'tok',
  tenant: { id: tenantId, tenantName },
  userIdentity: tenantId === 0 ? 1 : 2,
  realname: '系统管理员',
  username: 'admin',
  account: 'admin',
  enterprise: null,
  avatar: null,
  orgCodeTxt: null,
  phoneVerifyStatus: 0,
  tenantList: [],
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DashboardAnalysisPage />
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.resetAllMocks();
  system.dashboardOverview.mockImplementation(async (tenantId?: number) => figures(tenantId ? 1 : 3));
  lookups.fetchLookup.mockResolvedValue({
    records: [
      { value: 5, label: '华东众包服务平台', id: 5, name: '华东众包服务平台', company: '', contracts: '', status: 1 },
    ],
    total: 1,
  });
});

describe('dashboard tenant filter', () => {
  it('lets the platform operator narrow the figures to one tenant', async () => {
    useSession.setState({ side: 'platform', userInfo: user(0, '灵活用工结算平台') });
    renderPage();
    expect(await screen.findByText('数据范围：全平台数据')).toBeTruthy();
    expect(system.dashboardOverview).toHaveBeenLastCalledWith(undefined);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按平台筛选' }));
    await waitFor(() =>
      expect(lookups.fetchLookup).toHaveBeenCalledWith('tenant', expect.objectContaining({ pageNo: 1 })),
    );
    await act(async () =>
      fireEvent.click(await screen.findByText('华东众包服务平台', { selector: '.remote-select-option-label' })),
    );
    await waitFor(() => expect(system.dashboardOverview).toHaveBeenLastCalledWith(5));
    expect(await screen.findByText('数据范围：华东众包服务平台')).toBeTruthy();
  });

  it('is not offered to tenant staff, whose figures are their own tenant’s', async () => {
    useSession.setState({ side: 'platform', userInfo: user(5, '华东众包服务平台') });
    renderPage();
    expect(await screen.findByText('数据范围：华东众包服务平台')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '按平台筛选' })).toBeNull();
  });
});

describe('the enterprise dashboard', () => {
  it('shows the enterprise’s own figures: members, projects and their statuses, no count of companies', async () => {
    useSession.setState({
      side: 'enterprise',
      userInfo: { ...user(5, '华东众包服务平台'), enterprise: { id: 9, enterpriseName: '杭州星联医药科技有限公司' } },
    });
    renderPage();
    expect(await screen.findByText('数据范围：杭州星联医药科技有限公司')).toBeTruthy();
    await screen.findAllByText('项目状态分布');
    for (const title of ['合作平台', '企业成员', '项目', '进行中项目', '项目状态分布', '各平台成员数']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.queryByText('企业')).toBeNull();
    expect(screen.queryByText('各平台企业分布')).toBeNull();
  });

  it('shows its tasks and settlements with what waits for the platform, and the money paid', async () => {
    useSession.setState({
      side: 'enterprise',
      userInfo: { ...user(5, '华东众包服务平台'), enterprise: { id: 9, enterpriseName: '杭州星联医药科技有限公司' } },
    });
    renderPage();
    expect(await screen.findByText('待平台审核 5')).toBeTruthy();
    expect(screen.getByText('结算单')).toBeTruthy();
    expect(screen.getByText('待审核 2')).toBeTruthy();
    expect(screen.getByText('已付款金额(元)')).toBeTruthy();
    expect(screen.getByText('12,345')).toBeTruthy();
  });
});
