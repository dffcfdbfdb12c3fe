/**
 * 成员账号 (decision 0023): the login numbers of an enterprise. The enterprise side manages its own
 * enterprise's members (企业中心 > 账号管理); the platform side chooses an enterprise of its tenant
 * first (系统管理 > 账号权限 > 企业成员账号). Add (a new account's one-time password shown once; a
 * number that already has an enterprise account joins with its own password), edit name and role,
 * disable and enable in this enterprise, reset the password, force a logout. Buttons follow the
 * session's codes; the server checks every rule again.
 */
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { MEMBER_MSG, type MemberRecord, memberAddOperation, USER_STATUS } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { FormDialog } from '../../components/FormDialog';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { AccountActions, AccountIdentityFields, AccountSearchFields } from '../../components/account/AccountParts';
import { chinaTimeColumn } from '../../components/list/china-time-column';
import { ListPage } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { type LoginInfo, LoginInfoDialog } from '../../components/account/LoginInfoDialog';
import { RemoteSelect } from '../../components/RemoteSelect';
import { zodRule } from '../../components/zod-rule';
import {
  addMember,
  editMember,
  fetchMemberRoleOptions,
  fetchMembers,
  forceLogoutMember,
  MEMBER_LIST_KEY,
  resetMemberPassword,
  setMemberStatus,
} from './member-calls';

interface MemberFormValues {
  username: string;
  realname: string;
  roleId?: number;
}

const roleRule = zodRule(memberAddOperation.input.shape.roleId);

