import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { LONG, pickDateRange, pickOption, renderPageAt, signedInAs } from '../../components/list/testing';
import TaskPublishPage from './TaskPublishPage';

const calls = vi.hoisted(() => ({
  TASK_LIST_KEY: ['task', 'list'],
  publishTask: vi.fn(),
}));
vi.mock('./task-calls', () => calls);
const projects = vi.hoisted(() => ({
  CITY_TREE_KEY: ['city', 'tree'],
  fetchCityTree: vi.fn(),
  fetchProjectDetail: vi.fn(),
  workLocationsKey: (...key: number[]) => ['project', 'workLocations', ...key],
  fetchWorkLocations: vi.fn(),
}));
vi.mock('../projects/project-calls', () => projects);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PATH = '/projectManage/task/publish';

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

const serviceType = (
  visitId: string,
  serviceTypeName: string,
  resources: Array<{ id: number; title: string }> = [],
) => ({
  id: visitId.length,
  projectId: 3,
  visitParentId: visitId,
  visitId,
  parentServiceTypeName: serviceTypeName,
  serviceTypeName,
  seconds: null,
  rewardDesc: '',
  description: '',
  online: 1,
  resourceInfo: resources,
  orgList: [{ id: 1, orgName: '杭州市第一人民医院' }],
  locationScope: 500,
  signInLimit: null,
  signOutLimit: null,
});

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs('enterprise', 2);
  useSession.setState({ permList: ['taskManage:list:view', 'taskManage:task:add'] });
  lookups.fetchLookup.mockResolvedValue({ records: [project], total: 1 });
  projects.fetchCityTree.mockResolvedValue([]);
  projects.fetchProjectDetail.mockResolvedValue({
    project: { id: 3, cycleDate: '2026-01-01 至 2027-12-31', endTime: null },
    visitTypeList: [
      serviceType('dhbf', '电话拜访'),
      serviceType('ppxc', '文章阅读', [{ id: 8, title: '高血压用药指南' }]),
    ],
    projectText: null,
    auditList: [],
    logList: [],
  });
  calls.publishTask.mockResolvedValue({ id: 91, taskSn: 'RW2026112800000091' });
});

const render = () => renderPageAt(PATH, <TaskPublishPage />, PATH);
const publishButton = () => screen.getByRole('button', { name: /发布任务/ }) as HTMLButtonElement;
const errors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

/** The task time: the first and the tenth day of this month. */
const pickTaskTime = () =>
  pickDateRange(
    screen.getByPlaceholderText('开始时间'),
    dayjs().startOf('month'),
    dayjs().startOf('month').add(9, 'day'),
  );

