/**
 * The task list (decision 0017), both sides, from 项目管理 > 任务中心 and from a project's summary
 * (?projectId=): filters by project, service type, person, audit status and submit time; the
 * automatic audit's result beside the review; on the platform side the review 通过 / 驳回 (with a
 * reason) one by one or for the selected rows.
 */
import { CheckOutlined, CloseOutlined, PlusOutlined, SolutionOutlined } from '@ant-design/icons';
import {
  formatChinaDateTime,
  reasonsOf,
  TASK_AUDIT,
  TASK_AUDIT_STATUS,
  TASK_MSG,
  TASK_REVIEWABLE_STATUSES,
  TASK_STATUS,
  type TaskListFilters,
  type TaskListRecord,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Select, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { DateRangePicker, rangeToTimes } from '../../components/list/DateRangePicker';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { RemoteSelect } from '../../components/RemoteSelect';
import { fetchTasks, reviewTasks, TASK_LIST_KEY } from './task-calls';
import { TASK_DETAIL_PATH, TASK_PUBLISH_PATH } from './task-paths';

/** The detail page a row opens (menu 任务详情, hidden). */

type Filters = Omit<TaskListFilters, 'startTime' | 'endTime'> & { startTime?: string; endTime?: string };

const AUDIT_OPTIONS = Object.entries(TASK_AUDIT_STATUS).map(([value, info]) => ({
  value: Number(value),
  label: info.label,
}));
const time = (value: number | null) => (value === null ? plainCell(null) : formatChinaDateTime(value));
const reviewable = (row: TaskListRecord) => TASK_REVIEWABLE_STATUSES.includes(row.auditStatus);

/** The automatic audit's verdict: 通过, or 未通过 with its reasons; nothing before submission. */
export function AutoAuditCell({ row }: { row: TaskListRecord }) {
  if (row.status !== 2) return plainCell(null);
  const reasons = reasonsOf(row.remarks);
  if (reasons.length === 0) return <Typography.Text type="success">通过</Typography.Text>;
  return (
    <Tooltip title={reasons.map((reason) => <div key={reason}>{reason}</div>)}>
      <Typography.Text type="danger" ellipsis style={{ maxWidth: '100%' }}>
        未通过：{reasons.join('；')}
      </Typography.Text>
    </Tooltip>
  );
}

function RejectDialog({
  count,
  open,
  onCancel,
  onReject,
}: {
  count: number;
  open: boolean;
  onCancel(): void;
  onReject(reason: string): Promise<void>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={count > 1 ? `驳回${count}个任务` : '驳回任务'}
      open={open}
      width={480}
      okText="驳回"
      okButtonProps={{ danger: true, loading: busy }}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => form.resetFields()}
      onOk={async () => {
        // an empty reason shows its message under the field and keeps the dialog open
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        const { reason } = values;
        setBusy(true);
        try {
          await onReject(reason.trim());
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[{ required: true, whitespace: true, message: TASK_MSG.rejectReasonRequired }]}
        >
          <Input.TextArea rows={4} maxLength={200} showCount placeholder="请输入驳回原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function TaskListPage() {
  const side = useSession((state) => state.side);
  const { can } = useAccess();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openDetail = useCallback((row: TaskListRecord) => navigate(`${TASK_DETAIL_PATH}?id=${row.id}`), [navigate]);
  const canReview = side === 'platform' && can('taskManage:task:audit');
  const projectId = Number(params.get('projectId')) || undefined;
  const [selected, setSelected] = useState<TaskListRecord[]>([]);
  const [rejecting, setRejecting] = useState<number[] | null>(null);

  const review = async (ids: number[], auditStatus: 2 | 3, reason = '') => {
    const message = await reviewTasks({ ids, auditStatus, reason });
    notifier().success(message);
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: TASK_LIST_KEY });
  };

  const columns = useMemo<ColumnsType<TaskListRecord>>(
    () => [
      {
        key: 'taskSn',
        dataIndex: 'taskSn',
        title: '任务编号',
        width: 170,
        // the number opens the detail, as a project's name does
        render: (value: string, row: TaskListRecord) => (
          <Button type="link" className="list-link-cell" onClick={() => openDetail(row)}>
            {value}
          </Button>
        ),
      },
      { key: 'title', dataIndex: 'title', title: '任务标题', width: 150, ellipsis: true, render: plainCell },
      { key: 'visitType', dataIndex: 'visitType', title: '服务类型', width: 130, render: plainCell },
      { key: 'userName', dataIndex: 'userName', title: '服务人员', width: 90, render: plainCell },
      {
        key: 'auditStatus',
        dataIndex: 'auditStatus',
        title: '审核状态',
        width: 120,
        render: (value: number) => <StatusTag dictionary={TASK_AUDIT_STATUS} value={value} />,
      },
      {
        key: 'auto',
        title: '自动审核结果',
        width: 220,
        render: (_: unknown, row: TaskListRecord) => <AutoAuditCell row={row} />,
      },
      { key: 'actTime', dataIndex: 'actTime', title: '提交时间', width: 170, render: time },
      {
        key: 'projectName',
        dataIndex: 'projectName',
        title: '项目名称',
        width: 180,
        ellipsis: true,
        render: plainCell,
      },
      ...(side === 'platform'
        ? [{ key: 'cusName', dataIndex: 'cusName', title: '客户', width: 120, ellipsis: true, render: plainCell }]
        : []),
      { key: 'userPhone', dataIndex: 'userPhone', title: '手机号', width: 120, render: plainCell },
      {
        key: 'status',
        dataIndex: 'status',
        title: '任务状态',
        width: 90,
        render: (value: number) => <StatusTag dictionary={TASK_STATUS} value={value} />,
      },
      { key: 'auditUserName', dataIndex: 'auditUserName', title: '审核人', width: 100, render: plainCell },
      { key: 'auditTime', dataIndex: 'auditTime', title: '审核时间', width: 170, render: time },
      {
        key: 'auditReason',
        dataIndex: 'auditReason',
        title: '驳回原因',
        width: 180,
        ellipsis: true,
        render: plainCell,
      },
    ],
    [side, openDetail],
  );

  const selectedIds = selected.map((row) => row.id);
  return (
    <Card
      className="page-card"
      title={
        <span>
          <SolutionOutlined /> 任务列表
        </span>
      }
      extra={
        side === 'enterprise' && can('taskManage:task:add') ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(TASK_PUBLISH_PATH)}>
            发布任务
          </Button>
        ) : undefined
      }
    >
      <ListPage<TaskListRecord, Filters>
        queryKey={[...TASK_LIST_KEY, projectId ?? null]}
        fetchPage={(request) => fetchTasks(request)}
        fixedFilters={projectId ? { projectId } : undefined}
        rowKey="id"
        columns={columns}
        searchFields={
          <>
            {projectId ? null : (
              <Form.Item name="projectId" label="项目">
                <RemoteSelect kind="project" placeholder="请选择项目" style={{ width: 200 }} />
              </Form.Item>
            )}
            <Form.Item name="visitTypeId" label="服务类型">
              <RemoteSelect kind="taskType" placeholder="请选择服务类型" style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="userId" label="服务人员">
              <RemoteSelect
                kind="employee"
                filters={projectId ? { projectId } : undefined}
                placeholder="请选择服务人员"
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item name="auditStatus" label="审核状态">
              <Select allowClear placeholder="全部" style={{ width: 140 }} options={AUDIT_OPTIONS} />
            </Form.Item>
            <Form.Item name="time" label="提交时间">
              <DateRangePicker />
            </Form.Item>
          </>
        }
        toFilters={({ time: range, ...rest }) => ({
          projectId: rest.projectId as number | undefined,
          visitTypeId: rest.visitTypeId as Filters['visitTypeId'],
          userId: rest.userId as number | undefined,
          auditStatus: rest.auditStatus as number | undefined,
          ...rangeToTimes(range as Parameters<typeof rangeToTimes>[0]),
        })}
        toolbar={
          canReview ? (
            <Space>
              <Button
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                onClick={() => void review(selectedIds, TASK_AUDIT.approved)}
              >
                批量通过
              </Button>
              <Button
                danger
                icon={<CloseOutlined />}
                disabled={selected.length === 0}
                onClick={() => setRejecting(selectedIds)}
              >
                批量驳回
              </Button>
            </Space>
          ) : undefined
        }
        rowSelection={
          canReview
            ? {
                selectedRowKeys: selectedIds,
                onChange: (_keys, rows) => setSelected(rows),
                getCheckboxProps: (row) => ({ disabled: !reviewable(row) }),
              }
            : undefined
        }
        actionColumn={{
          key: 'actions',
          title: '操作',
          width: canReview ? 150 : 80,
          render: (_: unknown, row: TaskListRecord) => (
            <Space size={4}>
              <Button type="link" size="small" onClick={() => openDetail(row)}>
                详情
              </Button>
              {canReview && reviewable(row) ? (
                <>
                  <Button type="link" size="small" onClick={() => void review([row.id], TASK_AUDIT.approved)}>
                    通过
                  </Button>
                  <Button type="link" size="small" danger onClick={() => setRejecting([row.id])}>
                    驳回
                  </Button>
                </>
              ) : null}
            </Space>
          ),
        }}
      />
      <RejectDialog
        count={rejecting?.length ?? 0}
        open={rejecting !== null}
        onCancel={() => setRejecting(null)}
        onReject={async (reason) => {
          await review(rejecting ?? [], TASK_AUDIT.rejected, reason);
          setRejecting(null);
        }}
      />
    </Card>
  );
}
