import { ApiCode, defaultColumns, MSG, PERSON_MSG, type TaskListRecord } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { useSession } from '../../app/session-store';
import { holdUnmaskToken } from '../../app/unmask-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, LONG, renderWithQuery, signedInAs, Where } from '../../components/list/testing';
import PersonDetailPage from './PersonDetailPage';
import { taskDetailFixture } from '../tasks/task-fixtures';
import { personInfo } from './person-fixtures';

const api = await vi.hoisted(async () => (await import('./person-fixtures')).mockPersonCalls());
vi.mock('./person-calls', () => api);
const agreements = vi.hoisted(() => ({
  PERSONAL_AGREEMENT_LIST_KEY: ['personal-agreements', 'list'],
  fetchPersonalAgreements: vi.fn(),
  downloadSignedContract: vi.fn(),
  viewSignedContract: vi.fn(),
}));
vi.mock('../agreements/personal-agreement-calls', () => agreements);
const taskCalls = await vi.hoisted(async () => (await import('../tasks/task-fixtures')).mockTaskCalls());
vi.mock('../tasks/task-calls', () => taskCalls);
const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));
// the check itself is the desensitization dialog's own test's subject
vi.mock('../../components/DesensitizationDialog', () => ({
  DesensitizationDialog: ({ open }: { open: boolean }) => (open ? <div data-testid="desensitize">脱敏验证</div> : null),
}));

const EVERY_CODE = [
  'personalAccountManage:list:view',
  'personalAccountManage:list:disable',
  'personalAccountManage:list:transferOut',
  'personalAccountManage:list:transferOutRecord',
  'personalAccountManage:info:password',
  'personalAccountManage:info:edit',
  'personalAccountManage:info:desensitization',
  'personalAccountManage:info:clearLogin',
  'taskManage:list:view',
  'settlement:list:view',
  'taxVoucher:list:view',
  'personalAgreement:list:view',
] as const;

function renderPage(at = '/personManage/person/detail?id=7') {
  return renderWithQuery(
    <ConfirmProvider>
      <Routes>
        <Route path="/personManage/person/detail" element={<PersonDetailPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </ConfirmProvider>,
    { at },
  );
}

const bottomButtons = () =>
  Array.from(document.querySelectorAll('.person-actions button')).map((b) => [
    b.textContent?.replace(/\s/g, ''),
    (b as HTMLButtonElement).disabled,
  ]);

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: [...EVERY_CODE] });
  api.fetchPersonInfo.mockResolvedValue(personInfo(7));
  api.fetchWasTransferred.mockResolvedValue(false);
  api.fetchPersonAgreements.mockResolvedValue({ records: [], total: 0 });
  layouts.fetchColumnLayout.mockImplementation(async (serviceName: 'personalAgreementList') => ({
    serviceName,
    type: 0,
    contentJson: defaultColumns(serviceName, 'platform'),
    custom: false,
  }));
});