describe('TaskPublishPage', { timeout: 60_000 }, () => {
  it('asks for the project, the service type, the title and the time, and sends nothing', async () => {
    render();
    expect(await screen.findByText('仅进行中的项目可发布任务', {}, LONG)).toBeTruthy();
    fireEvent.click(publishButton());
    await waitFor(
      () => expect(errors()).toEqual(['请选择项目', '请选择服务类型', '请输入任务标题', '请选择任务时间']),
      LONG,
    );
    expect(calls.publishTask).not.toHaveBeenCalled();
  });

  it("offers only projects in progress, then the chosen project's service types and their materials", async () => {
    render();
    await pickOption('项目', '华东区终端拜访项目');
    expect(lookups.fetchLookup).toHaveBeenCalledWith(
      'project',
      expect.objectContaining({ filters: { projectStatus: 4 } }),
    );
    await waitFor(() => expect(projects.fetchProjectDetail).toHaveBeenCalledWith(3), LONG);
    expect(await screen.findByText('项目周期：2026-01-01 至 2027-12-31', {}, LONG)).toBeTruthy();
    await pickOption('服务类型', '电话拜访');
    expect(screen.queryByText('关联资料', { selector: 'label' })).toBeNull();
    await pickOption('服务类型', '文章阅读');
    await pickOption('关联资料', '高血压用药指南');
  });

  it('checks the reward and the coordinates with the server messages', async () => {
    render();
    fireEvent.change(screen.getByPlaceholderText('请输入任务报酬'), { target: { value: '0' } });
    fireEvent.change(screen.getByPlaceholderText('如 120.1552'), { target: { value: '120.1552' } });
    fireEvent.click(publishButton());
    await waitFor(() => {
      expect(errors()).toContain('请输入正确的任务报酬（大于0，最多两位小数，不超过10万元）');
      expect(errors()).toContain('坐标超出范围，请重新定位');
    }, LONG);
    expect(calls.publishTask).not.toHaveBeenCalled();
  });

  it('publishes once however often it is clicked, then opens the new task', async () => {
    render();
    await pickOption('项目', '华东区终端拜访项目');
    await waitFor(() => expect(projects.fetchProjectDetail).toHaveBeenCalledWith(3), LONG);
    await pickOption('服务类型', '电话拜访');
    fireEvent.change(screen.getByPlaceholderText('请输入任务标题'), { target: { value: '  拜访心内科主任  ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入任务内容'), { target: { value: '介绍新品并收集反馈' } });
    const time = await pickTaskTime();
    fireEvent.change(screen.getByPlaceholderText('请输入任务报酬'), { target: { value: '88.5' } });
    fireEvent.change(screen.getByPlaceholderText('如 120.1552'), { target: { value: '120.1552' } });
    fireEvent.change(screen.getByPlaceholderText('如 30.2741'), { target: { value: '30.2741' } });
    fireEvent.change(screen.getByPlaceholderText('请输入详细地址'), { target: { value: '解放路848号' } });
    fireEvent.click(publishButton());
    fireEvent.click(publishButton());
    expect((await screen.findByTestId('where', {}, LONG)).textContent).toBe('/projectManage/task/detail?id=91');
    expect(calls.publishTask).toHaveBeenCalledTimes(1);
    const body = calls.publishTask.mock.calls[0][0];
    expect(body).toMatchObject({
      projectId: 3,
      visitTypeId: 'dhbf',
      title: '  拜访心内科主任  ',
      content: '介绍新品并收集反馈',
      price: '88.5',
      lng: 120.1552,
      lat: 30.2741,
      address: '解放路848号',
      cusId: null,
      resourceId: null,
      ...time,
    });
    expect(body.requestId).toMatch(UUID);
    expect(toasts.success).toHaveBeenCalledWith('任务已发布，任务编号RW2026112800000091');
  });

  it("takes the terminal, its division and its street from the service type's 工作地点", async () => {
    projects.fetchCityTree.mockResolvedValue([
      {
        value: '330000',
        label: '浙江省',
        children: [{ value: '330100', label: '杭州市', children: [{ value: '330102', label: '上城区' }] }],
      },
    ]);
    projects.fetchWorkLocations.mockResolvedValue({
      records: [
        {
          id: 1,
          orgName: '杭州市第一人民医院',
          orgType: 'hospital',
          orgTypeName: '医院',
          auditStatus: 1,
          province: '浙江省',
          city: '杭州市',
          area: '上城区',
          address: '浣纱路 261 号',
        },
      ],
      total: 1,
    });
    render();
    expect(screen.queryByText('从工作地点选择')).toBeNull();
    await pickOption('项目', '华东区终端拜访项目');
    await waitFor(() => expect(projects.fetchProjectDetail).toHaveBeenCalledWith(3), LONG);
    await pickOption('服务类型', '电话拜访');
    fireEvent.click(await screen.findByText('从工作地点选择', {}, LONG));
    const dialog = (await screen.findByText('工作地点', { selector: '.ant-modal-title' }, LONG)).closest(
      '.ant-modal',
    ) as HTMLElement;
    await within(dialog).findByText('浣纱路 261 号', {}, LONG);
    // the service type 电话拜访 is id 4 of project 3
    expect(projects.fetchWorkLocations).toHaveBeenCalledWith(3, 4, 1);
    fireEvent.click(within(dialog).getByText('选择'));
    await waitFor(() => expect(screen.queryByText('工作地点', { selector: '.ant-modal-title' })).toBeNull(), LONG);
    const terminal = screen.getByText('终端名称', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
    expect((within(terminal).getByRole('combobox') as HTMLInputElement).value).toBe('杭州市第一人民医院');
    expect((screen.getByPlaceholderText('请输入详细地址') as HTMLInputElement).value).toBe('浣纱路 261 号');
    expect(document.querySelector('.ant-cascader .ant-select-content')?.textContent).toBe('浙江省 / 杭州市 / 上城区');

    fireEvent.change(screen.getByPlaceholderText('请输入任务标题'), { target: { value: '拜访心内科' } });
    await pickTaskTime();
    fireEvent.click(publishButton());
    await waitFor(() => expect(calls.publishTask).toHaveBeenCalledTimes(1), LONG);
    expect(calls.publishTask.mock.calls[0][0]).toMatchObject({
      orgName: '杭州市第一人民医院',
      province: '浙江省',
      city: '杭州市',
      area: '上城区',
      address: '浣纱路 261 号',
    });
  });

  it('keeps the request id for a retry after a failure', async () => {
    calls.publishTask.mockRejectedValueOnce(new Error('请求超时，请稍后重试！'));
    render();
    await pickOption('项目', '华东区终端拜访项目');
    await waitFor(() => expect(projects.fetchProjectDetail).toHaveBeenCalledWith(3), LONG);
    await pickOption('服务类型', '电话拜访');
    fireEvent.change(screen.getByPlaceholderText('请输入任务标题'), { target: { value: '拜访' } });
    await pickTaskTime();
    fireEvent.click(publishButton());
    await waitFor(() => expect(calls.publishTask).toHaveBeenCalledTimes(1), LONG);
    await waitFor(() => expect(publishButton().querySelector('.ant-btn-loading-icon')).toBeNull(), LONG);
    fireEvent.click(publishButton());
    await waitFor(() => expect(calls.publishTask).toHaveBeenCalledTimes(2), LONG);
    const [first, second] = calls.publishTask.mock.calls.map(([input]) => input.requestId);
    expect(second).toBe(first);
  });
});
