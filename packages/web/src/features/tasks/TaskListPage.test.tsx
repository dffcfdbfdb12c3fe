import { TASK_MSG, type TaskListRecord } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { buttonByText, renderPageAt, renderWithQuery, signedInAs } from '../../components/list/testing';
import TaskListPage from './TaskListPage';

const taskCalls = vi.hoisted(() => ({ TASK_LIST_KEY: ['task', 'list'], fetchTasks: vi.fn(), reviewTasks: vi.fn() }));
vi.mock('./task-calls', () => taskCalls);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const task = (id: number, extra: Partial<TaskListRecord> = {}): TaskListRecord => ({
  id,
  taskSn: `RW2026110100000${id}`,
  title: `门店陈列检查${id}`,
  projectId: 7,
  projectName: '全渠道终端服务示范项目',
  tenantId: 3,
  tenantName: '华东众包服务平台',
  enterpriseId: 9,
  cusName: '张建华',
  orgName: '老百姓大药房',
  visitTypeId: 'cgfw',
  visitType: '采购服务',
  userId: 5,
  userName: '赵强',
  userPhone: '138****0001',
  status: 2,
  auditStatus: 4,
  remarks: '',
  startTime: null,
  endTime: null,
  takeTime: null,
  actTime: new Date('2026-11-02T02:30:00Z').getTime(),
  auditTime: null,
  auditUserName: '',
  auditReason: '',
  ...extra,
});

function setUp(side: 'platform' | 'enterprise', permList: string[]) {
  signedInAs(side, 2);
  useSession.setState({ permList });
}

beforeEach(() => {
  vi.resetAllMocks();
  lookups.fetchLookup.mockResolvedValue({ records: [], total: 0 });
  taskCalls.fetchTasks.mockResolvedValue({
    records: [
      task(1),
      task(2, { auditStatus: 1, remarks: '签到位置距计划地点2003米，超出300米范围\n服务时长不足10分钟（实际5分钟）' }),
      task(3, { status: 1, auditStatus: 0, actTime: null }),
    ],
    total: 3,
  });
  taskCalls.reviewTasks.mockResolvedValue('已审核1个任务');
});

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('task list', () => {
  it('shows the automatic audit result and the submit time in China time', async () => {
    setUp('platform', ['taskManage:list:view']);
    renderWithQuery(<TaskListPage />);
    const passed = await rowOf('门店陈列检查1');
    expect(within(passed).getByText('通过')).toBeTruthy();
    expect(within(passed).getByText('AI审核通过')).toBeTruthy();
    expect(within(passed).getByText('2026-11-02 10:30:00')).toBeTruthy();
    const rejected = await rowOf('门店陈列检查2');
    expect(within(rejected).getByText(/未通过：签到位置距计划地点2003米/)).toBeTruthy();
    const taken = await rowOf('门店陈列检查3');
    expect(within(taken).getByText('进行中')).toBeTruthy();
    // no review without the permission
    expect(screen.queryByRole('button', { name: '批量通过' })).toBeNull();
  });

  it('approves one row; a task not yet submitted offers no review', async () => {
    setUp('platform', ['taskManage:list:view', 'taskManage:task:audit']);
    renderWithQuery(<TaskListPage />);
    const first = await rowOf('门店陈列检查1');
    expect(within(await rowOf('门店陈列检查3')).queryByRole('button', { name: '通过' })).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: '通过' }));
    await waitFor(() => expect(taskCalls.reviewTasks).toHaveBeenCalledWith({ ids: [1], auditStatus: 2, reason: '' }));
    expect(toasts.success).toHaveBeenCalledWith('已审核1个任务');
  });

  it('rejects the selected rows only with a reason', async () => {
    setUp('platform', ['taskManage:list:view', 'taskManage:task:audit']);
    renderWithQuery(<TaskListPage />);
    const first = await rowOf('门店陈列检查1');
    fireEvent.click(within(first).getByRole('checkbox'));
    fireEvent.click(within(await rowOf('门店陈列检查2')).getByRole('checkbox'));
    fireEvent.click(buttonByText(/批量驳回/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('驳回2个任务')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText(TASK_MSG.rejectReasonRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入驳回原因'), { target: { value: '照片不清晰' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() =>
      expect(taskCalls.reviewTasks).toHaveBeenLastCalledWith({ ids: [1, 2], auditStatus: 3, reason: '照片不清晰' }),
    );
  });

  it('has no review on the enterprise side and says 暂无数据 when empty', async () => {
    setUp('enterprise', ['taskManage:list:view', 'taskManage:task:audit']);
    taskCalls.fetchTasks.mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<TaskListPage />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '批量通过' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '客户' })).toBeNull();
  });

  it('offers 发布任务 to the enterprise holding taskManage:task:add, and to no one else', async () => {
    setUp('enterprise', ['taskManage:list:view', 'taskManage:task:add']);
    const view = renderPageAt('/projectManage/task/list', <TaskListPage />, '/projectManage/task/list');
    fireEvent.click(await screen.findByRole('button', { name: /发布任务/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/projectManage/task/publish');
    view.unmount();
    for (const [side, permList] of [
      ['enterprise', ['taskManage:list:view']],
      ['platform', ['taskManage:list:view', 'taskManage:task:audit', 'taskManage:task:add']],
    ] as const) {
      setUp(side, [...permList]);
      const other = renderWithQuery(<TaskListPage />);
      await screen.findByText('任务列表');
      expect(screen.queryByRole('button', { name: /发布任务/ })).toBeNull();
      other.unmount();
    }
  });
});
