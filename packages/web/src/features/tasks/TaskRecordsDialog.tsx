/**
 * The list dialog of the task detail (spec 1 §2, 730 wide): the material openings (name, products,
 * opened time, duration) or, for a phone visit, the call records (type, number, time, duration),
 * 10 a page; the pager shows only when there are more.
 */
import {
  DIALOG_WIDTH,
  formatChinaDateTime,
  formatSeconds,
  MSG,
  type Page,
  PAGE_SIZE,
  TASK_CALL_TYPES,
  type TaskCallRecord,
  type TaskMaterialRecord,
} from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { useState } from 'react';
import { fetchCallRecords, fetchMaterialRecords } from './task-calls';

export type TaskRecordsKind = 'material' | 'call';

/** A time column of a record list (China time). */
export const timeColumn = <T,>(key: keyof T & string, title: string): ColumnType<T> => ({
  key,
  dataIndex: key,
  title,
  width: 170,
  render: (value: number) => formatChinaDateTime(value),
});

/** A duration column of a record list: seconds as HH:mm:ss. */
export const durationColumn = <T,>(title: string): ColumnType<T> => ({
  key: 'duration',
  dataIndex: 'duration',
  title,
  width: 100,
  render: (value: number) => formatSeconds(value),
});

const MATERIAL_COLUMNS: ColumnsType<TaskMaterialRecord> = [
  { key: 'materialName', dataIndex: 'materialName', title: '资料名称', ellipsis: true },
  { key: 'productNames', dataIndex: 'productNames', title: '产品', width: 150, ellipsis: true },
  timeColumn('openTime', '打开时间'),
  durationColumn('阅读时长'),
];

const CALL_COLUMNS: ColumnsType<TaskCallRecord> = [
  {
    key: 'callType',
    dataIndex: 'callType',
    title: '通话类型',
    width: 100,
    render: (value: number) => TASK_CALL_TYPES[value as keyof typeof TASK_CALL_TYPES] ?? '-',
  },
  { key: 'phoneNumber', dataIndex: 'phoneNumber', title: '号码' },
  timeColumn('callTime', '通话时间'),
  durationColumn('通话时长'),
];

export const TASK_RECORDS_TITLE: Record<TaskRecordsKind, string> = { material: '资料打开记录', call: '通话记录' };

export function TaskRecordsDialog({
  taskId,
  kind,
  open,
  onClose,
}: {
  taskId: number;
  kind: TaskRecordsKind;
  open: boolean;
  onClose(): void;
}) {
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['task', 'records', kind, taskId, pageNo],
    queryFn: (): Promise<Page<TaskCallRecord | TaskMaterialRecord>> =>
      kind === 'call' ? fetchCallRecords(taskId, pageNo) : fetchMaterialRecords(taskId, pageNo),
    enabled: open,
  });
  const total = query.data?.total ?? 0;
  const pagination =
    total > PAGE_SIZE.listDialog
      ? { current: pageNo, pageSize: PAGE_SIZE.listDialog, total, showSizeChanger: false, onChange: setPageNo }
      : false;
  return (
    <Modal
      title={TASK_RECORDS_TITLE[kind]}
      open={open}
      width={DIALOG_WIDTH.list}
      onCancel={onClose}
      afterClose={() => setPageNo(1)}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      {kind === 'call' ? (
        <Table<TaskCallRecord>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          columns={CALL_COLUMNS}
          dataSource={(query.data?.records as TaskCallRecord[] | undefined) ?? []}
          pagination={pagination}
          locale={{ emptyText: MSG.emptyList }}
        />
      ) : (
        <Table<TaskMaterialRecord>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          columns={MATERIAL_COLUMNS}
          dataSource={(query.data?.records as TaskMaterialRecord[] | undefined) ?? []}
          pagination={pagination}
          locale={{ emptyText: MSG.emptyList }}
        />
      )}
    </Modal>
  );
}
