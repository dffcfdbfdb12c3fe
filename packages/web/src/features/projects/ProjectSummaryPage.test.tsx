import type { ProjectSummary } from '@fieldpay/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { buttonByText, signedInAs } from '../../components/list/testing';
import ProjectSummaryPage from './ProjectSummaryPage';

const calls = vi.hoisted(() => ({
  projectSummaryKey: (id: number) => ['project', 'summary', id],
  projectPersonsKey: (id: number, pageNo: number) => ['project', 'persons', id, pageNo],
  fetchProjectSummary: vi.fn(),
  fetchProjectPersons: vi.fn(),
}));
vi.mock('./project-calls', () => calls);
// the settlement list is its own page's tests' subject; here only what the drill-down hands it
vi.mock('../settlements/SettlementListPage', () => ({
  default: ({ fixedProjectId }: { fixedProjectId?: number }) => (
    <div data-testid="settlement-list">{`结算单列表 ${fixedProjectId}`}</div>
  ),
}));
vi.mock('../agreements/PersonalAgreementListPage', () => ({
  PersonalAgreementList: ({ fixedProjectId }: { fixedProjectId?: number }) => (
    <div data-testid="agreement-list">{`个人协议 ${fixedProjectId}`}</div>
  ),
}));
vi.mock('../invoices/InvoiceListPage', () => ({
  default: ({ fixedProjectId }: { fixedProjectId?: number }) => (
    <div data-testid="invoice-list">{`发票列表 ${fixedProjectId}`}</div>
  ),
}));

