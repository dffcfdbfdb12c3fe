import { defaultColumns, SETTLEMENT_PAY_STATUS } from '@fieldpay/domain';
import dayjs from 'dayjs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import {
  buttonByText,
  LONG,
  openOptions,
  pickDateRange,
  pickOption,
  renderWithQuery,
  selectOf,
  signedInAs,
  Where,
} from '../../components/list/testing';
import SettlementListPage from './SettlementListPage';
import { settlementDetail, settlementLine, settlementRow } from './settlement-fixtures';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const { api, documents } = await vi.hoisted(async () => (await import('./settlement-fixtures')).mockSettlementCalls());
vi.mock('./settlement-calls', () => api);
vi.mock('./settlement-documents-calls', () => documents);
vi.mock('./SettleDialog', () => ({
  SettleDialog: ({ settlement }: { settlement: { settlementSn: string } | null }) =>
    settlement ? <div data-testid="settle-dialog">{settlement.settlementSn}</div> : null,
}));
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

function renderPage(at = '/settlement/order/list') {
  return renderWithQuery(
    <ConfirmProvider>
      <Routes>
        <Route path="*" element={<SettlementListPage />} />
      </Routes>
    </ConfirmProvider>,
    { at },
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.resetAllMocks();
  layouts.fetchColumnLayout.mockImplementation(async (serviceName: 'settlementList') => ({
    serviceName,
    type: 0,
    contentJson: defaultColumns(serviceName, useSession.getState().side === 'enterprise' ? 'enterprise' : 'platform'),
    custom: false,
  }));
  api.fetchSettlementTimeline.mockResolvedValue([]);
  api.fetchSettlementRecords.mockResolvedValue({ records: [], total: 0 });
  // asked by some screens of every test: the enterprise's latest pickable time, a project's service
  // types (a query's data is never undefined)
  api.fetchMaxSelectTime.mockResolvedValue('2026-11-20 15:30:00');
  api.fetchParentProjectTypes.mockResolvedValue([]);
});

