/**
 * 员工账号 (decision 0013): platform-side accounts, the operator's of every tenant, tenant staff's of
 * their own. Add (one-time password shown once), edit name and roles, disable and enable, reset the
 * password, force a logout. Buttons follow the session's codes; the server checks every rule again.
 */
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import {
  formatChinaDateTime,
  STAFF_FIELD_MAX_LENGTH,
  STAFF_LIMITS,
  STAFF_MSG,
  STAFF_STATUS_DISABLED,
  STAFF_STATUS_ENABLED,
  type StaffRecord,
  staffAddOperation,
  staffRealnameSchema,
  staffUsernameSchema,
  USER_STATUS,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { useConfirm } from '../../components/ConfirmProvider';
import { ListPage } from '../../components/list/ListPage';
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

/** The one-time password, shown once with a copy button. */
export function OneTimePasswordDialog({ password, onClose }: { password: string | null; onClose(): void }) {
  return (
    <Modal
      open={password !== null}
      title="一次性密码"
      okText="我已记下"
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
    >
      <Alert type="warning" showIcon message={STAFF_MSG.oneTimePasswordNote} style={{ marginBottom: 16 }} />
      <Typography.Paragraph copyable={{ text: password ?? '' }} className="one-time-password">
        <Typography.Text code strong style={{ fontSize: 18 }}>
          {password}
        </Typography.Text>
      </Typography.Paragraph>
    </Modal>
  );
}

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
  const [saving, setSaving] = useState(false);
  const isOperator = useSession((state) => state.userInfo?.userIdentity === 1);
  const chosenTenant = Form.useWatch('tenantId', form);
  const tenantId = editing ? editing.tenantId : chosenTenant;
  const roleOptions = useQuery({
    queryKey: ['role', 'options', tenantId ?? null],
    queryFn: () => fetchRoleOptions(tenantId),
    enabled: open,
  });

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
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
      onClose();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑账号' : '新增账号'}
      width={520}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
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
        {editing ? (
          <Form.Item label="登录账号">
            <Input value={editing.username} disabled />
          </Form.Item>
        ) : (
          <Form.Item
            name="username"
            label="登录账号"
            required
            rules={[zodRule(staffUsernameSchema)]}
            extra="11位手机号，作为登录账号"
          >
            <Input placeholder="请输入手机号" maxLength={11} />
          </Form.Item>
        )}
        <Form.Item name="realname" label="姓名" required rules={[zodRule(staffRealnameSchema)]}>
          <Input placeholder="请输入姓名" maxLength={STAFF_FIELD_MAX_LENGTH.realname} />
        </Form.Item>
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
      </Form>
    </Modal>
  );
}

export default function StaffListPage() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { can } = useAccess();
  const isOperator = useSession((state) => state.userInfo?.userIdentity === 1);
  const selfName = useSession((state) => state.userInfo?.username);
  const [dialog, setDialog] = useState<{ editing: StaffRecord | null } | null>(null);
  const [password, setPassword] = useState<string | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY });

  const act = async (content: string, work: () => Promise<unknown>, done: string) => {
    if (!(await confirm({ content }))) return;
    try {
      const answer = await work();
      notifier().success(done);
      if (answer && typeof answer === 'object' && 'password' in answer) setPassword(String(answer.password));
      refresh();
    } catch {
      // the request layer has shown the server's message
    }
  };

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
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: '创建时间',
      width: 170,
      render: (value: number) => formatChinaDateTime(value),
    },
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
            <>
              <Form.Item name="keyword" label="账号/姓名">
                <Input allowClear placeholder="请输入登录账号或姓名" maxLength={STAFF_FIELD_MAX_LENGTH.keyword} />
              </Form.Item>
              {isOperator && (
                <Form.Item name="tenantId" label="所属平台">
                  <RemoteSelect kind="tenant" placeholder="全部平台" style={{ width: 200 }} />
                </Form.Item>
              )}
              <Form.Item name="status" label="状态">
                <Select
                  allowClear
                  placeholder="请选择"
                  style={{ width: 120 }}
                  options={[
                    { value: STAFF_STATUS_ENABLED, label: USER_STATUS[1].label },
                    { value: STAFF_STATUS_DISABLED, label: USER_STATUS[2].label },
                  ]}
                />
              </Form.Item>
            </>
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
            render: (_: unknown, row: StaffRecord) => {
              const self = row.username === selfName;
              const enabled = row.status === STAFF_STATUS_ENABLED;
              return (
                <Space size={0} wrap>
                  {can('sysUser:list:edit') && (
                    <Button type="link" size="small" onClick={() => setDialog({ editing: row })}>
                      编辑
                    </Button>
                  )}
                  {can('sysUser:list:disable') && !self && (
                    <Button
                      type="link"
                      size="small"
                      danger={enabled}
                      onClick={() =>
                        void act(
                          enabled ? STAFF_MSG.confirmDisable(row.realname) : STAFF_MSG.confirmEnable(row.realname),
                          () =>
                            setStaffStatus({
                              id: row.id,
                              status: enabled ? STAFF_STATUS_DISABLED : STAFF_STATUS_ENABLED,
                            }),
                          enabled ? '已禁用' : '已启用',
                        )
                      }
                    >
                      {enabled ? '禁用' : '启用'}
                    </Button>
                  )}
                  {can('sysUser:list:resetPassword') && !self && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        void act(
                          STAFF_MSG.confirmReset(row.realname),
                          () => resetStaffPassword(row.id),
                          STAFF_MSG.passwordReset,
                        )
                      }
                    >
                      重置密码
                    </Button>
                  )}
                  {can('sysUser:list:logout') && !self && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        void act(
                          STAFF_MSG.confirmLogout(row.realname),
                          () => forceLogoutStaff(row.id),
                          STAFF_MSG.loggedOut,
                        )
                      }
                    >
                      强制下线
                    </Button>
                  )}
                </Space>
              );
            },
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
