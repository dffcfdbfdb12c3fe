import { DATE_TIME_FORMAT, defaultColumns, MSG, type PersonalAgreementRecord } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { buttonByText, LONG, renderPageAt, signedInAs } from '../../components/list/testing';
import PersonalAgreementListPage, { defaultCreationRange, PersonalAgreementList } from './PersonalAgreementListPage';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const api = vi.hoisted(() => ({
  PERSONAL_AGREEMENT_LIST_KEY: ['personal-agreements', 'list'],
  fetchPersonalAgreements: vi.fn(),
  downloadSignedContract: vi.fn(),
  viewSignedContract: vi.fn(),
}));
vi.mock('./personal-agreement-calls', () => api);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const PATH = '/personManage/person/agreement';

function row(id: number, values: Partial<PersonalAgreementRecord> = {}): PersonalAgreementRecord {
  return {
    id,
    contractSn: `XY3000000000${id}`,
    agreementType: 2,
    contractName: '门店拜访服务协议',
    userId: 40 + id,
    userName: '王芳',
    phone: '136****0001',
    idCard: '330106********1234',
    projectName: '华东门店拜访项目',
    tenantId: 3,
    tenantName: '华东众包服务平台',
    enterpriseName: '杭州星联医药科技有限公司',
    signStatus: 1,
    contractStartDate: Date.parse('2026-06-10T08:30:00Z'),
    createTime: Date.parse('2026-06-09T08:00:00Z'),
    ...values,
  };
}

const headers = () => Array.from(document.querySelectorAll('thead th')).map((cell) => cell.textContent);
const labels = () =>
  Array.from(document.querySelectorAll('.list-search .ant-form-item-label label')).map((l) => l.textContent);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const rowButton = (text: string, label: string) =>
  Array.from(rowOf(text).querySelectorAll('button')).find(
    (button) => button.textContent?.replace(/\s/g, '') === label,
  ) as HTMLElement;
const lastRequest = () => api.fetchPersonalAgreements.mock.calls.at(-1)?.[0];

function signIn(side: 'platform' | 'enterprise', userIdentity: 1 | 2, permList: string[]) {
  signedInAs(side, userIdentity);
  useSession.setState({ permList });
}

beforeEach(() => {
  vi.resetAllMocks();
  layouts.fetchColumnLayout.mockImplementation(async (serviceName: 'personalAgreementList') => {
    const { userInfo, side } = useSession.getState();
    const audience = side === 'enterprise' ? 'enterprise' : userInfo?.userIdentity === 1 ? 'admin' : 'platform';
    return { serviceName, type: 0, contentJson: defaultColumns(serviceName, audience), custom: false };
  });
  api.fetchPersonalAgreements.mockResolvedValue({
    records: [
      row(1, { userName: '王芳' }),
      row(2, {
        userName: '李强',
        agreementType: 1,
        contractName: '灵活用工平台服务协议',
        projectName: '',
        enterpriseName: '',
        signStatus: 0,
        contractStartDate: null,
      }),
    ],
    total: 2,
  });
  api.downloadSignedContract.mockResolvedValue(undefined);
  api.viewSignedContract.mockResolvedValue(undefined);
});

describe('defaultCreationRange', () => {
  it('reaches back 3662 days from the start of that day to the end of today', () => {
    const [start, end] = defaultCreationRange(dayjs('2026-11-29 15:20:00'));
    expect(start.format(DATE_TIME_FORMAT)).toBe('2016-11-19 00:00:00');
    expect(end.format(DATE_TIME_FORMAT)).toBe('2026-11-29 23:59:59');
  });
});