describe('SettlementListPage', { timeout: 60_000 }, () => {
  it('shows the rows, the amount total, and the actions each state allows on the enterprise side', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({
      permList: ['settlement:list:view', 'settlement:list:create', 'settlement:list:pay', 'settlement:list:withdraw'],
    });
    api.fetchSettlements.mockResolvedValue({
      records: [
        settlementRow(1),
        settlementRow(2, { auditStatus: 2, enterprisePayStatus: 1, auditTime: Date.now() }),
        settlementRow(3, { auditStatus: -1, revokeTime: Date.now() }),
        settlementRow(4, { auditStatus: 2, enterprisePayStatus: 2, payStatus: 1, bankNo: 'CMB' }),
      ],
      total: 4,
      totalAmount: '4240.00',
    });
    renderPage();
    expect(await screen.findByText('JS20261120001', {}, LONG)).toBeTruthy();
    expect(screen.getByText('¥4,240.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /生成结算单/ })).toBeTruthy();
    // the enterprise's set has no platform-name column
    expect(screen.queryByRole('columnheader', { name: /^平台名称/ })).toBeNull();

    const pending = within(rowOf('JS20261120001'));
    expect(pending.getByRole('button', { name: '上传附件' })).toBeTruthy();
    expect(pending.getByRole('button', { name: '撤回' })).toBeTruthy();
    expect(pending.queryByRole('button', { name: '结算' })).toBeNull();

    const approved = within(rowOf('JS20261120002'));
    expect(approved.getByRole('button', { name: '结算' })).toBeTruthy();
    expect(approved.getByRole('button', { name: '导出任务' })).toBeTruthy();

    // a withdrawn statement offers its detail only, and no settlement state
    const withdrawn = within(rowOf('JS20261120003'));
    expect(withdrawn.getAllByRole('button').map((button) => button.textContent)).toEqual(['JS20261120003', '详情']);
    expect(withdrawn.getByText('已撤回')).toBeTruthy();

    // payouts in flight read 结算中, never 结算失败
    expect(within(rowOf('JS20261120004')).getByText('结算中')).toBeTruthy();
    expect(screen.queryByText('结算失败')).toBeNull();

    fireEvent.click(approved.getByRole('button', { name: '结算' }));
    expect((await screen.findByTestId('settle-dialog')).textContent).toBe('JS20261120002');
  });

  it('生成对账单 opens the 任务对账单预览, whose 生成对账单 makes the statement and reloads the list', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchMaxSelectTime.mockResolvedValue('2026-11-20 15:30:00');
    api.fetchSettlements.mockResolvedValue({
      records: [settlementRow(5, { auditStatus: 2, enterprisePayStatus: 2, payStatus: 2, voucherStatus: 0 })],
      total: 1,
      totalAmount: '1060.00',
    });
    documents.fetchStatementOverview.mockResolvedValue({
      settlementId: 5,
      settlementSn: 'JS20261120005',
      enterpriseName: '杭州星联医药科技有限公司',
      tenantName: '华东众包服务平台',
      projectName: '全渠道终端服务示范项目',
      projectDate: '',
      money: '1060.00',
      fee: '60.00',
    });
    documents.generateStatement.mockResolvedValue('正在生成确认单，请稍后进行下载；');
    renderPage();
    const row = within(await screen.findByRole('row', { name: /JS20261120005/ }, LONG));
    fireEvent.click(row.getByRole('button', { name: '生成对账单' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('任务对账单预览')).toBeTruthy();
    expect(await within(dialog).findByText('全渠道终端服务示范项目', {}, LONG)).toBeTruthy();
    expect(documents.generateStatement).not.toHaveBeenCalled();
    const calls = api.fetchSettlements.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: '生成对账单' }));
    await waitFor(() => expect(documents.generateStatement).toHaveBeenCalledWith(5));
    expect(toasts.success).toHaveBeenCalledWith('正在生成确认单，请稍后进行下载；');
    await waitFor(() => expect(api.fetchSettlements.mock.calls.length).toBeGreaterThan(calls));
  });

  it('withdraws after the spec warning, and changes nothing when the warning is cancelled', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['settlement:list:view', 'settlement:list:withdraw'] });
    api.fetchSettlements.mockResolvedValue({ records: [settlementRow(1)], total: 1, totalAmount: '1060.00' });
    api.auditSettlement.mockResolvedValue('撤回成功');
    renderPage();
    // text queries, not role queries by name: those compute every element's accessible name on each
    // retry, seconds apiece on a loaded machine
    const row = async () =>
      (await screen.findByText('JS20261120001', { selector: 'td, td *' }, LONG)).closest('tr') as HTMLElement;
    fireEvent.click(within(await row()).getByText('撤回'));
    expect(
      await screen.findByText('当前结算单撤回可能会影响后续结算单的结算操作，是否确认撤回', {}, LONG),
    ).toBeTruthy();
    fireEvent.click(buttonByText(/取\s*消/));
    await waitFor(() => expect(screen.queryByText(/是否确认撤回/)).toBeNull(), LONG);
    expect(api.auditSettlement).not.toHaveBeenCalled();

    fireEvent.click(within(await row()).getByText('撤回'));
    await screen.findByText(/是否确认撤回/, {}, LONG);
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() =>
      expect(api.auditSettlement).toHaveBeenCalledWith({ settlementId: 1, auditStatus: -1, remarks: '' }),
    );
    expect(toasts.success).toHaveBeenCalledWith('撤回成功');
  });

  it('lets the platform audit a pending statement: a refusal needs its reason', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['settlement:list:view', 'settlement:list:audit'] });
    api.fetchSettlements.mockResolvedValue({ records: [settlementRow(1)], total: 1, totalAmount: '1060.00' });
    api.auditSettlement.mockResolvedValue('已驳回');
    renderPage();
    fireEvent.click(within(await screen.findByRole('row', { name: /JS20261120001/ }, LONG)).getByText('审核'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('杭州星联医药科技有限公司')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('审核未通过'));
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeTruthy();
    expect(api.auditSettlement).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByPlaceholderText('请输入驳回原因'), { target: { value: '  人数不符 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() =>
      expect(api.auditSettlement).toHaveBeenCalledWith({ settlementId: 1, auditStatus: 3, remarks: '人数不符' }),
    );
    expect(toasts.success).toHaveBeenCalledWith('已驳回');
  });

  it('shows the enterprise-settlement variant with the paid-out and pending persons', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchSettlements.mockResolvedValue({ records: [], total: 0, totalAmount: '0.00' });
    api.fetchApplySettlements.mockResolvedValue({
      records: [
        settlementRow(9, {
          auditStatus: 2,
          enterprisePayStatus: 2,
          payStatus: 3,
          settlementNum: 3,
          unSettlementNum: 1,
          enterprisePayTime: new Date('2026-11-20T10:00:00+08:00').getTime(),
        }),
      ],
      total: 1,
    });
    api.fetchSettlementDetail.mockResolvedValue(settlementDetail(9));
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '企业结算' }, LONG));
    const row = within(await screen.findByRole('row', { name: /JS20261120009/ }, LONG));
    expect(row.getByText('结算异常')).toBeTruthy();
    expect(row.getByText('2026-11-20 10:00:00')).toBeTruthy();
    expect(row.getByText('3')).toBeTruthy();
    expect(row.getByText('1')).toBeTruthy();
    expect(screen.getAllByText('未结算人数').length).toBeGreaterThan(0);
    fireEvent.click(row.getByRole('button', { name: '详情' }));
    await waitFor(() => expect(api.fetchSettlementDetail).toHaveBeenCalledWith(9));
  });

  it("opens the enterprise's info from its name in the enterprise-settlement variant", async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['settlement:list:view', 'enterpriseAccountManage:info:view'] });
    api.fetchSettlements.mockResolvedValue({ records: [], total: 0, totalAmount: '0.00' });
    api.fetchApplySettlements.mockResolvedValue({ records: [settlementRow(9, { auditStatus: 2 })], total: 1 });
    renderWithQuery(
      <ConfirmProvider>
        <Routes>
          <Route path="/settlement/order/list" element={<SettlementListPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </ConfirmProvider>,
      { at: '/settlement/order/list' },
    );
    fireEvent.click(await screen.findByRole('tab', { name: '企业结算' }, LONG));
    const row = within(await screen.findByRole('row', { name: /JS20261120009/ }, LONG));
    fireEvent.click(row.getByRole('button', { name: '杭州星联医药科技有限公司' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/projectManage/project/enterpriseInfo?id=9&tenantId=3',
    );
  });

  it('fixes the project from ?projectId= and asks the server for that project only', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchSettlements.mockResolvedValue({ records: [], total: 0, totalAmount: '0.00' });
    renderPage('/settlement/order/list?projectId=7');
    expect((await screen.findAllByText('暂无数据', {}, LONG)).length).toBeGreaterThan(0);
    expect(api.fetchSettlements).toHaveBeenCalledWith(expect.objectContaining({ projectId: 7, pageNo: 1 }));
    expect(screen.getByRole('button', { name: /返\s*回/ })).toBeTruthy();
  });
});

