import type { CustomerDetail, CustomerListRecord, PermissionCode } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import CustomerVerifyListPage from './CustomerVerifyListPage';

const calls = vi.hoisted(() => ({
  CUSTOMER_LIST_KEY: ['customer', 'list'],
  fetchCustomers: vi.fn(),
  customerDetailKey: (id: number) => ['customer', 'detail', id],
  checkCustomerVerification: vi.fn(),
  fetchCustomerDetail: vi.fn(),
  reviewCustomer: vi.fn(),
  reviewCustomerCertificate: vi.fn(),
}));
vi.mock('./customer-calls', () => calls);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const AUDIT = { 0: '待审核', 1: '审核通过', 2: '审核驳回' } as Record<number, string>;
const AUTH = { 0: '未认证', 1: '已认证', 2: '认证待审核', 3: '认证驳回' } as Record<number, string>;

const row = (id: number, extra: Partial<CustomerListRecord>): CustomerListRecord => {
  const base: CustomerListRecord = {
    id,
    cusName: `客户${id}`,
    cusType: 'hospital',
    cusTypeName: '医院',
    sex: 1,
    orgName: '杭州市第一人民医院',
    department: '10',
    department_dic: '心血管内科',
    title: '主任医师',
    posit: '科室主任',
    createByString: '周敏',
    auditStatus: 0,
    auditStatus_dictText: '',
    authStatus: 0,
    authStatus_dictText: '',
    enterpriseName: '杭州星联医药科技有限公司',
    tenantId: 3,
    tenantName: '华东众包服务平台',
    createTime: new Date('2026-10-01T10:00:00+08:00').getTime(),
    ...extra,
  };
  return {
    ...base,
    auditStatus_dictText: AUDIT[base.auditStatus],
    authStatus_dictText: AUTH[base.authStatus],
  };
};

const ROWS = [
  row(1, { cusName: '孙晓燕', auditStatus: 0 }),
  row(2, { cusName: '李文博', auditStatus: 1, authStatus: 2 }),
  row(3, { cusName: '张建华', auditStatus: 1, authStatus: 1 }),
  row(4, {
    cusName: '陈立新',
    cusType: 'pharmacy',
    cusTypeName: '药店',
    auditStatus: 1,
    authStatus: 0,
    department_dic: '执业药师',
  }),
  row(5, { cusName: '黄丽', cusType: 'clinic', cusTypeName: '诊所', sex: 2, auditStatus: 2 }),
  row(6, { cusName: '郑国强', auditStatus: 1, authStatus: 3 }),
];

const detailOf = (record: CustomerListRecord): CustomerDetail => ({
  id: record.id,
  cusName: record.cusName,
  cusType: record.cusType,
  cusTypeName: record.cusTypeName,
  sex: record.sex,
  orgName: record.orgName,
  orgAuditStatus: 1,
  orgNotPassed: false,
  department: record.department,
  department_dic: record.department_dic,
  posit: record.posit,
  title: record.title,
  createByString: record.createByString,
  certNo: '',
  certImage: '',
  auditStatus: record.auditStatus,
  auditStatus_dictText: record.auditStatus_dictText,
  authStatus: record.authStatus,
  authStatus_dictText: record.authStatus_dictText,
  reason: '',
  remarks: '',
  auditName: '',
  auditTime: null,
  enterpriseName: record.enterpriseName,
});

const ALL: PermissionCode[] = [
  'cusVerify:list:query',
  'cusVerify:list:view',
  'cusVerify:list:adopt',
  'cusVerify:list:reject',
];

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const reviewButton = (name: string) => within(rowOf(name)).queryByRole('button', { name: /审\s*核/ });

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: ALL });
  calls.fetchCustomers.mockResolvedValue({ records: ROWS, total: ROWS.length });
  calls.fetchCustomerDetail.mockImplementation(async (id: number) =>
    detailOf(ROWS.find((record) => record.id === id) as CustomerListRecord),
  );
});

