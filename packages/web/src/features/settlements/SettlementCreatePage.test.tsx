import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { LONG, pickOption, renderWithQuery, signedInAs } from '../../components/list/testing';
import { fileOf, HEADS, pick } from '../../components/upload/upload-test-utils';
import SettlementCreatePage from './SettlementCreatePage';

const api = vi.hoisted(() => ({
  settleableSummaryKey: (projectId: number, visitTypeId: string) => ['settleable', projectId, visitTypeId],
  fetchSettleableSummary: vi.fn(),
  createSettlement: vi.fn(),
}));
vi.mock('./settlement-create-calls', () => api);
const calls = vi.hoisted(() => ({
  SETTLEMENT_KEY: ['settlements'],
  parentProjectTypesKey: (projectId: number) => ['parentProjectTypes', projectId],
  fetchParentProjectTypes: vi.fn(),
}));
vi.mock('./settlement-calls', () => calls);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const files = vi.hoisted(() => ({ uploadForm: vi.fn(), fileLink: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);
const system = vi.hoisted(() => ({ configValue: vi.fn(), configValueKey: (key: string) => ['config', key] }));
vi.mock('../../app/shell-calls', () => system);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const project = {
  value: 3,
  label: '华东区终端拜访项目',
  id: 3,
  projectName: '华东区终端拜访项目',
  projectSn: 'XM26110100000003',
  clientId: 1,
  clientName: '星联医药',
  processed: 1,
  projectStatus: 4,
};

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs('enterprise', 2);
  useSession.setState({ permList: ['settlement:list:view', 'settlement:list:create'] });
  lookups.fetchLookup.mockResolvedValue({ records: [project], total: 1 });
  calls.fetchParentProjectTypes.mockResolvedValue([
    { value: 'dhbf', label: '电话拜访', children: [{ value: 'dhbf', label: '电话拜访' }] },
    { value: 'p-wjdy', label: '问卷调研', children: [{ value: 'wjdy', label: '问卷调研' }] },
  ]);
  api.fetchSettleableSummary.mockImplementation(async (projectId: number, visitTypeId: string) => ({
    projectId,
    visitTypeId,
    taskNum: visitTypeId === 'dhbf' ? 12 : 0,
    personNum: visitTypeId === 'dhbf' ? 4 : 0,
    payAmount: visitTypeId === 'dhbf' ? '1280.50' : '0.00',
  }));
  system.configValue.mockResolvedValue({ configKey: 'manager_file_size', content: '10' });
  files.uploadForm.mockImplementation(async (_target: string, form: FormData) => {
    const name = (form.get('file') as File).name;
    const address = `/api/resource/file/1/${name.length}AAAAAAAAAAAAAAAAAAAA`;
    return {
      id: 1,
      name,
      address,
      fileName: name,
      fileAddress: address,
      fileType: 'pdf',
      fileSize: 2048,
      createTime: 0,
      delFlag: 0,
      url: '/signed',
    };
  });
  api.createSettlement.mockResolvedValue({
    result: { id: 41, settlementSn: 'JS26112400000041', amount: '1357.33', failedPersonNum: 0 },
    message: '结算单已生成，请等待平台审核',
  });
});

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

function render() {
  renderWithQuery(
    <>
      <SettlementCreatePage />
      <LocationProbe />
    </>,
  );
}

const createButton = () => screen.getByRole('button', { name: '生成结算单' }) as HTMLButtonElement;
const errors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

