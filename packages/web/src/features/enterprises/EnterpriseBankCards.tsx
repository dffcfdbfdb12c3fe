/**
 * 结算账户 of 企业信息 (spec 3 §2, §3 "Enterprise bank account", §4, §6; decision 0037): the enterprise's
 * bank cards, masked until the desensitized view. The platform's own staff with 企业结算信息修改 (and the
 * enterprise itself on 账户信息 with 本企业结算银行卡维护, decision 0043) add
 * (while a card-based bank system exists and fewer than 20 cards are held), edit (in the desensitized
 * view: 请先脱敏之后再进行编辑) and delete (after 确认删除该银行卡？) them.
 */
import {
  BANK_CARD_MSG,
  type BankSystem,
  canAddBankCard,
  type EnterpriseBankCard,
  type EnterpriseInfo,
  formatChinaDateTime,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { BankCardDialog } from './BankCardDialog';
import { bankCardsKey, deleteBankCard, fetchBankCards, fetchBankSystems } from './enterprise-calls';
import { useEnterpriseEdit, useEnterpriseUnmaskToken } from './use-enterprise-edit';

const NO_SYSTEMS: BankSystem[] = [];

export function EnterpriseBankCards({ info }: { info: EnterpriseInfo }) {
  const owner = { enterpriseId: info.id, tenantId: info.tenantId };
  const token = useEnterpriseUnmaskToken();
  const edit = useEnterpriseEdit(info, 'bankCards');
  const queryClient = useQueryClient();
  const cards = useQuery({ queryKey: bankCardsKey(owner, token), queryFn: () => fetchBankCards(owner, token) });
  const systems = useQuery({
    queryKey: ['enterprise', 'bankSystems', owner.enterpriseId, owner.tenantId],
    queryFn: () => fetchBankSystems(owner),
    enabled: edit.canEdit,
  });
  const bankSystems = systems.data ?? NO_SYSTEMS;
  const records = cards.data?.records ?? [];
  // null: closed; undefined: a new card
  const [editing, setEditing] = useState<EnterpriseBankCard | undefined | null>(null);
  const run = useConfirmedAction(() => void queryClient.invalidateQueries({ queryKey: ['enterprise', 'bankCards'] }));

  const columns: ColumnsType<EnterpriseBankCard> = [
    {
      key: 'bankDeposit',
      title: '开户银行 / 银行地址',
      width: 270,
      render: (_, card) => (
        <>
          <div>{card.bankDeposit}</div>
          <div className="enterprise-muted enterprise-bank-address">{card.bankDepositAddress}</div>
        </>
      ),
    },
    { key: 'bankUserName', dataIndex: 'bankUserName', title: '开户名称', width: 190 },
    { key: 'bankAccount', dataIndex: 'bankAccount', title: '银行账号', width: 200 },
    { key: 'bankReservedPhone', dataIndex: 'bankReservedPhone', title: '预留手机号', width: 110 },
    {
      key: 'platformList',
      title: '银行系统',
      width: 130,
      render: (_, card) => card.platformList.map((system) => system.platformName).join('、'),
    },
    {
      key: 'createTime',
      title: '添加时间',
      width: 110,
      render: (_, card) => formatChinaDateTime(card.createTime).slice(0, 10),
    },
  ];
  if (edit.canEdit) {
    columns.push({
      key: 'actions',
      title: '操作',
      width: 110,
      fixed: 'right',
      render: (_, card) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={edit.unlessMasked(() => setEditing(card))}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              void run(
                BANK_CARD_MSG.deleteConfirm,
                () => deleteBankCard(owner, card.id, edit.own),
                BANK_CARD_MSG.deleted,
              )
            }
          >
            删除
          </Button>
        </Space>
      ),
    });
  }

  return (
    <>
      <div className="enterprise-subtitle enterprise-subtitle-bar">
        <span>结算账户</span>
        {edit.canEdit && cards.data && canAddBankCard(records.length, bankSystems.length) && (
          <Button type="link" size="small" onClick={() => setEditing(undefined)}>
            新增银行卡
          </Button>
        )}
      </div>
      <Table<EnterpriseBankCard>
        className="enterprise-bank-cards"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={records}
        loading={cards.isLoading}
        pagination={false}
        scroll={{ x: 1120 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
      />
      {editing !== null && (
        <BankCardDialog
          owner={owner}
          own={edit.own}
          systems={bankSystems}
          card={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
