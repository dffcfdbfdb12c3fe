/**
 * The personal settlement list (spec 2 §2.4): a person's paid lines across the settlements the viewer
 * may see, opened from the person's name in a settlement's records. 详情 opens that settlement;
 * 结算凭证 the person's sheet of a paid line.
 */
import { DIALOG_WIDTH, type OperationAnswer, type personSettlementPageOperation } from '@fieldpay/domain';
import { Button, Modal } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { useOneAtATime } from '../../app/use-one-at-a-time';
import { fetchPersonSettlements, personSettlementsKey } from './settlement-calls';
import { downloadAttachmentZip } from './settlement-documents-calls';
import { chinaTime, yuan } from './settlement-format';
import { settlementDetailPath } from './settlement-paths';
import { VoucherDialog } from './VoucherDialog';

type SubSettlement = OperationAnswer<typeof personSettlementPageOperation>['records'][number];

const columns: ColumnsType<SubSettlement> = [
  { key: 'subSettlementSn', dataIndex: 'subSettlementSn', title: '子结算单号', width: 190 },
  { key: 'enterpriseName', dataIndex: 'enterpriseName', title: '企业名称', width: 170, ellipsis: true },
  { key: 'projectName', dataIndex: 'projectName', title: '项目名称', width: 160, ellipsis: true },
  { key: 'visitTypeValue', dataIndex: 'visitTypeValue', title: '服务类型', width: 100 },
  {
    key: 'amount',
    dataIndex: 'amount',
    title: '结算金额(元)',
    width: 110,
    render: (value: string) => <span className="money">{yuan(value)}</span>,
  },
  {
    key: 'payTime',
    dataIndex: 'payTime',
    title: '平台结算时间',
    width: 170,
    render: (value: number | null) => plainCell(chinaTime(value)),
  },
];

/**
 * A person's paid settlement lines, 10 a page, 详情 opening the settlement, 结算凭证 the person's
 * sheet and 导出附件 the line's zip (one download at a time); `onLeave` runs before 详情 navigates
 * (a dialog closes).
 */
export function PersonSettlementList({
  person,
  onLeave,
}: {
  person: { userId: number; userName: string };
  onLeave?(): void;
}) {
  const navigate = useNavigate();
  const [voucher, setVoucher] = useState<SubSettlement | null>(null);
  const download = useOneAtATime();
  return (
    <>
      <ListPage<SubSettlement, Record<string, never>>
        queryKey={personSettlementsKey(person.userId)}
        fetchPage={(request) => fetchPersonSettlements(person.userId, request.pageNo, request.pageSize)}
        rowKey="id"
        columns={columns}
        listType={2}
        defaultPageSize={10}
        actionColumn={{
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 190,
          render: (_value, row) => (
            <span className="list-actions">
              <Button
                type="link"
                size="small"
                onClick={() => {
                  onLeave?.();
                  navigate(settlementDetailPath(row.settlementId));
                }}
              >
                详情
              </Button>
              {row.payStatus === 1 && (
                <Button type="link" size="small" onClick={() => setVoucher(row)}>
                  结算凭证
                </Button>
              )}
              <Button
                type="link"
                size="small"
                loading={download.busy === `zip-${row.id}`}
                onClick={() => void download.run(`zip-${row.id}`, () => downloadAttachmentZip({ subOrderId: row.id }))}
              >
                导出附件
              </Button>
            </span>
          ),
        }}
      />
      <VoucherDialog
        open={voucher !== null}
        settlement={voucher ? { id: voucher.settlementId, settlementSn: voucher.subSettlementSn } : null}
        line={voucher ? { id: voucher.id, userName: person.userName } : undefined}
        onClose={() => setVoucher(null)}
      />
    </>
  );
}

export function PersonSettlementsDialog({
  person,
  onClose,
}: {
  person: { userId: number; userName: string } | null;
  onClose(): void;
}) {
  return (
    <Modal
      open={person !== null}
      title={person ? `个人结算列表 - ${person.userName}` : '个人结算列表'}
      width={DIALOG_WIDTH.settlementProcess + 120}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {person && <PersonSettlementList person={person} onLeave={onClose} />}
    </Modal>
  );
}
