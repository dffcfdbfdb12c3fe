/**
 * The record tabs of the natural-person detail (spec 3 §2 "Natural-person detail"): 众包任务记录 (the
 * tasks the person took; 详情 opens the task in place, 阅读记录 its reading records) and 完税凭证记录 (the tax vouchers covering taxes
 * withheld from the person's payouts; their images and tax list).
 */
import {
  PAGE_SIZE,
  TASK_AUDIT_STATUS,
  TASK_STATUS,
  type TaskListRecord,
  type TaxVoucherRecord,
} from '@fieldpay/domain';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { BackButton } from '../../components/DetailStates';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { chinaTime, yuan } from '../settlements/settlement-format';
import { TaskDetailBody, TaskMissing } from '../tasks/TaskDetailView';
import { fetchTaxVouchers } from '../tax-vouchers/tax-voucher-calls';
import { TaxListDownloadButton } from '../tax-vouchers/TaxListDownloadButton';
import { TaxVoucherImagesDialog } from '../tax-vouchers/TaxVoucherImagesDialog';
import { fetchPersonTasks, personTasksKey } from './person-calls';
import { ReadingRecordsDialog } from './ReadingRecordsDialog';

const TASK_COLUMNS: ColumnsType<TaskListRecord> = [
  { key: 'taskSn', dataIndex: 'taskSn', title: '任务编号', width: 190 },
  { key: 'projectName', dataIndex: 'projectName', title: '项目名称', ellipsis: true },
  { key: 'visitType', dataIndex: 'visitType', title: '服务类型', width: 110 },
  {
    key: 'status',
    dataIndex: 'status',
    title: '任务状态',
    width: 100,
    render: (value: number) => <StatusTag dictionary={TASK_STATUS} value={value} />,
  },
  {
    key: 'auditStatus',
    dataIndex: 'auditStatus',
    title: '审核状态',
    width: 100,
    render: (value: number) => <StatusTag dictionary={TASK_AUDIT_STATUS} value={value} />,
  },
  {
    key: 'actTime',
    dataIndex: 'actTime',
    title: '提交时间',
    width: 170,
    render: (value: number | null) => plainCell(chinaTime(value)),
  },
];

/**
 * The person's tasks; 详情 opens the task in place of the list (返回 to it), where 服务人员 opens a
 * person's view through `onPerson`; 阅读记录 the task's reading records.
 */
export function PersonTaskRecords({ userId, onPerson }: { userId: number; onPerson(userId: number): void }) {
  const [reading, setReading] = useState<number | null>(null);
  const [task, setTask] = useState<number | null>(null);
  if (task !== null)
    return (
      <TaskDetailBody
        taskId={task}
        actions={<BackButton onBack={() => setTask(null)} />}
        notFound={<TaskMissing extra={<BackButton onBack={() => setTask(null)} />} />}
        onPerson={onPerson}
      />
    );
  return (
    <>
      <ListPage<TaskListRecord, Record<string, never>>
        queryKey={personTasksKey(userId)}
        fetchPage={(request) => fetchPersonTasks(userId, request.pageNo, request.pageSize)}
        rowKey="id"
        columns={TASK_COLUMNS}
        listType={2}
        defaultPageSize={PAGE_SIZE.personLists}
        actionColumn={{
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 160,
          render: (_value, row) => (
            <>
              <Button type="link" size="small" onClick={() => setTask(row.id)}>
                详情
              </Button>
              <Button type="link" size="small" onClick={() => setReading(row.id)}>
                阅读记录
              </Button>
            </>
          ),
        }}
      />
      {reading !== null && <ReadingRecordsDialog taskId={reading} userId={userId} onClose={() => setReading(null)} />}
    </>
  );
}

const VOUCHER_COLUMNS: ColumnsType<TaxVoucherRecord> = [
  { key: 'taxPeriod', dataIndex: 'taxPeriod', title: '税款所属期', width: 120 },
  { key: 'enterpriseName', dataIndex: 'enterpriseName', title: '企业名称', ellipsis: true },
  {
    key: 'paidTaxAmount',
    dataIndex: 'paidTaxAmount',
    title: '已缴税额(元)',
    width: 140,
    render: (value: string) => <span className="money">{yuan(value)}</span>,
  },
  {
    key: 'updateTime',
    dataIndex: 'updateTime',
    title: '上传时间',
    width: 170,
    render: (value: number) => plainCell(chinaTime(value)),
  },
];

export function PersonTaxVoucherRecords({ userId }: { userId: number }) {
  const [shown, setShown] = useState<TaxVoucherRecord | null>(null);
  return (
    <>
      <ListPage<TaxVoucherRecord, Record<string, never>>
        queryKey={['tax-vouchers', 'person', userId]}
        fetchPage={(request) => fetchTaxVouchers({ userId, pageNo: request.pageNo, pageSize: request.pageSize })}
        rowKey="id"
        columns={VOUCHER_COLUMNS}
        listType={2}
        defaultPageSize={PAGE_SIZE.taxVoucherList}
        actionColumn={{
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 200,
          render: (_value, row) => (
            <span className="list-actions">
              <Button type="link" size="small" onClick={() => setShown(row)}>
                完税凭证
              </Button>
              <TaxListDownloadButton voucher={row} />
            </span>
          ),
        }}
      />
      <TaxVoucherImagesDialog
        title="完税凭证"
        voucher={shown}
        files={shown?.voucherImages ?? []}
        onClose={() => setShown(null)}
      />
    </>
  );
}
