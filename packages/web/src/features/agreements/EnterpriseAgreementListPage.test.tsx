/**
 * 企业协议 (spec 3 §2, §4, §6, §8): the filters by side, the status labels, the actions each status
 * offers and the codes they need, the confirm texts, and the dialog of 19007.
 */
import { ApiCode, defaultColumns, ENTERPRISE_AGREEMENT_MSG, type EnterpriseAgreementRecord } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ApiError } from '../../api/http';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, LONG, renderPageAt, signedInAs } from '../../components/list/testing';
import { agreementActionsOf } from './AgreementActions';
import EnterpriseAgreementListPage from './EnterpriseAgreementListPage';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const api = vi.hoisted(() => ({
  ENTERPRISE_AGREEMENT_LIST_KEY: ['enterprise-agreements', 'list'],
  SIGNING_RECORDS_KEY: ['enterprise-agreements', 'records'],
  fetchEnterpriseAgreements: vi.fn(),
  fetchAgreementDetail: vi.fn(),
  changeAgreement: vi.fn(),
  downloadAgreement: vi.fn(),
  previewOnlineAgreement: vi.fn(),
  fetchSignAddress: vi.fn(),
  openInNewWindow: vi.fn(),
  reloadAfterSigning: vi.fn(),
}));
vi.mock('./enterprise-agreement-calls', () => api);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
vi.mock('../enterprises/EnterpriseInfoPage', () => ({
  EnterpriseInfoEmbedded: ({ id, tenantId }: { id: number; tenantId: number }) => (
    <div data-testid="embedded-enterprise">{`${id}/${tenantId}`}</div>
  ),
}));
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const PATH = '/enterpriseManage/agreement/list';
const ALL = [
  'enterpriseAgreement:list:view',
  'enterpriseAgreement:list:download',
  'enterpriseAgreement:list:add',
  'enterpriseAgreement:list:delete',
  'enterpriseAgreement:list:sign',
  'enterpriseAgreement:list:manage',
];

function row(id: number, agreementName: string, values: Partial<EnterpriseAgreementRecord>): EnterpriseAgreementRecord {
  return {
    id,
    agreementType: 1,
    enterpriseId: 9,
    enterpriseName: '杭州星联医药科技有限公司',
    tenantId: 3,
    tenantName: '华东众包服务平台',
    agreementName,
    orderNo: `XY20261101${String(id).padStart(6, '0')}`,
    enterpriseSignTime: '2026-11-01',
    startTime: '2026-11-01',
    endTime: '2027-10-31',
    signStatus: 2,
    signLabel: '',
    agreementList: [],
    createTime: Date.parse('2026-10-30T02:00:00Z'),
    ...values,
  };
}