export function MemberDialog({
  enterpriseId,
  editing,
  open,
  onClose,
  onSaved,
}: {
  /** the platform side's chosen enterprise; undefined on the enterprise side (the session's own) */
  enterpriseId: number | undefined;
  editing: MemberRecord | null;
  open: boolean;
  onClose(): void;
  /** a new account's login (its one-time password), or null after an edit or when an existing account joined */
  onSaved(login: { account: string; password: string } | null): void;
}) {
  const [form] = Form.useForm<MemberFormValues>();
  const roleOptions = useQuery({
    queryKey: ['member', 'roleOptions', enterpriseId ?? null],
    queryFn: () => fetchMemberRoleOptions(enterpriseId),
    enabled: open,
  });

  const submit = async (values: MemberFormValues) => {
    const roleId = values.roleId ?? 0;
    if (editing) {
      await editMember({ enterpriseId, id: editing.id, realname: values.realname, roleId });
      notifier().success('保存成功');
      onSaved(null);
      return;
    }
    const answer = await addMember({ enterpriseId, username: values.username, realname: values.realname, roleId });
    notifier().success(answer.password === null ? MEMBER_MSG.joined : MEMBER_MSG.added);
    onSaved(answer.password === null ? null : { account: values.username, password: answer.password });
  };

  return (
    <FormDialog
      open={open}
      title={editing ? '编辑成员' : '新增成员'}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={editing ? { realname: editing.realname, roleId: editing.roleId } : undefined}
    >
      <AccountIdentityFields
        username={editing?.username}
        usernameExtra="11位手机号，作为登录账号；已有企业端账号的手机号将加入本企业并沿用原密码"
      />
      <Form.Item name="roleId" label="角色" required rules={[roleRule]}>
        <Select
          placeholder="请选择角色"
          loading={roleOptions.isFetching}
          notFoundContent="暂无数据"
          options={(roleOptions.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
    </FormDialog>
  );
}

export default function MemberListPage() {
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const platformSide = useSession((state) => state.side === 'platform');
  const selfName = useSession((state) => state.userInfo?.username);
  const [enterpriseId, setEnterpriseId] = useState<number | undefined>(undefined);
  const [enterpriseName, setEnterpriseName] = useState('');
  const ownEnterpriseName = useSession((state) => state.userInfo?.enterprise?.enterpriseName ?? '');
  const [dialog, setDialog] = useState<{ editing: MemberRecord | null } | null>(null);
  const [login, setLogin] = useState<LoginInfo | null>(null);
  const showLogin = (account: string, password: string) =>
    setLogin({ enterpriseName: platformSide ? enterpriseName : ownEnterpriseName, account, password });
  const chosen = !platformSide || enterpriseId !== undefined;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: MEMBER_LIST_KEY });
  const act = useConfirmedAction(refresh);

  const columns: ColumnsType<MemberRecord> = [
    { key: 'username', dataIndex: 'username', title: '登录账号', width: 120 },
    { key: 'realname', dataIndex: 'realname', title: '姓名', width: 100, ellipsis: true },
    { key: 'roleName', dataIndex: 'roleName', title: '角色', width: 110, ellipsis: true },
    {
      key: 'status',
      dataIndex: 'status',
      title: '状态',
      width: 160,
      render: (value: number, row: MemberRecord) => (
        <Space size={4}>
          <StatusTag dictionary={USER_STATUS} value={value} />
          {row.mustChangePassword && <Tag color="orange">须修改密码</Tag>}
        </Space>
      ),
    },
    {
      key: 'otherEnterprises',
      dataIndex: 'otherEnterprises',
      title: '其他企业',
      width: 80,
      render: (value: number) => (value > 0 ? `${value}家` : '-'),
    },
    chinaTimeColumn('createTime', '创建时间'),
  ];

  return (
    <>
      <Card
        className="page-card"
        title={
          <span>
            <TeamOutlined /> {platformSide ? '企业成员账号' : '成员账号'}
          </span>
        }
      >
        {platformSide && (
          <Space style={{ marginBottom: 16 }} wrap>
            <span>企业：</span>
            <RemoteSelect
              kind="enterprise"
              aria-label="选择企业"
              placeholder={MEMBER_MSG.enterpriseRequired}
              style={{ width: 280 }}
              value={enterpriseId}
              onChange={(value, record) => {
                setEnterpriseId(value === undefined ? undefined : Number(value));
                setEnterpriseName(record?.name ?? '');
              }}
            />
            {!chosen && <Alert type="info" showIcon title="请选择企业后查看其成员账号" />}
          </Space>
        )}
        <ListPage<MemberRecord, { keyword?: string; status?: number }>
          queryKey={[...MEMBER_LIST_KEY, enterpriseId ?? null]}
          fetchPage={(request) =>
            chosen
              ? fetchMembers({
                  enterpriseId,
                  pageNo: request.pageNo,
                  pageSize: request.pageSize,
                  keyword: request.keyword,
                  status: request.status,
                })
              : Promise.resolve({ records: [], total: 0 })
          }
          rowKey="id"
          columns={columns}
          searchFields={<AccountSearchFields />}
          toolbar={
            can('member:list:edit') && chosen ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>
                新增成员
              </Button>
            ) : undefined
          }
          actionColumn={{
            title: '操作',
            key: 'actions',
            width: 250,
            fixed: 'right',
            render: (_: unknown, row: MemberRecord) => {
              const target = { enterpriseId, id: row.id };
              return (
                <AccountActions
                  account={row}
                  // the enterprise side's own row: its name only (the server refuses the rest)
                  self={!platformSide && row.username === selfName}
                  allowed={{
                    edit: can('member:list:edit'),
                    disable: can('member:list:disable'),
                    resetPassword: can('member:list:resetPassword'),
                    logout: can('member:list:logout'),
                  }}
                  act={act}
                  onEdit={() => setDialog({ editing: row })}
                  setStatus={(status) => setMemberStatus({ ...target, status })}
                  resetPassword={() => resetMemberPassword(target)}
                  forceLogout={() => forceLogoutMember(target)}
                  onPassword={(password) => showLogin(row.username, password)}
                />
              );
            },
          }}
        />
      </Card>
      <MemberDialog
        enterpriseId={enterpriseId}
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={(created) => {
          refresh();
          if (created) showLogin(created.account, created.password);
        }}
      />
      <LoginInfoDialog info={login} onClose={() => setLogin(null)} />
    </>
  );
}
