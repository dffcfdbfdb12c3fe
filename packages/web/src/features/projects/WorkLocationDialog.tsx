/**
 * 工作地点 (spec 3 §2 "other dialogs"): the terminals a service type of a project picked, with
 * their type, review status and address as the terminals keep them now, 10 a page. With `onPick`
 * each row offers 选择 (the task publish page takes its place from it); without, it only shows.
 */
import {
  CUSTOMER_AUDIT_STATUS,
  DIALOG_WIDTH,
  MSG,
  PAGE_SIZE,
  showsPagination,
  type WorkLocationRecord,
} from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { StatusTag } from '../../components/list/StatusTag';
import { fetchWorkLocations, workLocationsKey } from './project-calls';

export const regionText = (location: Pick<WorkLocationRecord, 'province' | 'city' | 'area'>) =>
  [location.province, location.city, location.area].filter(Boolean).join(' / ') || '-';

const COLUMNS: ColumnsType<WorkLocationRecord> = [
  { key: 'orgName', dataIndex: 'orgName', title: '终端名称', ellipsis: true },
  { key: 'orgTypeName', dataIndex: 'orgTypeName', title: '终端类型', width: 90 },
  {
    key: 'auditStatus',
    dataIndex: 'auditStatus',
    title: '审核状态',
    width: 100,
    render: (value: number) => <StatusTag dictionary={CUSTOMER_AUDIT_STATUS} value={value} />,
  },
  { key: 'region', title: '所在地区', width: 190, ellipsis: true, render: (_, row) => regionText(row) },
  {
    key: 'address',
    dataIndex: 'address',
    title: '详细地址',
    ellipsis: true,
    render: (value: string) => value || '-',
  },
];

export function WorkLocationDialog({
  projectId,
  serviceTypeId,
  open,
  onClose,
  onPick,
}: {
  projectId: number;
  serviceTypeId: number;
  open: boolean;
  onClose(): void;
  onPick?(location: WorkLocationRecord): void;
}) {
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: workLocationsKey(projectId, serviceTypeId, pageNo),
    queryFn: () => fetchWorkLocations(projectId, serviceTypeId, pageNo),
    enabled: open,
  });
  const total = query.data?.total ?? 0;
  const columns: ColumnsType<WorkLocationRecord> = onPick
    ? [
        ...COLUMNS,
        {
          key: 'action',
          title: '操作',
          width: 70,
          render: (_, row) => (
            <Button type="link" size="small" onClick={() => onPick(row)}>
              选择
            </Button>
          ),
        },
      ]
    : COLUMNS;
  return (
    <Modal
      title="工作地点"
      open={open}
      width={DIALOG_WIDTH.workLocations}
      onCancel={onClose}
      afterClose={() => setPageNo(1)}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      <Table<WorkLocationRecord>
        size="small"
        rowKey="id"
        className="work-location-table"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.records ?? []}
        pagination={
          showsPagination(total, PAGE_SIZE.workLocations)
            ? { current: pageNo, pageSize: PAGE_SIZE.workLocations, total, showSizeChanger: false, onChange: setPageNo }
            : false
        }
        locale={{ emptyText: MSG.emptyList }}
      />
    </Modal>
  );
}