describe('PersonDetailPage', { timeout: 60_000 }, () => {
  it('shows the five tabs and the account masked, with the buttons of a normal person', async () => {
    renderPage();
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    expect(api.fetchPersonInfo).toHaveBeenCalledWith(7, undefined);
    expect(Array.from(document.querySelectorAll('.ant-tabs-tab')).map((tab) => tab.textContent)).toEqual([
      '基本信息',
      '协议记录',
      '众包任务记录',
      '结算记录',
      '完税凭证记录',
    ]);
    for (const title of ['登录信息', '认证信息', '银行卡信息', '其他信息', '协议信息']) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    expect(screen.getByText('330106********1234')).toBeTruthy();
    await waitFor(() => expect(api.fetchWasTransferred).toHaveBeenCalledWith(7));
    expect(bottomButtons()).toEqual([
      ['返回', false],
      ['脱敏查看', false],
      ['转出', false],
      ['转出记录', true],
      ['编辑', false],
      ['修改密码', false],
      ['禁用', false],
    ]);
  });

  it('opens a task of 众包任务记录 in place, and from its 服务人员 the person nested, each with 返回', async () => {
    const taskRow = {
      id: 41,
      taskSn: 'RW2026110200000041',
      projectName: '全渠道终端服务示范项目',
      visitType: '采购服务',
      status: 2,
      auditStatus: 1,
      actTime: null,
    } as unknown as TaskListRecord;
    api.fetchPersonTasks.mockResolvedValue({ records: [taskRow], total: 1 });
    taskCalls.fetchTaskDetail.mockResolvedValue(taskDetailFixture({ userId: 9, userName: '赵强' }));
    taskCalls.reverseGeocode.mockResolvedValue({ address: '浙江省杭州市西湖区', source: 'offline' });
    api.fetchPersonInfo.mockImplementation(async (id: number) => personInfo(id, id === 9 ? { name: '赵强' } : {}));
    renderPage('/personManage/person/detail?id=7&tab=tasks');
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    // the page itself has no 返回 in its head: it was not opened from another view
    expect(document.querySelector('.ant-card-head button')).toBeNull();
    fireEvent.click(
      within(
        await screen.findByText('RW2026110200000041', {}, LONG).then((cell) => cell.closest('tr') as HTMLElement),
      ).getByRole('button', { name: '详情' }),
    );
    expect(await screen.findByText('人员信息', {}, LONG)).toBeTruthy();
    expect(taskCalls.fetchTaskDetail).toHaveBeenCalledWith(41);
    expect(screen.queryByRole('columnheader', { name: '任务编号' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '赵强' }));
    expect(await screen.findByText('自然人详情 - 赵强', {}, LONG)).toBeTruthy();
    expect(api.fetchPersonInfo).toHaveBeenCalledWith(9, undefined);
    // the first person's view waits underneath, out of sight
    expect((screen.getByText('自然人详情 - 王芳').closest('.page-card') as HTMLElement).style.display).toBe('none');
    const head = document.querySelector('.ant-card-head') as HTMLElement;
    fireEvent.click(within(head).getByRole('button', { name: /返\s*回/ }));
    // back at the task, and from it back at the first person's list
    expect(await screen.findByText('人员信息', {}, LONG)).toBeTruthy();
    expect(screen.getByText('自然人详情 - 王芳')).toBeTruthy();
    fireEvent.click(
      within(document.querySelector('.task-header') as HTMLElement).getByRole('button', { name: /返\s*回/ }),
    );
    expect(await screen.findByText('RW2026110200000041', {}, LONG)).toBeTruthy();
  });

  it('reloads the account in the clear once the desensitization check holds a token', async () => {
    renderPage();
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    fireEvent.click(buttonByText('脱敏查看'));
    expect(await screen.findByTestId('desensitize')).toBeTruthy();
    api.fetchPersonInfo.mockResolvedValue(personInfo(7, { idCard: '330106199501021234', unmasked: true }));
    holdUnmaskToken('token', { token: 'T'.repeat(43), expiresAt: Date.now() + 60_000 });
    expect(await screen.findByText('330106199501021234', {}, LONG)).toBeTruthy();
    expect(api.fetchPersonInfo).toHaveBeenLastCalledWith(7, 'T'.repeat(43));
    expect(screen.getByText('明文显示中')).toBeTruthy();
    expect(screen.queryByText('脱敏查看')).toBeNull();
  });

  it('shows the materials: the ID sides and the face held back while masked, named files in the attachment dialog', async () => {
    const link = (name: string) =>
      `/api/sys/person/material/3/${name}?expires=1&disposition=inline&sign=${'a'.repeat(64)}`;
    const materials = {
      userAuthVoList: [{ authTypeName: '医药代表备案', fileList: [{ name: '备案凭证.pdf', fileAddress: link('1') }] }],
      skillCerts: [
        {
          id: 5,
          name: '执业药师资格证书',
          enclosures: [
            { name: '资格证.png', fileAddress: link('5') },
            { name: '资格证-背面.png', fileAddress: link('6') },
          ],
        },
      ],
    };
    api.fetchPersonInfo.mockResolvedValue(
      personInfo(7, { frontCard: 1, backCard: 0, faceImage: '1', videoAddress: '', ...materials }),
    );
    const masked = renderPage();
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    expect(screen.getAllByText('已上传（脱敏查看后显示）')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '执业药师资格证书' }));
    const dialog = (await screen.findByText('资格证-背面.png', {}, LONG)).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('执业药师资格证书')).toBeTruthy();
    expect(within(dialog).getByText('资格证.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '1个文件' }));
    masked.unmount();

    api.fetchPersonInfo.mockResolvedValue(
      personInfo(7, {
        frontCard: link('2'),
        backCard: link('3'),
        faceImage: link('4'),
        videoAddress: link('7'),
        unmasked: true,
        ...materials,
      }),
    );
    renderPage();
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    expect((screen.getByRole('img', { name: '身份证人像面' }) as HTMLImageElement).src).toContain(link('2'));
    expect(screen.getByRole('img', { name: '人脸照片' })).toBeTruthy();
    expect(screen.queryByText('已上传（脱敏查看后显示）')).toBeNull();
    // a video the browser cannot play says so instead of a broken player
    const video = document.querySelector('video.person-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(link('7'));
    fireEvent.error(video);
    expect(await screen.findByText(MSG.unsupportedVideo)).toBeTruthy();
  });

  it('checks the new password and its confirmation, then changes it', async () => {
    api.changePersonPassword.mockResolvedValue(PERSON_MSG.passwordChanged);
    renderPage();
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    fireEvent.click(buttonByText('修改密码'));
    const dialog = (await screen.findByText('新密码')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText(/确\s*定/));
    expect((await within(dialog).findAllByText(MSG.passwordRequired)).length).toBe(2);
    fireEvent.change(within(dialog).getByPlaceholderText('请输入新密码'), { target: { value: 'short' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请再次输入新密码'), { target: { value: 'other' } });
    expect(await within(dialog).findByText(MSG.passwordInvalid)).toBeTruthy();
    expect(await within(dialog).findByText(MSG.personPasswordsDiffer)).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入新密码'), { target: { value: 'Renew@2026pw' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请再次输入新密码'), { target: { value: 'Renew@2026pw' } });
    fireEvent.click(within(dialog).getByText(/确\s*定/));
    await waitFor(() =>
      expect(api.changePersonPassword).toHaveBeenCalledWith({
        userId: 7,
        loginName: '136****5678',
        newPassword: 'Renew@2026pw',
      }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(PERSON_MSG.passwordChanged));
  });

  it('编辑 asks for the desensitized view, then edits the phone; a verified name stays', async () => {
    api.editPerson.mockResolvedValue(PERSON_MSG.edited);
    const masked = renderPage();
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    fireEvent.click(buttonByText(/编\s*辑/));
    expect(toasts.warning).toHaveBeenCalledWith(MSG.editWhileMasked);
    expect(screen.queryByText('编辑自然人')).toBeNull();
    masked.unmount();

    api.fetchPersonInfo.mockResolvedValue(
      personInfo(7, { idCard: '330106199501021234', loginName: '13612345678', unmasked: true }),
    );
    renderPage();
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    fireEvent.click(buttonByText(/编\s*辑/));
    const dialog = (await screen.findByText('编辑自然人')).closest('.ant-modal') as HTMLElement;
    const name = within(dialog).getByPlaceholderText('请输入账户名称') as HTMLInputElement;
    const phone = within(dialog).getByPlaceholderText('请输入手机号') as HTMLInputElement;
    expect(name.value).toBe('王芳');
    expect(name.disabled).toBe(true);
    expect(name.maxLength).toBe(20);
    expect(phone.value).toBe('13612345678');
    expect(phone.maxLength).toBe(11);
    expect(within(dialog).getByText(PERSON_MSG.nameFixedByIdentity)).toBeTruthy();
    fireEvent.change(phone, { target: { value: '2361234567' } });
    expect(await within(dialog).findByText(MSG.mobileInvalid)).toBeTruthy();
    fireEvent.change(phone, { target: { value: '13687654321' } });
    fireEvent.click(within(dialog).getByText(/确\s*定/));
    await waitFor(() => expect(api.editPerson).toHaveBeenCalledWith({ userId: 7, name: '王芳', phone: '13687654321' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(PERSON_MSG.edited));
  });

  it('offers a restricted person only 解除登录限制, and a session without the codes only 返回', async () => {
    api.fetchPersonInfo.mockResolvedValue(personInfo(7, { loginFlag: 2 }));
    api.clearLoginRestriction.mockResolvedValue(PERSON_MSG.loginRestrictionCleared);
    const first = renderPage();
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    expect(bottomButtons().map(([name]) => name)).toEqual(['返回', '脱敏查看', '转出记录', '编辑', '解除登录限制']);
    fireEvent.click(buttonByText('解除登录限制'));
    await screen.findByText('确定解除自然人“王芳”的登录限制吗？');
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() => expect(api.clearLoginRestriction).toHaveBeenCalledWith(7));
    first.unmount();
    useSession.setState({ permList: ['personalAccountManage:list:view'] });
    renderPage();
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    expect(bottomButtons()).toEqual([['返回', false]]);
    // each record tab shows with the code of the list it reads
    expect(Array.from(document.querySelectorAll('.ant-tabs-tab')).map((tab) => tab.textContent)).toEqual(['基本信息']);
    fireEvent.click(buttonByText('返回'));
    expect((await screen.findByTestId('where')).textContent).toBe('/personManage/person/list');
  });

  it('downloads a signed agreement’s contract from the account’s 协议信息', async () => {
    useSession.setState({ permList: [...EVERY_CODE, 'personalAgreement:list:download'] });
    api.fetchPersonAgreements.mockResolvedValue({
      records: [
        {
          id: 1,
          contractSn: 'XY30000001',
          contractName: '灵活用工平台服务协议',
          agreementType: 1,
          enterpriseName: '',
          tenantName: '华东众包服务平台',
          signStatus: 1,
          contractStartDate: new Date('2026-06-02T10:00:00+08:00').getTime(),
          createTime: new Date('2026-06-01T10:00:00+08:00').getTime(),
        },
      ],
      total: 1,
    });
    agreements.downloadSignedContract.mockResolvedValue(undefined);
    renderPage();
    await screen.findByText('自然人详情 - 王芳', {}, LONG);
    fireEvent.click(screen.getByText('协议信息'));
    const row = (await screen.findByText('XY30000001', {}, LONG)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/下\s*载/));
    await waitFor(() =>
      expect(agreements.downloadSignedContract).toHaveBeenCalledWith(
        expect.objectContaining({ contractSn: 'XY30000001', userId: 7, contractName: '灵活用工平台服务协议' }),
      ),
    );
  });

  it('lists the person’s agreements in their tab, and says 自然人不存在 for a foreign id', async () => {
    agreements.fetchPersonalAgreements.mockResolvedValue({
      records: [
        {
          id: 1,
          contractSn: 'XY30000001',
          agreementType: 1,
          contractName: '灵活用工平台服务协议',
          userId: 7,
          userName: '王芳',
          phone: '136****0001',
          idCard: '330106********1234',
          projectName: '',
          tenantId: 3,
          tenantName: '华东众包服务平台',
          enterpriseName: '',
          signStatus: 1,
          contractStartDate: new Date('2026-06-02T10:00:00+08:00').getTime(),
          createTime: new Date('2026-06-01T10:00:00+08:00').getTime(),
        },
      ],
      total: 1,
    });
    const first = renderPage('/personManage/person/detail?id=7&tab=agreements');
    expect(await screen.findByText('XY30000001', {}, LONG)).toBeTruthy();
    expect(agreements.fetchPersonalAgreements).toHaveBeenCalledWith(expect.objectContaining({ userId: 7 }));
    expect(screen.getByText('履约中')).toBeTruthy();
    expect(screen.getByText('平台协议')).toBeTruthy();
    first.unmount();
    api.fetchPersonInfo.mockRejectedValue(new ApiError(PERSON_MSG.notFound, ApiCode.notFound, null, 404));
    renderPage('/personManage/person/detail?id=99');
    expect(await screen.findByText(PERSON_MSG.notFound, {}, LONG)).toBeTruthy();
  });
});