const ROWS = [
  row(1, '已签署的线上协议', { signStatus: 2 }),
  row(2, '待企业签署的协议', { signStatus: 3 }),
  row(3, '待平台签署的协议', { signStatus: 4 }),
  row(4, '线下草稿协议', { signStatus: 5, agreementType: 0, agreementList: [{ agreementName: 'a.pdf' }] }),
  row(5, '签署失败的协议', { signStatus: 1 }),
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const buttonsOf = (text: string) =>
  Array.from(rowOf(text).querySelectorAll('button')).map((button) => button.textContent?.replace(/\s/g, ''));
const rowButton = (text: string, label: string) =>
  Array.from(rowOf(text).querySelectorAll('button')).find(
    (button) => button.textContent?.replace(/\s/g, '') === label,
  ) as HTMLElement;
const labels = () =>
  Array.from(document.querySelectorAll('.list-search .ant-form-item-label label')).map((l) => l.textContent);

function open(userIdentity: 1 | 2, permList = ALL) {
  signedInAs('platform', userIdentity);
  useSession.setState({ permList });
  renderPageAt(
    PATH,
    <ConfirmProvider>
      <EnterpriseAgreementListPage />
    </ConfirmProvider>,
    PATH,
  );
}

beforeEach(() => {
  vi.resetAllMocks();
  layouts.fetchColumnLayout.mockImplementation(async (serviceName: 'enterpriseAgreementList') => {
    const audience = useSession.getState().userInfo?.userIdentity === 1 ? 'admin' : 'platform';
    return { serviceName, type: 0, contentJson: defaultColumns(serviceName, audience), custom: false };
  });
  api.fetchEnterpriseAgreements.mockResolvedValue({ records: ROWS, total: ROWS.length });
  api.changeAgreement.mockResolvedValue('操作成功');
});

describe('agreementActionsOf', () => {
  it('offers each status its actions (spec 3 §4) and the signature to the side whose turn it is', () => {
    const of = (
      values: Partial<EnterpriseAgreementRecord>,
      mode: 'manage' | 'records',
      side: 'platform' | 'enterprise',
    ) => agreementActionsOf(row(1, 'x', values), mode, side);
    expect(of({ signStatus: 1 }, 'manage', 'platform')).toMatchObject({ view: false, download: false, changes: [] });
    expect(of({ signStatus: 2 }, 'manage', 'platform').changes).toEqual(['end']);
    expect(of({ signStatus: 3 }, 'manage', 'platform').changes).toEqual(['withdraw']);
    expect(of({ signStatus: 4 }, 'manage', 'platform')).toMatchObject({ resign: true, changes: ['cancel'] });
    expect(of({ signStatus: 5, agreementType: 0 }, 'manage', 'platform')).toMatchObject({
      view: false,
      changes: ['delete'],
    });
    expect(of({ signStatus: 4 }, 'records', 'platform').sign).toBe(true);
    expect(of({ signStatus: 3 }, 'records', 'platform').sign).toBe(false);
    expect(of({ signStatus: 3 }, 'records', 'enterprise').sign).toBe(true);
    expect(of({ signStatus: 4 }, 'records', 'enterprise').sign).toBe(false);
    expect(of({ signStatus: 3, agreementType: 0 }, 'records', 'enterprise').sign).toBe(false);
  });
});

describe('EnterpriseAgreementListPage', { timeout: 60_000 }, () => {
  it('shows the operator the platform filter, each row its status and actions', async () => {
    open(1);
    await screen.findByText('已签署的线上协议', {}, LONG);
    expect(labels()).toEqual(['签署平台', '企业名称', '协议名称', '协议状态']);
    // the name filter takes at most 50
    expect((screen.getByPlaceholderText('请输入协议名称') as HTMLInputElement).maxLength).toBe(50);
    expect(buttonByText('新增协议')).toBeTruthy();
    expect(rowOf('已签署的线上协议').textContent).toContain('履约中');
    expect(buttonsOf('已签署的线上协议')).toEqual(['预览', '下载', '终止']);
    expect(buttonsOf('待企业签署的协议')).toEqual(['预览', '下载', '撤回']);
    expect(buttonsOf('待平台签署的协议')).toEqual(['预览', '下载', '重新签署', '取消签署']);
    expect(buttonsOf('线下草稿协议')).toEqual(['下载', '删除']);
    expect(buttonsOf('签署失败的协议')).toEqual([]);
    expect(rowOf('线下草稿协议').textContent).toContain('线下协议');
    // 20 a page
    expect(api.fetchEnterpriseAgreements).toHaveBeenCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 20 }));
  });

  it('opens the enterprise’s info embedded beside the list from its name', async () => {
    open(2, [...ALL, 'enterpriseAccountManage:info:view']);
    await screen.findByText('已签署的线上协议', {}, LONG);
    fireEvent.click(rowOf('已签署的线上协议').querySelector('.agreement-enterprise-link') as HTMLElement);
    expect((await screen.findByTestId('embedded-enterprise')).textContent).toBe('9/3');
    expect(screen.getByText('企业信息')).toBeTruthy();
  });

  it('hides the platform filter from a platform’s staff, and each action without its code', async () => {
    open(2, ['enterpriseAgreement:list:view', 'enterpriseAgreement:list:download']);
    await screen.findByText('已签署的线上协议', {}, LONG);
    expect(labels()).toEqual(['企业名称', '协议名称', '协议状态']);
    expect(screen.queryByText('新增协议')).toBeNull();
    expect(buttonsOf('待平台签署的协议')).toEqual(['预览', '下载']);
    expect(buttonsOf('线下草稿协议')).toEqual(['下载']);
  });

  it('withdraws after its confirm text, and a cancelled confirm changes nothing', async () => {
    open(2);
    await screen.findByText('待企业签署的协议', {}, LONG);
    fireEvent.click(rowButton('待企业签署的协议', '撤回'));
    expect(await screen.findByText(ENTERPRISE_AGREEMENT_MSG.withdrawConfirm)).toBeTruthy();
    fireEvent.click(buttonByText('取 消'));
    expect(api.changeAgreement).not.toHaveBeenCalled();
    fireEvent.click(rowButton('待企业签署的协议', '撤回'));
    await screen.findByText(ENTERPRISE_AGREEMENT_MSG.withdrawConfirm);
    fireEvent.click(buttonByText('确 定'));
    await waitFor(() => expect(api.changeAgreement).toHaveBeenCalledWith('withdraw', 2, false));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('操作成功'));
  });

  it('answers ending the last agreement in force with the 19007 dialog', async () => {
    api.changeAgreement.mockRejectedValue(new ApiError(ENTERPRISE_AGREEMENT_MSG.lastValid, ApiCode.lastAgreement));
    open(2);
    await screen.findByText('已签署的线上协议', {}, LONG);
    fireEvent.click(rowButton('已签署的线上协议', '终止'));
    await screen.findByText(ENTERPRISE_AGREEMENT_MSG.endConfirm);
    fireEvent.click(buttonByText('确 定'));
    await waitFor(() => expect(api.changeAgreement).toHaveBeenCalledWith('end', 1, true));
    expect(await screen.findByText(ENTERPRISE_AGREEMENT_MSG.lastValid)).toBeTruthy();
    expect(buttonByText('知道了')).toBeTruthy();
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it('opens the platform’s signing page again for an agreement awaiting its signature', async () => {
    api.openInNewWindow.mockResolvedValue(undefined);
    open(2);
    await screen.findByText('待平台签署的协议', {}, LONG);
    fireEvent.click(rowButton('待平台签署的协议', '重新签署'));
    await waitFor(() => expect(api.openInNewWindow).toHaveBeenCalledTimes(1));
    await api.openInNewWindow.mock.calls[0][0]();
    expect(api.fetchSignAddress).toHaveBeenCalledWith(3, 0);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(ENTERPRISE_AGREEMENT_MSG.signWindowHint));
  });
});
