/**
 * 平台列表 (platform operator, decision 0013): the tenants with their operating company and contact,
 * search by name and status, add, edit, disable and enable. A disabled tenant's accounts cannot
 * sign in and its sessions end at once.
 */
import { ClusterOutlined, PlusOutlined } from '@ant-design/icons';
import {
  TENANT_FIELD_MAX_LENGTH,
  TENANT_MSG,
  TENANT_STATUS,
  type TenantAdminRecord,
  tenantFormSchema,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { useAccess } from '../../app/use-access';
import { FormDialog } from '../../components/FormDialog';
import { StatusToggleButton, useConfirmedAction } from '../../components/list/ConfirmedAction';
import { chinaTimeColumn } from '../../components/list/china-time-column';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { zodRule } from '../../components/zod-rule';
import { addTenant, editTenant, fetchTenantsForAdmin, setTenantStatus, TENANT_ADMIN_LIST_KEY } from './tenant-calls';

interface TenantFormValues {
  name: string;
  company: string;
  contracts?: string;
}

/** 新增平台 / 编辑平台: the same three fields, checked by the server's own rules. */
export function TenantDialog({
  editing,
  open,
  onClose,
  onSaved,
}: {
  /** the tenant being edited; null adds one */
  editing: TenantAdminRecord | null;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const [form] = Form.useForm<TenantFormValues>();
  const fields = tenantFormSchema.shape;

  const submit = async (values: TenantFormValues) => {
    const input = { name: values.name, company: values.company, contracts: values.contracts ?? '' };
    if (editing) await editTenant({ ...input, id: editing.id });
    else await addTenant(input);
    notifier().success(editing ? '保存成功' : TENANT_MSG.added);
    onSaved();
  };

  return (
    <FormDialog
      open={open}
      title={editing ? '编辑平台' : '新增平台'}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={
        editing ? { name: editing.name, company: editing.company, contracts: editing.contracts } : undefined
      }
    >
      <Form.Item name="name" label="平台名称" required rules={[zodRule(fields.name)]}>
        <Input placeholder="请输入平台名称" maxLength={TENANT_FIELD_MAX_LENGTH.name} showCount />
      </Form.Item>
      <Form.Item name="company" label="运营公司" required rules={[zodRule(fields.company)]}>
        <Input placeholder="请输入运营公司" maxLength={TENANT_FIELD_MAX_LENGTH.company} showCount />
      </Form.Item>
      <Form.Item name="contracts" label="联系人" rules={[zodRule(fields.contracts)]} extra="联系人姓名与电话">
        <Input placeholder="请输入联系人" maxLength={TENANT_FIELD_MAX_LENGTH.contracts} showCount />
      </Form.Item>
    </FormDialog>
  );
}

export default function TenantListPage() {
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const [dialog, setDialog] = useState<{ editing: TenantAdminRecord | null } | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: TENANT_ADMIN_LIST_KEY });

  const act = useConfirmedAction(refresh);
  const toggle = (row: TenantAdminRecord) => {
    const disabling = row.status === 1;
    return act(
      disabling ? TENANT_MSG.confirmDisable(row.name) : TENANT_MSG.confirmEnable(row.name),
      () => setTenantStatus({ id: row.id, status: disabling ? 0 : 1 }),
      disabling ? TENANT_MSG.disabled : TENANT_MSG.enabled,
    );
  };

  const columns: ColumnsType<TenantAdminRecord> = [
    { key: 'id', dataIndex: 'id', title: '平台编号', width: 90 },
    { key: 'name', dataIndex: 'name', title: '平台名称', width: 200, ellipsis: true },
    { key: 'company', dataIndex: 'company', title: '运营公司', width: 220, ellipsis: true },
    { key: 'contracts', dataIndex: 'contracts', title: '联系人', width: 170, ellipsis: true, render: plainCell },
    {
      key: 'status',
      dataIndex: 'status',
      title: '状态',
      width: 90,
      render: (value: number) => <StatusTag dictionary={TENANT_STATUS} value={value} />,
    },
    chinaTimeColumn('createTime', '创建时间'),
  ];

  return (
    <>
      <Card
        className="page-card"
        title={
          <span>
            <ClusterOutlined /> 平台列表
          </span>
        }
      >
        <ListPage<TenantAdminRecord, { name?: string; status?: number }>
          queryKey={TENANT_ADMIN_LIST_KEY}
          fetchPage={(request) =>
            fetchTenantsForAdmin({
              pageNo: request.pageNo,
              pageSize: request.pageSize,
              name: request.name,
              status: request.status,
            })
          }
          rowKey="id"
          columns={columns}
          searchFields={
            <>
              <Form.Item name="name" label="平台名称">
                <Input allowClear placeholder="请输入平台名称" maxLength={TENANT_FIELD_MAX_LENGTH.name} />
              </Form.Item>
              <Form.Item name="status" label="状态">
                <Select
                  allowClear
                  placeholder="请选择"
                  style={{ width: 140 }}
                  options={[
                    { value: 1, label: TENANT_STATUS[1].label },
                    { value: 0, label: TENANT_STATUS[0].label },
                  ]}
                />
              </Form.Item>
            </>
          }
          toolbar={
            can('sysTenant:list:edit') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>
                新增平台
              </Button>
            ) : undefined
          }
          actionColumn={{
            title: '操作',
            key: 'actions',
            width: 120,
            fixed: 'right',
            render: (_: unknown, row: TenantAdminRecord) => (
              <Space size={0}>
                {can('sysTenant:list:edit') && (
                  <Button type="link" size="small" onClick={() => setDialog({ editing: row })}>
                    编辑
                  </Button>
                )}
                {can('sysTenant:list:disable') && (
                  <StatusToggleButton enabled={row.status === 1} onToggle={() => void toggle(row)} />
                )}
              </Space>
            ),
          }}
        />
      </Card>
      <TenantDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={refresh}
      />
    </>
  );
}
