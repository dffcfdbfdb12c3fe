/**
 * 付款账户 on 企业信息 (decision 0047): the enterprise's sub-accounts through which it tops up and pays,
 * and for the platform's own staff with 企业结算信息修改, 开通付款账户 on a CMB or SCP system where it
 * has none: the system and the 10-digit 下级单位编码, in the enterprise's name.
 */
import { PlusOutlined } from '@ant-design/icons';
import { DIALOG_WIDTH, type EnterpriseInfo, PAY_ACCOUNT_MSG, payAccountOpenInputSchema } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { FormDialog } from '../../components/FormDialog';
import { zodRule } from '../../components/zod-rule';
import { fetchPayAccountSystems, openPayAccount, payAccountSystemsKey } from './enterprise-calls';
import { useEnterpriseEdit } from './use-enterprise-edit';

type PayBankRow = EnterpriseInfo['payVos'][number];

const PAY_ACCOUNT_COLUMNS: ColumnsType<PayBankRow> = [
  { key: 'bankName', dataIndex: 'bankName', title: '银行', width: 200 },
  { key: 'accountName', dataIndex: 'accountName', title: '账户名称' },
  { key: 'bankAccount', dataIndex: 'bankAccount', title: '账号', width: 220 },
];

interface OpenValues {
  platformId?: number;
  accountSn: string;
}

export function EnterprisePayAccounts({ info }: { info: EnterpriseInfo }) {
  const owner = { enterpriseId: info.id, tenantId: info.tenantId };
  const { canEdit } = useEnterpriseEdit(info, 'payAccounts');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<OpenValues>();
  const systems = useQuery({
    queryKey: payAccountSystemsKey(owner),
    queryFn: () => fetchPayAccountSystems(owner),
    enabled: canEdit,
  });
  const openable = systems.data ?? [];
  return (
    <>
      <div className="enterprise-subtitle enterprise-subtitle-bar">
        <span>付款账户</span>
        {canEdit && openable.length > 0 && (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            开通付款账户
          </Button>
        )}
      </div>
      <Table<PayBankRow>
        rowKey="id"
        size="small"
        columns={PAY_ACCOUNT_COLUMNS}
        dataSource={info.payVos}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
      />
      <FormDialog<OpenValues>
        open={open}
        title="开通付款账户"
        form={form}
        width={DIALOG_WIDTH.small}
        okText="开通"
        onClose={() => setOpen(false)}
        onSubmit={async (values) => {
          const message = await openPayAccount({
            ...owner,
            platformId: values.platformId as number,
            accountSn: values.accountSn,
          });
          notifier().success(message);
          await queryClient.invalidateQueries({ queryKey: ['enterprise'] });
        }}
      >
        <Form.Item
          name="platformId"
          label="银行系统"
          rules={[{ required: true, message: PAY_ACCOUNT_MSG.systemRequired }]}
        >
          <Select
            placeholder="请选择银行系统"
            options={openable.map((system) => ({
              value: system.platformId,
              label: `${system.platformName}（${system.bankNo_dictText}）`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="accountSn"
          label="下级单位编码"
          required
          rules={[zodRule(payAccountOpenInputSchema.shape.accountSn)]}
          extra="银行记账子单元编号，10位数字；银行按它认定充值入账的企业"
        >
          <Input placeholder="请输入下级单位编码" maxLength={10} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="账户名称">
          <Input value={info.name} disabled />
        </Form.Item>
      </FormDialog>
    </>
  );
}
