/**
 * 企业账户 (spec 3 §1, §2 "Enterprise detail", §4 "Enterprise status"; decision 0042): the platform's
 * enterprises — searched by name, number, platform (the operator) and status — each opening its
 * 企业信息, disabled or enabled after 确认禁用/确认启用 and its name; 新增企业 registers one with its
 * administrator and shows the login to hand over (登录信息, 复制信息).
 */
import { BankOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ENTERPRISE_ACCOUNT_MSG,
  ENTERPRISE_INFO_MSG,
  ENTERPRISE_STATUS,
  type EnterpriseAccountRecord,
  type EnterpriseStatus,
  enterpriseAddInputSchema,
  enterpriseStatusToggle,
  INPUT_MAX_LENGTH,
  MEMBER_MSG,
  DIALOG_WIDTH,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifier } from '../../app/notify';
import { useIsPlatformOperator, useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { type LoginInfo, LoginInfoDialog } from '../../components/account/LoginInfoDialog';
import { FormDialog } from '../../components/FormDialog';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { ListPage } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { RemoteSelect } from '../../components/RemoteSelect';
import { searchText } from '../../components/text';
import { zodRule } from '../../components/zod-rule';
import { chinaTime } from '../settlements/settlement-format';
import {
  addEnterpriseAccount,
  ENTERPRISE_ACCOUNTS_KEY,
  enterpriseInfoPath,
  fetchEnterpriseAccounts,
  setEnterpriseStatus,
} from './enterprise-calls';

type AddValues = Record<
  'tenantId' | 'enterpriseName' | 'taxNumber' | 'address' | 'contactPhone' | 'contactEmail' | 'username' | 'realname',
  string
>;

const field = (name: keyof typeof enterpriseAddInputSchema.shape) => zodRule(enterpriseAddInputSchema.shape[name]);
const STATUS_OPTIONS = Object.entries(ENTERPRISE_STATUS).map(([value, info]) => ({
  value: Number(value),
  label: info.label,
}));

function EnterpriseAddDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose(): void;
  onAdded(login: LoginInfo | null): void;
}) {
  const [form] = Form.useForm<AddValues>();
  const isOperator = useIsPlatformOperator();
  const tenantId = useSession((state) => state.userInfo?.tenant.id);
  const submit = async (values: AddValues) => {
    const answer = await addEnterpriseAccount({ ...values, tenantId: Number(isOperator ? values.tenantId : tenantId) });
    notifier().success(
      answer.password === null ? `${ENTERPRISE_ACCOUNT_MSG.added}，${MEMBER_MSG.joined}` : ENTERPRISE_ACCOUNT_MSG.added,
    );
    onAdded(
      answer.password === null
        ? null
        : { enterpriseName: values.enterpriseName.trim(), account: answer.account, password: answer.password },
    );
  };
  return (
    <FormDialog
      open={open}
      title="新增企业"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={DIALOG_WIDTH.enterpriseSmall}
    >
      {isOperator && (
        <Form.Item name="tenantId" label="所属平台" rules={[{ required: true, message: '请选择所属平台' }]}>
          <RemoteSelect kind="tenant" placeholder="请选择所属平台" />
        </Form.Item>
      )}
      <Form.Item name="enterpriseName" label="企业名称" required rules={[field('enterpriseName')]}>
        <Input placeholder="请输入企业名称" maxLength={INPUT_MAX_LENGTH.enterpriseName} />
      </Form.Item>
      <Form.Item name="taxNumber" label="统一社会信用代码" required rules={[field('taxNumber')]}>
        <Input placeholder="请输入统一社会信用代码" maxLength={18} />
      </Form.Item>
      <Form.Item name="address" label="企业注册地址" required rules={[field('address')]}>
        <Input placeholder="请输入企业注册地址" maxLength={100} />
      </Form.Item>
      <Form.Item name="contactPhone" label="联系电话" required rules={[field('contactPhone')]}>
        <Input placeholder="请输入联系电话" maxLength={INPUT_MAX_LENGTH.contactPhone} />
      </Form.Item>
      <Form.Item name="contactEmail" label="联系邮箱" required rules={[field('contactEmail')]}>
        <Input placeholder="请输入联系邮箱" maxLength={INPUT_MAX_LENGTH.contactEmail} />
      </Form.Item>
      <Form.Item
        name="username"
        label="管理员账号"
        required
        rules={[field('username')]}
        extra="11位手机号，作为企业管理员的登录账号；已有企业端账号的手机号沿用原密码"
      >
        <Input placeholder="请输入手机号" maxLength={INPUT_MAX_LENGTH.phone} />
      </Form.Item>
      <Form.Item name="realname" label="管理员姓名" required rules={[field('realname')]}>
        <Input placeholder="请输入姓名" maxLength={20} />
      </Form.Item>
    </FormDialog>
  );
}

