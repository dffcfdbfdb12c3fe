/**
 * 客户审核 (spec 3 §1 "Review customers"; decision 0030): the platform's customers, searched by name,
 * type, audit and certificate status, terminal and creation time, newest first (sortable by creation
 * time). 查看 opens the verification dialog in view mode ('2'); 审核 opens it in review mode ('1') and
 * shows only when a review is due (auditStatus 0, or a hospital with auditStatus 1 and authStatus 2:
 * customerReviewKind) and the session holds cusVerify:list:adopt or cusVerify:list:reject. A saved
 * review reloads the list.
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import {
  CUSTOMER_AUDIT_STATUS,
  CUSTOMER_AUTH_STATUS,
  CUSTOMER_TYPES,
  type CustomerListFilters,
  type CustomerListRecord,
  customerReviewKind,
  INPUT_MAX_LENGTH,
  sexLabel,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useIsPlatformOperator } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { DateRangePicker, rangeToTimes } from '../../components/list/DateRangePicker';
import { chinaTimeColumn } from '../../components/list/china-time-column';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { CUSTOMER_LIST_KEY, fetchCustomers } from './customer-calls';
import { Certified, CustomerVerificationDialog, type CustomerViewStatus } from './CustomerVerificationDialog';
import './customers.css';

const optionsOf = (labels: Record<string | number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

const statusOptions = (dictionary: typeof CUSTOMER_AUDIT_STATUS | typeof CUSTOMER_AUTH_STATUS) =>
  Object.entries(dictionary).map(([value, info]) => ({ value: Number(value), label: info.label }));

const textColumn = (key: keyof CustomerListRecord & string, title: string, width: number) => ({
  key,
  dataIndex: key,
  title,
  width,
  ellipsis: true,
  render: plainCell,
});

export default function CustomerVerifyListPage() {
  const access = useAccess();
  const queryClient = useQueryClient();
  const isOperator = useIsPlatformOperator();
  const canView = access.can('cusVerify:list:view');
  const canReview = access.can('cusVerify:list:adopt') || access.can('cusVerify:list:reject');
  const [dialog, setDialog] = useState<{ id: number; viewStatus: CustomerViewStatus } | null>(null);

  const columns = useMemo<ColumnsType<CustomerListRecord>>(
    () => [
      {
        key: 'cusName',
        dataIndex: 'cusName',
        title: '客户名称',
        width: 170,
        render: (_value, row) => (
          <Space size={6}>
            <span className="customer-name">{row.cusName}</span>
            {row.authStatus === 1 ? <Certified /> : null}
          </Space>
        ),
      },
      textColumn('cusTypeName', '客户类型', 90),
      { key: 'sex', dataIndex: 'sex', title: '性别', width: 70, render: (value: number | null) => sexLabel(value) },
      textColumn('orgName', '终端名称', 220),
      textColumn('department_dic', '科室', 110),
      textColumn('title', '职称', 110),
      textColumn('posit', '职务', 140),
      textColumn('createByString', '创建人', 100),
      ...(isOperator ? [textColumn('tenantName', '所属平台', 160)] : []),
      {
        key: 'auditStatus',
        dataIndex: 'auditStatus',
        title: '审核状态',
        width: 100,
        render: (value: number) => <StatusTag dictionary={CUSTOMER_AUDIT_STATUS} value={value} />,
      },
      {
        key: 'authStatus',
        dataIndex: 'authStatus',
        title: '认证状态',
        width: 110,
        render: (value: number) => <StatusTag dictionary={CUSTOMER_AUTH_STATUS} value={value} />,
      },
      { ...chinaTimeColumn<CustomerListRecord>('createTime', '创建时间'), sorter: true },
    ],
    [isOperator],
  );

  return (
    <Card
      className="page-card"
      title={
        <span>
          <SafetyCertificateOutlined /> 客户审核
        </span>
      }
    >
      <ListPage<CustomerListRecord, CustomerListFilters>
        queryKey={CUSTOMER_LIST_KEY}
        fetchPage={({ orderField, ...request }) =>
          // creation time is the one sortable column
          fetchCustomers({ ...request, ...(orderField === 'createTime' ? { orderField } : {}) })
        }
        rowKey="id"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="cusName" label="客户名称">
              <Input allowClear placeholder="请输入客户名称" maxLength={INPUT_MAX_LENGTH.lookup} />
            </Form.Item>
            <Form.Item name="cusType" label="客户类型">
              <Select allowClear placeholder="全部类型" options={optionsOf(CUSTOMER_TYPES)} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="auditStatus" label="审核状态">
              <Select
                allowClear
                placeholder="全部状态"
                options={statusOptions(CUSTOMER_AUDIT_STATUS)}
                style={{ width: 120 }}
              />
            </Form.Item>
            <Form.Item name="authStatus" label="认证状态">
              <Select
                allowClear
                placeholder="全部状态"
                options={statusOptions(CUSTOMER_AUTH_STATUS)}
                style={{ width: 130 }}
              />
            </Form.Item>
            <Form.Item name="orgName" label="终端名称">
              <Input allowClear placeholder="请输入终端名称" maxLength={INPUT_MAX_LENGTH.searchName} />
            </Form.Item>
            <Form.Item name="createTime" label="创建时间">
              <DateRangePicker />
            </Form.Item>
          </>
        }
        toFilters={({ createTime, ...rest }) => ({
          cusName: rest.cusName as string | undefined,
          cusType: rest.cusType as CustomerListFilters['cusType'],
          auditStatus: rest.auditStatus as number | undefined,
          authStatus: rest.authStatus as number | undefined,
          orgName: rest.orgName as string | undefined,
          ...rangeToTimes(createTime as Parameters<typeof rangeToTimes>[0]),
        })}
        actionColumn={{
          title: '操作',
          key: 'actions',
          width: 120,
          render: (_value, row) => (
            <span className="list-actions">
              {canView && (
                <Button type="link" size="small" onClick={() => setDialog({ id: row.id, viewStatus: '2' })}>
                  查看
                </Button>
              )}
              {canView && canReview && customerReviewKind(row) !== null && (
                <Button type="link" size="small" onClick={() => setDialog({ id: row.id, viewStatus: '1' })}>
                  审核
                </Button>
              )}
            </span>
          ),
        }}
      />
      <CustomerVerificationDialog
        customerId={dialog?.id ?? null}
        open={dialog !== null}
        viewStatus={dialog?.viewStatus ?? '2'}
        onClose={() => setDialog(null)}
        onReviewed={() => void queryClient.invalidateQueries({ queryKey: CUSTOMER_LIST_KEY })}
      />
    </Card>
  );
}