/** The labels of the search form's fields. */
const formLabels = () =>
  Array.from(document.querySelectorAll('.ant-form-item-label label')).map((node) => node.textContent);

/** Opens the select of the form item with this label and answers its options' texts. */
async function optionsOf(label: string): Promise<string[]> {
  const options = await openOptions(await selectOf(label), label);
  return options.map((node) => node.textContent ?? '');
}

describe('SettlementListPage filters and embedding', { timeout: 60_000 }, () => {
  it('offers every platform settlement status but dictionary entry 1, and colours the statuses by their style', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchMaxSelectTime.mockResolvedValue('2026-11-20 15:30:00');
    api.fetchSettlements.mockResolvedValue({
      records: [
        settlementRow(1, { auditStatus: 2, enterprisePayStatus: 1 }),
        settlementRow(2, { auditStatus: 2, enterprisePayStatus: 2, payStatus: 1 }),
        settlementRow(3, { auditStatus: 2, enterprisePayStatus: 2, payStatus: 2 }),
        settlementRow(4, { auditStatus: 2, enterprisePayStatus: 2, payStatus: 3 }),
        settlementRow(5),
      ],
      total: 5,
      totalAmount: '5300.00',
    });
    renderPage();
    await screen.findByText('JS20261120001', {}, LONG);
    const expected = Object.entries(SETTLEMENT_PAY_STATUS)
      .filter(([value]) => value !== '1')
      .map(([, info]) => info.label);
    expect(await optionsOf('平台结算状态')).toEqual(expected);
    expect(expected).toEqual(['未结算', '已结算', '结算异常']);

    // the platform settlement status (column 平台结算状态) and the enterprise's (企业结算状态) by row
    const tags = (sn: string) =>
      Array.from(rowOf(sn).querySelectorAll('.status-tag')).map(
        (tag) => `${tag.textContent}:${tag.getAttribute('data-style')}`,
      );
    expect(tags('JS20261120001')).toEqual(['结算中:main', '审核通过:success', '未结算:warn']);
    expect(tags('JS20261120002')).toEqual(['已结算:success', '审核通过:success', '结算中:main']);
    expect(tags('JS20261120003')).toEqual(['已结算:success', '审核通过:success', '已结算:success']);
    expect(tags('JS20261120004')).toEqual(['已结算:success', '审核通过:success', '结算异常:warn']);
    // pending: the enterprise has not paid, and the platform's status is a dash
    expect(tags('JS20261120005')).toEqual(['未结算:warn', '待审核:main']);
  });

  it("caps the enterprise side's date pickers at the enterprise's maximum selectable time", async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    const today = dayjs();
    const maxTime = `${today.format('YYYY-MM-DD')} 10:00:00`;
    api.fetchMaxSelectTime.mockResolvedValue(maxTime);
    api.fetchSettlements.mockResolvedValue({ records: [], total: 0, totalAmount: '0.00' });
    renderPage();
    await screen.findAllByText('暂无数据', {}, LONG);
    await waitFor(() => expect(api.fetchMaxSelectTime).toHaveBeenCalledWith(9));
    const start = screen.getAllByPlaceholderText('开始时间')[0];
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    const cell = (date: string) => document.querySelector(`td[title="${date}"]`) as HTMLElement;
    await waitFor(() => expect(cell(today.format('YYYY-MM-DD'))).toBeTruthy());
    expect(cell(today.format('YYYY-MM-DD')).className).not.toContain('ant-picker-cell-disabled');
    // the range picker shows this month and the next: tomorrow is on one of them
    expect(cell(today.add(1, 'day').format('YYYY-MM-DD')).className).toContain('ant-picker-cell-disabled');
    // a range ending today ends at the maximum time itself
    const ok = () => fireEvent.click(document.querySelector('.ant-picker-ok button') as HTMLElement);
    fireEvent.click(cell(today.startOf('month').format('YYYY-MM-DD')));
    ok();
    fireEvent.click(cell(today.format('YYYY-MM-DD')));
    ok();
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.fetchSettlements).toHaveBeenLastCalledWith(
        expect.objectContaining({
          startTime: `${today.startOf('month').format('YYYY-MM-DD')} 00:00:00`,
          endTime: maxTime,
        }),
      ),
    );
  });

  it('sends the 平台结算时间 range as platformStartTime and platformEndTime, apart from the application time', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchSettlements.mockResolvedValue({ records: [], total: 0, totalAmount: '0.00' });
    renderPage();
    await screen.findAllByText('暂无数据', {}, LONG);
    const platformTime = within(
      screen.getByText('平台结算时间').closest('.ant-form-item') as HTMLElement,
    ).getByPlaceholderText('开始时间');
    const first = dayjs().startOf('month');
    const { startTime, endTime } = await pickDateRange(platformTime, first, first.add(9, 'day'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.fetchSettlements).toHaveBeenLastCalledWith(
        expect.objectContaining({ platformStartTime: startTime, platformEndTime: endTime }),
      ),
    );
    const sent = api.fetchSettlements.mock.lastCall?.[0] as Record<string, unknown>;
    expect([sent.startTime, sent.endTime]).toEqual([undefined, undefined]);
  });

  it('asks no maximum time on the platform side, whose pickers stay open', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchSettlements.mockResolvedValue({ records: [], total: 0, totalAmount: '0.00' });
    renderPage();
    await screen.findAllByText('暂无数据', {}, LONG);
    const start = screen.getAllByPlaceholderText('开始时间')[0];
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    const last = dayjs().endOf('month').format('YYYY-MM-DD');
    await waitFor(() => expect(document.querySelector(`td[title="${last}"]`)).toBeTruthy());
    expect((document.querySelector(`td[title="${last}"]`) as HTMLElement).className).not.toContain(
      'ant-picker-cell-disabled',
    );
    expect(api.fetchMaxSelectTime).not.toHaveBeenCalled();
  });

  it('embeds the list under one enterprise from ?enterpriseId=&tenantId=: fields hidden, its name shown, 返回', async () => {
    signedInAs('platform', 1);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchSettlements.mockResolvedValue({ records: [settlementRow(1)], total: 1, totalAmount: '1060.00' });
    api.fetchEnterpriseBrief.mockResolvedValue({
      id: 9,
      enterpriseName: '杭州星联医药科技有限公司',
      tenantId: 3,
      tenantName: '华东众包服务平台',
      contactPhone: '139****5678',
    });
    renderPage('/settlement/order/list?enterpriseId=9&tenantId=3');
    await screen.findByText('JS20261120001', {}, LONG);
    expect(api.fetchSettlements).toHaveBeenCalledWith(expect.objectContaining({ enterpriseId: 9, tenantId: 3 }));
    expect(api.fetchEnterpriseBrief).toHaveBeenCalledWith(9, 3);
    const header = await screen.findByText('所属平台：华东众包服务平台');
    expect(header.closest('.settlement-embedded-enterprise')?.textContent).toBe(
      '杭州星联医药科技有限公司所属平台：华东众包服务平台联系电话：139****5678',
    );
    expect(formLabels()).not.toContain('企业名称');
    expect(formLabels()).not.toContain('所属平台');
    expect(formLabels()).toContain('结算单号');
    expect(screen.getByRole('button', { name: /返\s*回/ })).toBeTruthy();
  });

  it("shows the operator's list with the enterprise and platform fields and no back button", async () => {
    signedInAs('platform', 1);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchSettlements.mockResolvedValue({ records: [], total: 0, totalAmount: '0.00' });
    renderPage();
    await screen.findAllByText('暂无数据', {}, LONG);
    expect(formLabels()).toEqual(expect.arrayContaining(['企业名称', '所属平台']));
    expect(screen.queryByRole('button', { name: /返\s*回/ })).toBeNull();
    // the platform-name column of the admin set
    expect(screen.getByRole('columnheader', { name: /^平台名称/ })).toBeTruthy();
    expect(api.fetchEnterpriseBrief).not.toHaveBeenCalled();
  });

  it('inside the project summary: the project fixed, no enterprise filter nor back button, a detail in place', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchSettlements.mockResolvedValue({ records: [settlementRow(1)], total: 1, totalAmount: '1060.00' });
    api.fetchSettlementDetail.mockResolvedValue(settlementDetail(1));
    renderWithQuery(
      <ConfirmProvider>
        <Routes>
          <Route path="*" element={<SettlementListPage fixedProjectId={7} />} />
        </Routes>
        <Where />
      </ConfirmProvider>,
      { at: '/projectManage/project/summary?id=7&pageType=3' },
    );
    await screen.findByText('JS20261120001', {}, LONG);
    expect(api.fetchSettlements).toHaveBeenCalledWith(expect.objectContaining({ projectId: 7 }));
    expect(formLabels()).not.toContain('企业名称');
    expect(screen.queryByRole('button', { name: /^返\s*回$/ })).toBeNull();
    fireEvent.click(screen.getByText('JS20261120001'));
    await screen.findByText('结算明细', {}, LONG);
    // the address stays the summary's: its id is the project's
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/summary?id=7&pageType=3');
    fireEvent.click(screen.getAllByText(/^返\s*回$/)[0].closest('button') as HTMLElement);
    await screen.findByText('JS20261120001', {}, LONG);
  });

  it('sends the number, the project name and the three statuses as searched, within their lengths', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchSettlements.mockResolvedValue({ records: [], total: 0, totalAmount: '0.00' });
    renderPage();
    await screen.findAllByText('暂无数据', {}, LONG);
    const number = screen.getByPlaceholderText('请输入结算单号') as HTMLInputElement;
    const name = screen.getByPlaceholderText('请输入项目名称') as HTMLInputElement;
    expect([number.maxLength, name.maxLength]).toEqual([50, 30]);
    fireEvent.change(number, { target: { value: 'JS2026112' } });
    fireEvent.change(name, { target: { value: '心血管' } });
    for (const [label, option] of [
      ['平台审核状态', '审核通过'],
      ['平台结算状态', '结算异常'],
      ['报告状态', '已生成'],
    ]) {
      await pickOption(label, option);
    }
    fireEvent.click(screen.getByText(/^查\s*询$/).closest('button') as HTMLElement);
    await waitFor(
      () =>
        expect(api.fetchSettlements).toHaveBeenLastCalledWith(
          expect.objectContaining({
            settlementSn: 'JS2026112',
            projectName: '心血管',
            auditStatus: 2,
            payStatus: 3,
            voucherStatus: 2,
            pageNo: 1,
          }),
        ),
      LONG,
    );
  });

  it("offers a fixed project's own service types, under their parents", async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchMaxSelectTime.mockResolvedValue('2026-11-20 15:30:00');
    api.fetchSettlements.mockResolvedValue({ records: [], total: 0, totalAmount: '0.00' });
    api.fetchParentProjectTypes.mockResolvedValue([
      { value: 'cgfw', label: '采购服务', children: [{ value: 'cgfw', label: '采购服务' }] },
      { value: 'p-wjdy', label: '问卷调研', children: [{ value: 'wjdy', label: '问卷调研' }] },
    ]);
    renderPage('/settlement/order/list?projectId=7');
    await screen.findAllByText('暂无数据', {}, LONG);
    await waitFor(() => expect(api.fetchParentProjectTypes).toHaveBeenCalledWith(7));
    expect(await optionsOf('服务类型')).toEqual(['采购服务', '问卷调研']);
    expect(document.querySelector('.ant-select-item-group')?.textContent).toBe('问卷调研');
  });
});

