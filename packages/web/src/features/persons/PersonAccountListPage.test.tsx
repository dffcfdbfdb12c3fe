import { defaultColumns, MSG, PERSON_MSG } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, LONG, renderWithQuery, signedInAs, Where } from '../../components/list/testing';
import PersonAccountListPage from './PersonAccountListPage';
import { personRow } from './person-fixtures';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const api = await vi.hoisted(async () => (await import('./person-fixtures')).mockPersonCalls());
vi.mock('./person-calls', () => api);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const ALL = [
  'personalAccountManage:list:view',
  'personalAccountManage:list:disable',
  'personalAccountManage:list:transferOut',
  'personalAccountManage:list:transferOutRecord',
] as const;

function renderPage() {
  return renderWithQuery(
    <ConfirmProvider>
      <Routes>
        <Route path="/personManage/person/list" element={<PersonAccountListPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </ConfirmProvider>,
    { at: '/personManage/person/list' },
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const actionsOf = (text: string) =>
  Array.from(rowOf(text).querySelectorAll('.list-actions button')).map((b) => [
    b.textContent?.replace(/\s/g, ''),
    (b as HTMLButtonElement).disabled,
  ]);
const headers = () => Array.from(document.querySelectorAll('thead th')).map((cell) => cell.textContent);

beforeEach(() => {
  vi.resetAllMocks();
  layouts.fetchColumnLayout.mockImplementation(async (serviceName: 'personAccountList') => {
    const { userInfo } = useSession.getState();
    const audience = userInfo?.userIdentity === 1 ? 'admin' : 'platform';
    return { serviceName, type: 0, contentJson: defaultColumns(serviceName, audience), custom: false };
  });
  api.fetchPersons.mockResolvedValue({
    records: [
      personRow(1, { name: '王芳', transferred: true }),
      personRow(2, { name: '李强', loginFlag: 1 }),
      personRow(3, { name: '赵敏', loginFlag: 2 }),
      personRow(4, { name: '钱进', loginFlag: 3 }),
    ],
    total: 4,
  });
});

describe('PersonAccountListPage', { timeout: 60_000 }, () => {
  it('lists the platform’s persons with the actions each login flag allows', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: [...ALL] });
    renderPage();
    await screen.findByText('王芳', {}, LONG);
    expect(api.fetchPersons).toHaveBeenCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 20 }));
    expect(headers()).toEqual(['用户编号', '姓名', '登录账号', '身份证号', '注册来源', '账号状态', '注册时间', '操作']);
    expect(actionsOf('王芳')).toEqual([
      ['详情', false],
      ['禁用', false],
      ['转出', false],
      ['转出记录', false],
    ]);
    expect(actionsOf('李强')).toEqual([
      ['详情', false],
      ['启用', false],
      ['转出记录', true],
    ]);
    expect(actionsOf('赵敏')).toEqual([
      ['详情', false],
      ['转出记录', true],
    ]);
    expect(actionsOf('钱进')).toEqual([['详情', false]]);
    expect(within(rowOf('李强')).getByText('已禁用')).toBeTruthy();
  });

  it('shows the operator the platform column, and a session without the codes only 详情', async () => {
    signedInAs('platform', 1);
    useSession.setState({ permList: ['personalAccountManage:list:view'] });
    renderPage();
    await screen.findByText('王芳', {}, LONG);
    expect(headers()).toContain('平台名称');
    expect(actionsOf('王芳')).toEqual([['详情', false]]);
    fireEvent.click(within(rowOf('王芳')).getByText('详情'));
    expect((await screen.findByTestId('where')).textContent).toBe('/personManage/person/detail?id=1');
  });

  it('bans after the confirm, and the list reloads', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: [...ALL] });
    api.setLoginFlag.mockResolvedValue(PERSON_MSG.banned);
    renderPage();
    await screen.findByText('王芳', {}, LONG);
    fireEvent.click(within(rowOf('王芳')).getByText('禁用'));
    await screen.findByText('确定禁用自然人“王芳”吗？禁用后该自然人将无法登录APP，已登录的将被退出。');
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() => expect(api.setLoginFlag).toHaveBeenCalledWith(1, 1));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(PERSON_MSG.banned));
    await waitFor(() => expect(api.fetchPersons).toHaveBeenCalledTimes(2));
  });

  it('transfers out to a chosen enterprise, asking for one first', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: [...ALL] });
    api.transferPersonOut.mockResolvedValue(MSG.operationSuccess);
    lookups.fetchLookup.mockResolvedValue({
      records: [
        {
          id: 9,
          value: 9,
          label: '杭州星联医药科技有限公司',
          name: '杭州星联医药科技有限公司',
          enterpriseSn: 'QY0009',
          tenantId: 3,
          tenantName: '华东众包服务平台',
          contactPhone: '139****5678',
          status: 1,
        },
      ],
      total: 1,
    });
    renderPage();
    await screen.findByText('王芳', {}, LONG);
    fireEvent.click(within(rowOf('王芳')).getByText('转出'));
    const dialog = (await screen.findByText('转入企业')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText(/确\s*定/));
    expect(await within(dialog).findByText(MSG.transferEnterpriseRequired)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(
      await screen.findByText(
        '杭州星联医药科技有限公司',
        { selector: '.ant-select-item-option-content *, .ant-select-item-option-content' },
        LONG,
      ),
    );
    fireEvent.click(within(dialog).getByText(/确\s*定/));
    await waitFor(() =>
      expect(api.transferPersonOut).toHaveBeenCalledWith({
        userId: 1,
        enterpriseName: '杭州星联医药科技有限公司',
        enterpriseCode: 'QY0009',
      }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.operationSuccess));
  });

  it('opens the transfer records of a transferred person', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: [...ALL] });
    api.fetchTransferRecords.mockResolvedValue({
      records: [
        {
          id: 1,
          enterpriseName: '杭州星联医药科技有限公司',
          enterpriseCode: 'QY0009',
          createTime: new Date('2026-11-02T10:00:00+08:00').getTime(),
          createName: '张经理',
        },
      ],
      total: 1,
    });
    renderPage();
    await screen.findByText('王芳', {}, LONG);
    fireEvent.click(within(rowOf('王芳')).getByText('转出记录'));
    expect(await screen.findByText('转出记录 - 王芳')).toBeTruthy();
    expect(await screen.findByText('2026-11-02 10:00:00', {}, LONG)).toBeTruthy();
    expect(api.fetchTransferRecords).toHaveBeenCalledWith(1, 1, 20);
  });
});
