/**
 * 阅读记录 of a person's task (spec 3 §2 "Natural-person detail", §3 "Reading record", §8, §9): the
 * materials opened on it with the reading time (HH:mm:ss, 00:00:00 when none), 10 a page; the pager
 * shows only when there are more; a refused load has shown the server's message.
 */
import { DIALOG_WIDTH, MSG, PAGE_SIZE, type TaskReadingRecord } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { durationColumn, timeColumn } from '../tasks/TaskRecordsDialog';
import { fetchReadingRecords } from './person-calls';

const COLUMNS: ColumnsType<TaskReadingRecord> = [
  { key: 'title', dataIndex: 'title', title: '标题', ellipsis: true },
  timeColumn('openTime', '打开时间'),
  durationColumn('阅读时长'),
];

export function ReadingRecordsDialog({ taskId, userId, onClose }: { taskId: number; userId: number; onClose(): void }) {
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['persons', 'readingRecords', taskId, userId, pageNo],
    queryFn: () => fetchReadingRecords(taskId, userId, pageNo),
  });
  const total = query.data?.total ?? 0;
  return (
    <Modal
      title="阅读记录"
      open
      width={DIALOG_WIDTH.list}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      <Table<TaskReadingRecord>
        size="small"
        rowKey="id"
        loading={query.isFetching}
        columns={COLUMNS}
        dataSource={query.data?.records ?? []}
        pagination={
          total > PAGE_SIZE.listDialog
            ? { current: pageNo, pageSize: PAGE_SIZE.listDialog, total, showSizeChanger: false, onChange: setPageNo }
            : false
        }
        locale={{ emptyText: MSG.emptyList }}
      />
    </Modal>
  );
}