describe('SettlementDetailView', { timeout: 120_000 }, () => {
  it('opens from a notice link with the pending figures of an approved, unpaid statement', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['settlement:list:view', 'settlement:list:pay'] });
    api.fetchSettlementDetail.mockResolvedValue(
      settlementDetail(5, { auditStatus: 2, enterprisePayStatus: 1, auditTime: Date.now(), auditUserName: '李审核' }),
    );
    api.fetchSettlementTimeline.mockResolvedValue([
      { time: Date.now(), title: '审核通过', operator: '李审核', content: '' },
    ]);
    renderPage('/settlement/order/list?isPage=notice&id=5');
    expect(await screen.findByText('结算单详情', {}, LONG)).toBeTruthy();
    expect(api.fetchSettlementDetail).toHaveBeenCalledWith(5);
    expect(screen.getByText('待结算金额')).toBeTruthy();
    expect(screen.getByText('待结算人数')).toBeTruthy();
    expect(screen.getAllByText('李审核').length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: /^结\s*算$/ }).at(-1) as HTMLElement);
    expect((await screen.findByTestId('settle-dialog')).textContent).toBe('JS20261120005');
  });

  it('says the statement does not exist when the server does not find it', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchSettlementDetail.mockRejectedValue(new Error('结算单不存在'));
    api.fetchSettlements.mockResolvedValue({ records: [], total: 0, totalAmount: '0.00' });
    renderPage('/settlement/order/list?isPage=notice&id=99');
    expect(await screen.findByText('结算单不存在', {}, LONG)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /返\s*回/ }));
    expect(await screen.findByText('合计金额：', {}, LONG)).toBeTruthy();
  });

  it('shows the tax columns for taxModel 1, a dash for a line that could not be paid', async () => {
    signedInAs('platform', 2);
    useSession.setState({
      permList: ['settlement:list:view', 'settlement:record:reissue', 'settlement:Infor:download'],
    });
    api.fetchSettlementDetail.mockResolvedValue(
      settlementDetail(5, { auditStatus: 2, enterprisePayStatus: 2, payStatus: 3, taxModel: 1 }),
    );
    api.fetchSettlementRecords.mockResolvedValue({
      records: [
        settlementLine(1),
        settlementLine(2, {
          payStatus: 2,
          thirdPayStatus: 3,
          payTime: null,
          thirdResponseMsg: '户名不符',
        }),
        settlementLine(3, { payStatus: 0, thirdPayStatus: 5, isSuccess: 0, receivedAmount: '301.00', payProcessed: 0 }),
      ],
      total: 3,
    });
    api.fetchReissueInfo.mockResolvedValue({
      userName: '张2',
      bankName: '中国工商银行',
      bankCard: '6222 **** **** 5678',
      amount: '500.00',
    });
    api.reissueLine.mockResolvedValue('已重新发放');
    api.fetchSettlementProcess.mockResolvedValue([
      {
        id: 1,
        yurref: 'FPP0000000001',
        payTime: Date.now(),
        payStatus: '2',
        payStatusLabel: '失败',
        bankName: '中国工商银行',
        bankNo: 'ICBC',
        accountNo: '6222 **** **** 1234',
        msg: '户名不符',
      },
    ]);
    renderPage('/settlement/order/list?isPage=notice&id=5');
    expect((await screen.findAllByText('个人所得税(元)', {}, LONG)).length).toBeGreaterThan(0);
    expect(await screen.findAllByText('¥488.00')).toHaveLength(2);
    // a line that could not be paid has no tax figures: a dash
    expect(screen.queryByText('¥301.00')).toBeNull();
    expect(screen.getByRole('button', { name: /下\s*载/ }).hasAttribute('disabled')).toBe(false);
  });

  it("re-issues a failed line once, and lists a line's bank instructions", async () => {
    signedInAs('platform', 2);
    useSession.setState({
      permList: ['settlement:list:view', 'settlement:record:reissue', 'settlement:Infor:download'],
    });
    api.fetchSettlementDetail.mockResolvedValue(
      settlementDetail(5, { auditStatus: 2, enterprisePayStatus: 2, payStatus: 3, bankNo: 'SCP' }),
    );
    api.fetchSettlementRecords.mockResolvedValue({
      records: [
        settlementLine(1),
        settlementLine(2, {
          payStatus: 2,
          thirdPayStatus: 3,
          payTime: null,
          thirdResponseMsg: '户名不符',
        }),
        settlementLine(3, { payStatus: 0, thirdPayStatus: 5, isSuccess: 0, receivedAmount: '301.00', payProcessed: 0 }),
      ],
      total: 3,
    });
    api.fetchReissueInfo.mockResolvedValue({
      userName: '张2',
      bankName: '中国工商银行',
      bankCard: '6222 **** **** 5678',
      amount: '500.00',
    });
    api.reissueLine.mockResolvedValue('已重新发放');
    api.fetchSettlementProcess.mockResolvedValue([
      {
        id: 1,
        yurref: 'FPP0000000001',
        payTime: Date.now(),
        payStatus: '2',
        payStatusLabel: '失败',
        bankName: '中国工商银行',
        bankNo: 'ICBC',
        accountNo: '6222 **** **** 1234',
        msg: '户名不符',
      },
    ]);
    renderPage('/settlement/order/list?isPage=notice&id=5');
    // rows found by their text: a role query with names walks the whole antd table on every try
    await screen.findByText('张2', {}, LONG);
    expect(screen.queryByText('个人所得税(元)')).toBeNull();
    fireEvent.click(within(rowOf('张2')).getByText('重新发放'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('6222 **** **** 5678')).toBeTruthy();
    // the re-issue dialog is 450 wide, the process dialog 980 (spec 2 §2.4, §9)
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('450px');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发放/ }));
    await waitFor(() => expect(api.reissueLine).toHaveBeenCalledWith(2));
    expect(toasts.success).toHaveBeenCalledWith('已重新发放');
    await waitFor(() =>
      expect(within(rowOf('张2')).getByText('重新发放').closest('button')).toHaveProperty('disabled', true),
    );

    fireEvent.click(within(rowOf('张1')).getByText('结算过程'));
    expect(await screen.findByText('FPP0000000001')).toBeTruthy();
    expect((screen.getByText('FPP0000000001').closest('.ant-modal') as HTMLElement).style.width).toBe('980px');
    // the instructions asked of the settlement's own paying bank
    expect(api.fetchSettlementProcess).toHaveBeenCalledWith(1, 'SCP');
  });

  it("opens a person's paid lines from the name, and 详情 opens that settlement", async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    api.fetchSettlementDetail.mockImplementation(async (id: number) =>
      settlementDetail(id, { auditStatus: 2, enterprisePayStatus: 2, payStatus: 2 }),
    );
    api.fetchSettlementRecords.mockResolvedValue({ records: [settlementLine(1)], total: 1 });
    api.fetchPersonSettlements.mockResolvedValue({
      records: [
        {
          id: 31,
          settlementId: 8,
          subSettlementSn: 'JS20261110008-01',
          enterpriseName: '杭州星联医药科技有限公司',
          projectName: '全渠道终端服务示范项目',
          visitTypeValue: '电话拜访',
          amount: '320.00',
          payTime: Date.now(),
          payStatus: 1,
        },
      ],
      total: 1,
    });
    renderPage('/settlement/order/list?isPage=notice&id=5');
    fireEvent.click(await screen.findByRole('button', { name: '张1' }, LONG));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('JS20261110008-01')).toBeTruthy();
    expect(api.fetchPersonSettlements).toHaveBeenCalledWith(41, 1, 10);
    expect(within(dialog).getByRole('button', { name: '结算凭证' })).toBeTruthy();
    // 导出附件: the line's zip, once for a double click while it downloads
    let finish = () => {};
    documents.downloadAttachmentZip.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const zip = within(dialog).getByRole('button', { name: '导出附件' });
    fireEvent.click(zip);
    fireEvent.click(zip);
    expect(documents.downloadAttachmentZip).toHaveBeenCalledTimes(1);
    expect(documents.downloadAttachmentZip).toHaveBeenCalledWith({ subOrderId: 31 });
    finish();
    await waitFor(() => expect(zip.className).not.toContain('ant-btn-loading'));
    fireEvent.click(zip);
    expect(documents.downloadAttachmentZip).toHaveBeenCalledTimes(2);
    fireEvent.click(within(dialog).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(api.fetchSettlementDetail).toHaveBeenCalledWith(8));
  });

  it('shows a paid CMB statement with its bank reference and voucher, and a withdrawn one with its revoke time', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['settlement:list:view', 'settlement:list:withdraw'] });
    api.fetchSettlementDetail.mockImplementation(async (id: number) =>
      id === 5
        ? settlementDetail(5, {
            auditStatus: 2,
            enterprisePayStatus: 2,
            payStatus: 2,
            bankNo: 'CMB',
            yurref: 'FPS261110000000000101',
            auditTime: Date.now(),
            enterprisePayTime: Date.now(),
            settlementTime: Date.now(),
          })
        : settlementDetail(6, { auditStatus: -1, revokeTime: new Date('2026-11-21T09:00:00+08:00').getTime() }),
    );
    const first = renderPage('/settlement/order/list?isPage=notice&id=5');
    expect(await screen.findByText('FPS261110000000000101', {}, LONG)).toBeTruthy();
    expect(screen.getByText('平台结算凭证')).toBeTruthy();
    // paid: nothing to withdraw or settle
    expect(screen.queryByRole('button', { name: /^撤\s*回$/ })).toBeNull();
    first.unmount();

    renderPage('/settlement/order/list?isPage=notice&id=6');
    expect(await screen.findByText('撤回时间', {}, LONG)).toBeTruthy();
    expect(screen.getAllByText('2026-11-21 09:00:00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('已撤回').length).toBeGreaterThan(0);
    expect(screen.queryByText('平台结算凭证')).toBeNull();
  });
});