const summary = (settlementNum: number, invoiceNum = 0): ProjectSummary => ({
  agreement: { agreementTotal: 0, agreementUsed: 0 },
  settle: { amount: '11766.00', personNum: settlementNum ? 2 : 0, settlementNum, totalTask: 3 },
  project: {
    id: 5,
    projectName: '华东区药店拜访',
    projectSn: 'XM0005',
    clientId: 9,
    clientName: '杭州星联医药科技有限公司',
    projectStatus: 4,
    projectStatus_dictText: '进行中',
    cycleDate: '2026-09-01 至 2026-12-31',
    productNames: '',
  },
  invoice: { invoiceNum },
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

/** The summary page and, beside it, where the address stands. */
function SummaryAndAddress() {
  return (
    <>
      <ProjectSummaryPage />
      <Where />
    </>
  );
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ConfigProvider locale={zhCN}>
        <QueryClientProvider client={client}>
          <Routes>
            <Route path="/projectManage/project/summary" element={<SummaryAndAddress />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </QueryClientProvider>
      </ConfigProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('enterprise', 2);
  useSession.setState({ permList: ['settlement:list:view'] });
  calls.fetchProjectPersons.mockResolvedValue({
    total: 2,
    records: [
      {
        userId: 7,
        userName: '周志强',
        phone: '137****0001',
        idCard: '3301**********1234',
        bankCard: '**** **** **** 1234',
        bankName: '中国工商银行',
        taskCount: 2,
        settledFee: '8364.00',
      },
    ],
  });
});

describe('the project summary settlement block', () => {
  it('opens the project person list (page type 4) under the project header, masked, and comes back', async () => {
    calls.fetchProjectSummary.mockResolvedValue(summary(1));
    renderAt('/projectManage/project/summary?id=5');
    const block = (await screen.findByText('结算信息')).closest('.ant-card') as HTMLElement;
    fireEvent.click(within(block).getByText('2'));
    expect(await screen.findByText('周志强')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/summary?id=5&pageType=4');
    expect(screen.getByText('**** **** **** 1234')).toBeTruthy();
    expect(screen.getByText('8364.00')).toBeTruthy();
    expect(calls.fetchProjectPersons).toHaveBeenCalledWith(5, 1, 10);
    fireEvent.click(buttonByText('返回汇总'));
    expect(await screen.findByText('结算信息')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/summary?id=5');
  });

  it("opens a person's own projects (the personal project list) from the name", async () => {
    calls.fetchProjectSummary.mockResolvedValue(summary(1));
    renderAt('/projectManage/project/summary?id=5&pageType=4');
    await screen.findByText('周志强');
    fireEvent.click(buttonByText('周志强'));
    expect(
      await screen.findByText('/projectManage/project/list?userId=7&userName=%E5%91%A8%E5%BF%97%E5%BC%BA'),
    ).toBeTruthy();
  });

  it('folds and unfolds the project facts of the drill-down header', async () => {
    calls.fetchProjectSummary.mockResolvedValue(summary(1));
    renderAt('/projectManage/project/summary?id=5&pageType=4');
    expect(await screen.findByText('XM0005')).toBeTruthy();
    expect(screen.getByText('杭州星联医药科技有限公司')).toBeTruthy();
    fireEvent.click(buttonByText('收起'));
    expect(screen.queryByText('XM0005')).toBeNull();
    expect(buttonByText('展开').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(buttonByText('展开'));
    expect(screen.getByText('XM0005')).toBeTruthy();
  });

  it('opens the settlement list of the project (page type 3) under the project header', async () => {
    calls.fetchProjectSummary.mockResolvedValue(summary(1));
    renderAt('/projectManage/project/summary?id=5');
    const block = (await screen.findByText('结算信息')).closest('.ant-card') as HTMLElement;
    fireEvent.click(within(block).getByText('1'));
    expect((await screen.findByTestId('settlement-list')).textContent).toBe('结算单列表 5');
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/summary?id=5&pageType=3');
    expect(buttonByText('返回汇总')).toBeTruthy();
  });

  it('shows the settlement count plain to a user who may not open the settlement list', async () => {
    useSession.setState({ permList: [] });
    calls.fetchProjectSummary.mockResolvedValue(summary(1));
    renderAt('/projectManage/project/summary?id=5');
    const block = (await screen.findByText('结算信息')).closest('.ant-card') as HTMLElement;
    expect(within(block).getByText('1').closest('button')).toBeNull();
    expect(within(block).getByText('2').closest('button')).not.toBeNull();
  });

  it('shows plain zeros and 暂无数据 when nothing is settled', async () => {
    calls.fetchProjectSummary.mockResolvedValue(summary(0));
    renderAt('/projectManage/project/summary?id=5');
    const block = (await screen.findByText('结算信息')).closest('.ant-card') as HTMLElement;
    expect(within(block).queryByRole('button')).toBeNull();
    expect(within(block).getAllByText('暂无数据').length).toBeGreaterThan(0);
  });
});

describe('the project summary invoice block', () => {
  it('opens the invoices of the project (page type 5) from the invoice count, under the project header', async () => {
    useSession.setState({ permList: ['settlement:list:view', 'invoice:list:view'] });
    calls.fetchProjectSummary.mockResolvedValue(summary(1, 3));
    renderAt('/projectManage/project/summary?id=5');
    const block = (await screen.findByText('发票信息')).closest('.ant-card') as HTMLElement;
    fireEvent.click(within(block).getByText('3'));
    expect((await screen.findByTestId('invoice-list')).textContent).toBe('发票列表 5');
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/summary?id=5&pageType=5');
    // the same folding project header as the other drill-downs
    expect(screen.getByText('XM0005')).toBeTruthy();
    fireEvent.click(buttonByText('收起'));
    expect(screen.queryByText('XM0005')).toBeNull();
    fireEvent.click(buttonByText('返回汇总'));
    expect(await screen.findByText('发票信息')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/summary?id=5');
  });

  it('opens page type 5 straight from the address', async () => {
    useSession.setState({ permList: ['invoice:list:view'] });
    calls.fetchProjectSummary.mockResolvedValue(summary(1, 3));
    renderAt('/projectManage/project/summary?id=5&pageType=5');
    expect((await screen.findByTestId('invoice-list')).textContent).toBe('发票列表 5');
  });

  it('shows the invoice count plain at 0 and to a user who may not view invoices', async () => {
    useSession.setState({ permList: ['invoice:list:view'] });
    calls.fetchProjectSummary.mockResolvedValue(summary(1, 0));
    const first = renderAt('/projectManage/project/summary?id=5');
    let block = (await screen.findByText('发票信息')).closest('.ant-card') as HTMLElement;
    expect(within(block).queryByRole('button')).toBeNull();
    expect(within(block).getAllByText('暂无数据').length).toBeGreaterThan(0);
    first.unmount();

    useSession.setState({ permList: [] });
    calls.fetchProjectSummary.mockResolvedValue(summary(1, 3));
    renderAt('/projectManage/project/summary?id=5');
    block = (await screen.findByText('发票信息')).closest('.ant-card') as HTMLElement;
    expect(within(block).getByText('3').closest('button')).toBeNull();
  });
});

describe('the project summary agreement block', () => {
  it('opens the project’s person agreements (page type 2) from 查看全部, with the code and agreements', async () => {
    useSession.setState({ permList: ['personalAgreement:list:view'] });
    calls.fetchProjectSummary.mockResolvedValue({ ...summary(1), agreement: { agreementTotal: 4, agreementUsed: 3 } });
    const first = renderAt('/projectManage/project/summary?id=5');
    const block = (await screen.findByText('协议信息')).closest('.ant-card') as HTMLElement;
    fireEvent.click(within(block).getByRole('button', { name: '查看全部' }));
    expect((await screen.findByTestId('agreement-list')).textContent).toBe('个人协议 5');
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/summary?id=5&pageType=2');
    first.unmount();

    // none to see, or no code: no link
    calls.fetchProjectSummary.mockResolvedValue(summary(1));
    const empty = renderAt('/projectManage/project/summary?id=5');
    let agreements = (await screen.findByText('协议信息')).closest('.ant-card') as HTMLElement;
    expect(within(agreements).queryByRole('button', { name: '查看全部' })).toBeNull();
    empty.unmount();
    useSession.setState({ permList: [] });
    calls.fetchProjectSummary.mockResolvedValue({ ...summary(1), agreement: { agreementTotal: 4, agreementUsed: 3 } });
    renderAt('/projectManage/project/summary?id=5');
    agreements = (await screen.findByText('协议信息')).closest('.ant-card') as HTMLElement;
    expect(within(agreements).queryByRole('button', { name: '查看全部' })).toBeNull();
  });
});