export default function EnterpriseAccountListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const isOperator = useIsPlatformOperator();
  const [adding, setAdding] = useState(false);
  const [login, setLogin] = useState<LoginInfo | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ENTERPRISE_ACCOUNTS_KEY });
  const run = useConfirmedAction(refresh);

  const columns: ColumnsType<EnterpriseAccountRecord> = [
    { title: '企业编号', dataIndex: 'enterpriseSn', width: 120 },
    {
      title: '企业名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (value: string, row) =>
        can('enterpriseAccountManage:info:view') ? (
          <Button type="link" size="small" onClick={() => navigate(enterpriseInfoPath(row.id, row.tenantId))}>
            {value}
          </Button>
        ) : (
          value
        ),
    },
    ...(isOperator ? [{ title: '所属平台', dataIndex: 'tenantName', width: 160, ellipsis: true }] : []),
    { title: '统一社会信用代码', dataIndex: 'taxNumber', width: 190 },
    { title: '联系电话', dataIndex: 'contactPhone', width: 130 },
    { title: '履约中协议', dataIndex: 'agreements', width: 100 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (value: number) => <StatusTag dictionary={ENTERPRISE_STATUS} value={value} />,
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, render: (value: number) => chinaTime(value) },
  ];

  return (
    <Card
      className="page-card"
      title={
        <span>
          <BankOutlined /> 企业账户
        </span>
      }
    >
      <ListPage<EnterpriseAccountRecord, { name?: string; enterpriseSn?: string; tenantId?: number; status?: number }>
        queryKey={ENTERPRISE_ACCOUNTS_KEY}
        fetchPage={(request) => fetchEnterpriseAccounts(request)}
        rowKey="id"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="name" label="企业名称">
              <Input allowClear placeholder="请输入企业名称" maxLength={INPUT_MAX_LENGTH.enterpriseName} />
            </Form.Item>
            <Form.Item name="enterpriseSn" label="企业编号">
              <Input allowClear placeholder="请输入企业编号" maxLength={32} />
            </Form.Item>
            {isOperator && (
              <Form.Item name="tenantId" label="所属平台">
                <RemoteSelect kind="tenant" placeholder="全部平台" style={{ width: 200 }} />
              </Form.Item>
            )}
            <Form.Item name="status" label="状态">
              <Select allowClear placeholder="全部状态" options={STATUS_OPTIONS} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        toFilters={({ name, enterpriseSn, tenantId, status }) => ({
          name: searchText(name),
          enterpriseSn: searchText(enterpriseSn),
          tenantId: tenantId as number | undefined,
          status: status as number | undefined,
        })}
        toolbar={
          can('enterpriseAccountManage:list:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              新增企业
            </Button>
          ) : undefined
        }
        actionColumn={{
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 140,
          render: (_value, row) => {
            const toggle = enterpriseStatusToggle(row.status as EnterpriseStatus, row.name);
            return (
              <span className="list-actions">
                {can('enterpriseAccountManage:info:view') && (
                  <Button type="link" size="small" onClick={() => navigate(enterpriseInfoPath(row.id, row.tenantId))}>
                    查看
                  </Button>
                )}
                {can('enterpriseAccountManage:list:disable') && (
                  <Button
                    type="link"
                    size="small"
                    danger={toggle.next === 2}
                    onClick={() =>
                      void run(
                        toggle.confirmText,
                        () => setEnterpriseStatus(row, toggle.next),
                        toggle.next === 2 ? ENTERPRISE_INFO_MSG.disabled : ENTERPRISE_INFO_MSG.enabled,
                      )
                    }
                  >
                    {toggle.next === 2 ? '禁用' : '启用'}
                  </Button>
                )}
              </span>
            );
          },
        }}
      />
      <EnterpriseAddDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(created) => {
          setAdding(false);
          refresh();
          if (created) setLogin(created);
        }}
      />
      <LoginInfoDialog info={login} onClose={() => setLogin(null)} />
    </Card>
  );
}