describe('PersonalAgreementListPage', { timeout: 60_000 }, () => {
  it('shows the operator every filter and column, asking for the last 3662 days first', async () => {
    signIn('platform', 1, ['personalAgreement:list:view', 'personalAgreement:list:download']);
    renderPageAt(PATH, <PersonalAgreementListPage />, PATH);
    await screen.findByText('王芳', {}, LONG);
    expect(labels()).toEqual([
      '姓名',
      '协议编号',
      '平台名称',
      '企业名称',
      '项目名称',
      '协议类型',
      '签署时间',
      '创建时间',
    ]);
    const [start, end] = defaultCreationRange();
    expect(lastRequest()).toMatchObject({
      pageNo: 1,
      pageSize: 20,
      startTime: start.format(DATE_TIME_FORMAT),
      endTime: end.format(DATE_TIME_FORMAT),
    });
    // the operator's scope is every platform: no platform filter is sent until one is picked
    expect(lastRequest()).not.toHaveProperty('tenantId');
    expect(headers()).toEqual([
      '协议编号',
      '姓名',
      '手机号',
      '协议名称',
      '协议类型',
      '项目名称',
      '平台名称',
      '企业名称',
      '签署状态',
      '签署时间',
      '操作',
    ]);
    // the agreement being performed takes the main style (spec 3 §4)
    expect(rowOf('王芳').querySelector('.status-tag')?.getAttribute('data-style')).toBe('main');
    expect(rowOf('王芳').textContent).toContain('履约中');
    expect(rowOf('王芳').textContent).toContain('项目协议');
    expect(rowOf('李强').textContent).toContain('待签署');
    expect(rowOf('李强').textContent).toContain('平台协议');
  });

  it('searches by number and type, and 重置 goes back to the default range', async () => {
    signIn('platform', 2, ['personalAgreement:list:view']);
    renderPageAt(PATH, <PersonalAgreementListPage />, PATH);
    await screen.findByText('王芳', {}, LONG);
    // a platform's staff pick no platform; without the download code there is no 操作 column
    expect(labels()).not.toContain('平台名称');
    expect(headers()).not.toContain('操作');
    fireEvent.change(screen.getByPlaceholderText('请输入协议编号'), { target: { value: ' XY30000000001 ' } });
    fireEvent.click(buttonByText('查 询'));
    await waitFor(() => expect(lastRequest()).toMatchObject({ contractSn: 'XY30000000001', pageNo: 1 }));
    fireEvent.click(buttonByText('重 置'));
    await waitFor(() => expect(lastRequest()?.contractSn).toBeUndefined());
    expect(lastRequest()?.startTime).toBe(defaultCreationRange()[0].format(DATE_TIME_FORMAT));
  });

  it('downloads a row’s contract, and views only a signed one', async () => {
    signIn('platform', 2, ['personalAgreement:list:view', 'personalAgreement:list:download']);
    renderPageAt(PATH, <PersonalAgreementListPage />, PATH);
    await screen.findByText('王芳', {}, LONG);
    fireEvent.click(rowButton('王芳', '下载'));
    await waitFor(() => expect(api.downloadSignedContract).toHaveBeenCalledWith(expect.objectContaining({ id: 1 })));
    fireEvent.click(rowButton('王芳', '查看'));
    await waitFor(() => expect(api.viewSignedContract).toHaveBeenCalledWith(expect.objectContaining({ id: 1 })));
    fireEvent.click(rowButton('李强', '查看'));
    expect(toasts.warning).toHaveBeenCalledWith(MSG.noSignedContract);
    expect(api.viewSignedContract).toHaveBeenCalledTimes(1);
  });

  it('opens the person from the name when the staff may see persons', async () => {
    signIn('platform', 2, ['personalAgreement:list:view', 'personalAccountManage:list:view']);
    renderPageAt(PATH, <PersonalAgreementListPage />, PATH);
    fireEvent.click(await screen.findByText('王芳', {}, LONG));
    expect((await screen.findByTestId('where')).textContent).toBe('/personManage/person/detail?id=41');
  });

  it('shows an enterprise neither the platform nor the enterprise filter', async () => {
    signIn('enterprise', 2, ['personalAgreement:list:view']);
    renderPageAt('/company/agreement/personal', <PersonalAgreementListPage />, '/company/agreement/personal');
    await screen.findByText('王芳', {}, LONG);
    expect(labels()).toEqual(['姓名', '协议编号', '项目名称', '协议类型', '签署时间', '创建时间']);
    expect(headers()).not.toContain('平台名称');
  });

  it('lists one person’s agreements when embedded in the person’s detail', async () => {
    signIn('platform', 2, ['personalAgreement:list:view']);
    renderPageAt('/x', <PersonalAgreementList userId={41} />, '/x');
    await screen.findByText('门店拜访服务协议', {}, LONG);
    expect(labels()).not.toContain('姓名');
    expect(lastRequest()).toMatchObject({ userId: 41 });
  });

  it('lists one project’s agreements when embedded in the project summary, without the project filter', async () => {
    signIn('platform', 2, ['personalAgreement:list:view']);
    renderPageAt('/x', <PersonalAgreementList fixedProjectId={5} />, '/x');
    await screen.findByText('门店拜访服务协议', {}, LONG);
    expect(labels()).not.toContain('项目名称');
    expect(labels()).not.toContain('企业名称');
    expect(labels()).toContain('姓名');
    expect(lastRequest()).toMatchObject({ projectId: 5 });
  });
});