describe('客户审核', () => {
  it('lists the customers: certified badge, type, sex, terminal, department, statuses and China time', async () => {
    renderWithQuery(<CustomerVerifyListPage />);
    await screen.findByText('孙晓燕');
    expect(screen.getByText('客户审核')).toBeTruthy();
    for (const title of [
      '客户名称',
      '客户类型',
      '性别',
      '终端名称',
      '科室',
      '职称',
      '职务',
      '创建人',
      '审核状态',
      '认证状态',
      '创建时间',
      '操作',
    ]) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    // only the certified customer carries the badge
    expect(
      within(rowOf('张建华')).getByText('已认证', { selector: '.customer-certified, .customer-certified *' }),
    ).toBeTruthy();
    expect(rowOf('李文博').querySelector('.customer-certified')).toBeNull();
    const pharmacist = rowOf('陈立新');
    expect(within(pharmacist).getByText('药店')).toBeTruthy();
    expect(within(pharmacist).getByText('执业药师')).toBeTruthy();
    expect(within(pharmacist).getByText('审核通过')).toBeTruthy();
    expect(within(pharmacist).getByText('未认证')).toBeTruthy();
    expect(within(rowOf('黄丽')).getByText('女')).toBeTruthy();
    expect(within(rowOf('黄丽')).getByText('审核驳回')).toBeTruthy();
    expect(within(rowOf('郑国强')).getByText('认证驳回')).toBeTruthy();
    expect(within(rowOf('孙晓燕')).getByText('2026-10-01 10:00:00')).toBeTruthy();
    // a tenant's staff see no platform column
    expect(screen.queryByText('所属平台')).toBeNull();
    expect(calls.fetchCustomers).toHaveBeenCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 20 }));
  });

  it('says 暂无数据 when nothing matches', async () => {
    calls.fetchCustomers.mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<CustomerVerifyListPage />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /查\s*看/ })).toBeNull();
  });

  it('offers 审核 only while a review is due: pending, or a hospital whose certificate awaits review', async () => {
    renderWithQuery(<CustomerVerifyListPage />);
    await screen.findByText('孙晓燕');
    expect(reviewButton('孙晓燕')).toBeTruthy();
    expect(reviewButton('李文博')).toBeTruthy();
    for (const name of ['张建华', '陈立新', '黄丽', '郑国强']) expect(reviewButton(name)).toBeNull();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(ROWS.length);
  });

  it('offers 审核 with either review code and not without both', async () => {
    useSession.setState({ permList: ['cusVerify:list:query', 'cusVerify:list:view', 'cusVerify:list:reject'] });
    const first = renderWithQuery(<CustomerVerifyListPage />);
    await screen.findByText('孙晓燕');
    expect(reviewButton('孙晓燕')).toBeTruthy();
    first.unmount();
    useSession.setState({ permList: ['cusVerify:list:query', 'cusVerify:list:view'] });
    renderWithQuery(<CustomerVerifyListPage />);
    await screen.findByText('孙晓燕');
    expect(screen.queryAllByRole('button', { name: /审\s*核/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(ROWS.length);
  });

  it('查看 opens the dialog in view mode: 关闭, no review buttons', async () => {
    renderWithQuery(<CustomerVerifyListPage />);
    await screen.findByText('孙晓燕');
    fireEvent.click(within(rowOf('孙晓燕')).getByRole('button', { name: /查\s*看/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('心血管内科');
    expect(calls.fetchCustomerDetail).toHaveBeenCalledWith(1);
    expect(within(dialog).getByRole('button', { name: '关 闭' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(within(dialog).queryByLabelText('驳回原因')).toBeNull();
  });

  it('审核 opens the dialog in review mode; a pass is sent and the list reloads with the new state', async () => {
    calls.reviewCustomer.mockResolvedValue({
      result: { ...detailOf(ROWS[0]), auditStatus: 1, auditStatus_dictText: '审核通过' },
      message: '操作成功',
    });
    renderWithQuery(<CustomerVerifyListPage />);
    await screen.findByText('孙晓燕');
    fireEvent.click(reviewButton('孙晓燕') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('心血管内科');
    expect(within(dialog).getByLabelText('驳回原因')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /驳\s*回/ })).toBeTruthy();
    calls.fetchCustomers.mockResolvedValue({
      records: [row(1, { cusName: '孙晓燕', auditStatus: 1, authStatus: 0 }), ...ROWS.slice(1)],
      total: ROWS.length,
    });
    const before = calls.fetchCustomers.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: /通\s*过/ }));
    await waitFor(() =>
      expect(calls.reviewCustomer).toHaveBeenCalledWith(expect.objectContaining({ id: 1, auditStatus: 1 })),
    );
    expect(toasts.success).toHaveBeenCalledWith('操作成功');
    await waitFor(() => expect(calls.fetchCustomers.mock.calls.length).toBeGreaterThan(before));
    await waitFor(() => expect(within(rowOf('孙晓燕')).getByText('审核通过')).toBeTruthy());
    expect(reviewButton('孙晓燕')).toBeNull();
  });

  it('a certificate awaiting review opens the certificate review', async () => {
    calls.reviewCustomerCertificate.mockResolvedValue({
      result: { ...detailOf(ROWS[1]), authStatus: 3, authStatus_dictText: '认证驳回' },
      message: '操作成功',
    });
    renderWithQuery(<CustomerVerifyListPage />);
    await screen.findByText('李文博');
    fireEvent.click(reviewButton('李文博') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('该客户已通过审核，执业证书待审核');
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '证书照片模糊' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() =>
      expect(calls.reviewCustomerCertificate).toHaveBeenCalledWith({ id: 2, authStatus: 3, remarks: '证书照片模糊' }),
    );
  });

  it('sends the search: name, type, status and terminal', async () => {
    renderWithQuery(<CustomerVerifyListPage />);
    await screen.findByText('孙晓燕');
    fireEvent.change(screen.getByLabelText('客户名称'), { target: { value: '孙' } });
    fireEvent.change(screen.getByLabelText('终端名称'), { target: { value: '人民医院' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.fetchCustomers).toHaveBeenLastCalledWith(
        expect.objectContaining({ cusName: '孙', orgName: '人民医院', pageNo: 1 }),
      ),
    );
  });

  it('shows the platform column to the operator', async () => {
    signedInAs('platform', 1);
    useSession.setState({ permList: ALL });
    renderWithQuery(<CustomerVerifyListPage />);
    await screen.findByText('孙晓燕');
    expect(screen.getAllByText('所属平台').length).toBeGreaterThan(0);
  });
});