describe('SettlementCreatePage', { timeout: 60_000 }, () => {
  it('asks for the project first', async () => {
    render();
    expect(await screen.findByText('生成结算单', { selector: '.ant-card-head-title span' }, LONG)).toBeTruthy();
    fireEvent.click(createButton());
    await waitFor(() => expect(errors()).toEqual(['请先选择项目', '请选择服务类型']), LONG);
    expect(api.createSettlement).not.toHaveBeenCalled();
  });

  it("previews the project's service type and makes the settlement once, then goes to the list", async () => {
    render();
    await pickOption('项目', '华东区终端拜访项目');
    await waitFor(() => expect(calls.fetchParentProjectTypes).toHaveBeenCalledWith(3), LONG);
    await pickOption('服务类型', '电话拜访');
    await waitFor(() => expect(api.fetchSettleableSummary).toHaveBeenCalledWith(3, 'dhbf'), LONG);
    expect(await screen.findByText('¥1,280.50', {}, LONG)).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入备注'), { target: { value: '  十一月电话拜访  ' } });
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());
    fireEvent.click(createButton());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settlement/order/list'), LONG);
    expect(api.createSettlement).toHaveBeenCalledTimes(1);
    const body = api.createSettlement.mock.calls[0][0];
    expect(body).toMatchObject({ projectId: 3, visitTypeId: 'dhbf', remarks: '十一月电话拜访' });
    expect(body.requestId).toMatch(UUID);
    expect(toasts.success).toHaveBeenCalledWith('结算单已生成，请等待平台审核');
  });

  it('uploads attachments once a project and a service type are chosen, and sends them with the settlement', async () => {
    render();
    await screen.findByText('附件', { selector: 'label' }, LONG);
    // not before the choice: the reason beside the disabled button
    expect(screen.getByText('请先选择项目名称和服务类型')).toBeTruthy();
    expect((document.querySelector('input[type="file"]') as HTMLInputElement).disabled).toBe(true);
    await pickOption('项目', '华东区终端拜访项目');
    await waitFor(() => expect(calls.fetchParentProjectTypes).toHaveBeenCalledWith(3), LONG);
    await pickOption('服务类型', '电话拜访');
    await screen.findByText('¥1,280.50', {}, LONG);
    await waitFor(() =>
      expect((document.querySelector('input[type="file"]') as HTMLInputElement).disabled).toBe(false),
    );
    pick(document.body, fileOf('服务说明.pdf', HEADS.pdf));
    await waitFor(() => expect(files.uploadForm).toHaveBeenCalledTimes(1), LONG);
    const form = files.uploadForm.mock.calls[0][1] as FormData;
    expect(form.get('uploadPath')).toBe('orderGenerate');
    expect(String(form.get('id'))).toMatch(UUID);
    expect(await screen.findByText('服务说明.pdf', {}, LONG)).toBeTruthy();
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());
    await waitFor(() => expect(api.createSettlement).toHaveBeenCalledTimes(1), LONG);
    expect(api.createSettlement.mock.calls[0][0].attachments).toEqual(['/api/resource/file/1/8AAAAAAAAAAAAAAAAAAAA']);
  });

  it('keeps the request id for a retry of the same choice', async () => {
    api.createSettlement.mockRejectedValueOnce(new Error('请求超时，请稍后重试！'));
    render();
    await pickOption('项目', '华东区终端拜访项目');
    await waitFor(() => expect(calls.fetchParentProjectTypes).toHaveBeenCalledWith(3), LONG);
    await pickOption('服务类型', '电话拜访');
    await screen.findByText('¥1,280.50', {}, LONG);
    fireEvent.click(createButton());
    await waitFor(() => expect(api.createSettlement).toHaveBeenCalledTimes(1), LONG);
    await waitFor(() => expect(createButton().querySelector('.ant-btn-loading-icon')).toBeNull(), LONG);
    fireEvent.click(createButton());
    await waitFor(() => expect(api.createSettlement).toHaveBeenCalledTimes(2), LONG);
    const [first, second] = api.createSettlement.mock.calls.map(([input]) => input.requestId);
    expect(second).toBe(first);
  });

  it('disables 生成结算单 when the service type has nothing to settle', async () => {
    render();
    await pickOption('项目', '华东区终端拜访项目');
    await waitFor(() => expect(calls.fetchParentProjectTypes).toHaveBeenCalledWith(3), LONG);
    await pickOption('服务类型', '问卷调研');
    expect(await screen.findByText('该项目的服务类型下没有可结算的任务', {}, LONG)).toBeTruthy();
    await waitFor(() => expect(createButton().disabled).toBe(true));
  });

  it("offers the project's service types under their parents, and the catalogue without the settlement list", async () => {
    calls.fetchParentProjectTypes.mockResolvedValue([
      { value: 'cgfw', label: '采购服务', children: [{ value: 'cgfw', label: '采购服务' }] },
      {
        value: 'p-xueShu',
        label: '学术会议',
        children: [
          { value: 'xueShu_keShi', label: '学术会议(科室会)' },
          { value: 'xueShu_chengShi', label: '学术会议(城市会)' },
        ],
      },
    ]);
    const view = renderWithQuery(<SettlementCreatePage />);
    expect(screen.getAllByText('请先选择项目').length).toBeGreaterThan(0);
    await pickOption('项目', '华东区终端拜访项目');
    await waitFor(() => expect(calls.fetchParentProjectTypes).toHaveBeenCalledWith(3), LONG);
    fireEvent.mouseDown(screen.getAllByRole('combobox')[1]);
    const group = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-select-item-group')).find(
        (node) => node.textContent === '学术会议',
      );
      if (!found) throw new Error('no group 学术会议');
      return found;
    }, LONG);
    expect(group).toBeTruthy();
    const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map((node) => node.textContent);
    expect(options).toEqual(expect.arrayContaining(['采购服务', '学术会议(科室会)', '学术会议(城市会)']));
    await pickOption('服务类型', '学术会议(城市会)');
    await waitFor(() => expect(api.fetchSettleableSummary).toHaveBeenCalledWith(3, 'xueShu_chengShi'), LONG);
    view.unmount();

    // a role that may create but not view the list: the catalogue of service types, the server checks the pair
    useSession.setState({ permList: ['settlement:list:create'] });
    calls.fetchParentProjectTypes.mockClear();
    lookups.fetchLookup.mockImplementation(async (kind: string) =>
      kind === 'taskType'
        ? { records: [{ value: 'dhbf', label: '电话拜访' }], total: 1 }
        : { records: [project], total: 1 },
    );
    renderWithQuery(<SettlementCreatePage />);
    await pickOption('项目', '华东区终端拜访项目');
    // the service type opens once the project is chosen
    expect(await screen.findByText('请选择服务类型', { selector: '.ant-select-placeholder' }, LONG)).toBeTruthy();
    await pickOption('服务类型', '电话拜访');
    await waitFor(() => expect(api.fetchSettleableSummary).toHaveBeenCalledWith(3, 'dhbf'), LONG);
    expect(calls.fetchParentProjectTypes).not.toHaveBeenCalled();
  });
});
