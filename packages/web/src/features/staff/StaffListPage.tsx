/**
 * 员工账号 (decision 0013): platform-side accounts, the operator's of every tenant, tenant staff's of
 * their own. Add (one-time password shown once), edit name and roles, disable and enable, reset the
 * password, force a logout. Buttons follow the session's codes; the server checks every rule again.
 */
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { STAFF_LIMITS, STAFF_MSG, type StaffRecord, staffAddOperation, USER_STATUS } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { useIsPlatformOperator, useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { FormDialog } from '../../components/FormDialog';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { AccountActions, AccountIdentityFields, AccountSearchFields } from '../../components/account/AccountParts';
import { chinaTimeColumn } from '../../components/list/china-time-column';
import { ListPage } from '../../components/list/ListPage';
import { OneTimePasswordDialog } from '../../components/OneTimePasswordDialog';
import { StatusTag } from '../../components/list/StatusTag';
import { RemoteSelect } from '../../components/RemoteSelect';
import { zodRule } from '../../components/zod-rule';
import {
  addStaff,
  editStaff,
  fetchRoleOptions,
  fetchStaff,
  forceLogoutStaff,
  resetStaffPassword,
  STAFF_LIST_KEY,
  setStaffStatus,
} from './staff-calls';

interface StaffFormValues {
  tenantId?: number;
  username: string;
  realname: string;
  roleIds: number[];
}

const rolesRule = zodRule(staffAddOperation.input.shape.roleIds);

export function StaffDialog({
  editing,
  open,
  onClose,
  onSaved,
}: {
  editing: StaffRecord | null;
  open: boolean;
  onClose(): void;
  /** a new account's one-time password, or null after an edit */
  onSaved(password: string | null): void;
}) {
  const [form] = Form.useForm<StaffFormValues>();
  const isOperator = useIsPlatformOperator();
  const chosenTenant = Form.useWatch('tenantId', form);
  const tenantId = editing ? editing.tenantId : chosenTenant;
  const roleOptions = useQuery({
    queryKey: ['role', 'options', tenantId ?? null],
    queryFn: () => fetchRoleOptions(tenantId),
    enabled: open,
  });

  const submit = async (values: StaffFormValues) => {
    if (editing) {
      await editStaff({ id: editing.id, realname: values.realname, roleIds: values.roleIds });
      notifier().success('保存成功');
      onSaved(null);
    } else {
      const answer = await addStaff({
        tenantId: values.tenantId,
        username: values.username,
        realname: values.realname,
        roleIds: values.roleIds,
      });
      notifier().success(STAFF_MSG.added);
      onSaved(answer.password);
    }
  };

  return (
    <FormDialog
      open={open}
      title={editing ? '编辑账号' : '新增账号'}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={
        editing ? { realname: editing.realname, roleIds: editing.roles.map((role) => role.id) } : { roleIds: [] }
      }
    >
      {!editing && isOperator && (
        <Form.Item name="tenantId" label="所属平台" extra="不选择时为平台运营方的账号">
          <RemoteSelect
            kind="tenant"
            placeholder="请选择平台"
            filters={{ status: 1 }}
            onChange={() => form.setFieldValue('roleIds', [])}
          />
        </Form.Item>
      )}
      <AccountIdentityFields username={editing?.username} usernameExtra="11位手机号，作为登录账号" />
      <Form.Item name="roleIds" label="角色" required rules={[rolesRule]}>
        <Select
          mode="multiple"
          placeholder="请选择角色"
          maxCount={STAFF_LIMITS.rolesPerUser}
          loading={roleOptions.isFetching}
          notFoundContent="暂无数据"
          options={(roleOptions.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
    </FormDialog>
  );
}

export default function StaffListPage() {
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const isOperator = useIsPlatformOperator();
  const selfName = useSession((state) => state.userInfo?.username);
  const [dialog, setDialog] = useState<{ editing: StaffRecord | null } | null>(null);
  const [password, setPassword] = useState<string | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY });

  const act = useConfirmedAction(refresh);

  const columns: ColumnsType<StaffRecord> = [
    { key: 'username', dataIndex: 'username', title: '登录账号', width: 140 },
    { key: 'realname', dataIndex: 'realname', title: '姓名', width: 120, ellipsis: true },
    ...(isOperator
      ? [
          {
            key: 'tenantName',
            dataIndex: 'tenantName',
            title: '所属平台',
            width: 180,
            ellipsis: true,
            render: (value: string, row: StaffRecord) => (row.tenantId === 0 ? '平台运营方' : value),
          },
        ]
      : []),
    {
      key: 'roles',
      dataIndex: 'roles',
      title: '角色',
      width: 220,
      render: (_: unknown, row: StaffRecord) => (
        <Space size={[4, 4]} wrap>
          {row.roles.map((role) => (
            <Tag key={role.id}>{role.name}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: '状态',
      width: 90,
      render: (value: number) => <StatusTag dictionary={USER_STATUS} value={value} />,
    },
    chinaTimeColumn('createTime', '创建时间'),
  ];

  return (
    <>
      <Card
        className="page-card"
        title={
          <span>
            <UserOutlined /> 员工账号
          </span>
        }
      >
        <ListPage<StaffRecord, { keyword?: string; status?: number; tenantId?: number }>
          queryKey={STAFF_LIST_KEY}
          fetchPage={(request) =>
            fetchStaff({
              pageNo: request.pageNo,
              pageSize: request.pageSize,
              keyword: request.keyword,
              status: request.status,
              tenantId: request.tenantId,
            })
          }
          rowKey="id"
          columns={columns}
          searchFields={
            <AccountSearchFields>
              {isOperator && (
                <Form.Item name="tenantId" label="所属平台">
                  <RemoteSelect kind="tenant" placeholder="全部平台" style={{ width: 200 }} />
                </Form.Item>
              )}
            </AccountSearchFields>
          }
          toolbar={
            can('sysUser:list:edit') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>
                新增账号
              </Button>
            ) : undefined
          }
          actionColumn={{
            title: '操作',
            key: 'actions',
            width: 260,
            fixed: 'right',
            render: (_: unknown, row: StaffRecord) => (
              <AccountActions
                account={row}
                self={row.username === selfName}
                allowed={{
                  edit: can('sysUser:list:edit'),
                  disable: can('sysUser:list:disable'),
                  resetPassword: can('sysUser:list:resetPassword'),
                  logout: can('sysUser:list:logout'),
                }}
                act={act}
                onEdit={() => setDialog({ editing: row })}
                setStatus={(status) => setStaffStatus({ id: row.id, status })}
                resetPassword={() => resetStaffPassword(row.id)}
                forceLogout={() => forceLogoutStaff(row.id)}
                onPassword={setPassword}
              />
            ),
          }}
        />
      </Card>
      <StaffDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={(oneTime) => {
          refresh();
          if (oneTime) setPassword(oneTime);
        }}
      />
      <OneTimePasswordDialog password={password} onClose={() => setPassword(null)} />
    </>
  );
}
