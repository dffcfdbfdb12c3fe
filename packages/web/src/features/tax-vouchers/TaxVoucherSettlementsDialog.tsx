/**
 * 关联结算单 of a tax voucher: the enterprise's settlements whose payouts of the tax period had taxes
 * withheld, ten a page; a settlement number opens its detail for whoever may see settlements.
 */
import { DIALOG_WIDTH, MSG, PAGE_SIZE, type TaxVoucherRecord, type TaxVoucherSettlement } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Table } from 'antd';
import { useState } from 'react';
import { moneyColumn, useSettlementSnColumn } from '../settlements/settlement-columns';
import { chinaTime } from '../settlements/settlement-format';
import { fetchTaxVoucherSettlements, taxVoucherSettlementsKey } from './tax-voucher-calls';

function Settlements({ voucher }: { voucher: TaxVoucherRecord }) {
  const settlementSn = useSettlementSnColumn<TaxVoucherSettlement>(190);
  const [pageNo, setPageNo] = useState(1);
  const pageSize = PAGE_SIZE.listDialog;
  const page = useQuery({
    queryKey: taxVoucherSettlementsKey(voucher.id, pageNo),
    queryFn: () => fetchTaxVoucherSettlements(voucher.id, pageNo, pageSize),
  });
  const total = page.data?.total ?? 0;
  return (
    <Table<TaxVoucherSettlement>
      rowKey="id"
      size="middle"
      loading={page.isFetching}
      dataSource={page.data?.records ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyList} /> }}
      pagination={
        total > pageSize ? { current: pageNo, pageSize, total, onChange: setPageNo, showSizeChanger: false } : false
      }
      scroll={{ x: 900 }}
      columns={[
        settlementSn,
        { key: 'projectName', dataIndex: 'projectName', title: '项目名称', ellipsis: true },
        { key: 'visitTypeValue', dataIndex: 'visitTypeValue', title: '服务类型', width: 110 },
        moneyColumn('amount', '结算金额(元)', 130),
        moneyColumn('taxAmount', '代扣税额(元)', 120),
        { key: 'personNum', dataIndex: 'personNum', title: '发放人数', width: 90 },
        {
          key: 'payTime',
          dataIndex: 'payTime',
          title: '发放时间',
          width: 170,
          render: (time: number) => chinaTime(time),
        },
      ]}
    />
  );
}

export function TaxVoucherSettlementsDialog({
  voucher,
  onClose,
}: {
  voucher: TaxVoucherRecord | null;
  onClose(): void;
}) {
  return (
    <Modal
      open={voucher !== null}
      title={voucher ? `关联结算单（${voucher.enterpriseName} ${voucher.taxPeriod}）` : '关联结算单'}
      width={DIALOG_WIDTH.enterpriseLarge}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      {voucher && <Settlements voucher={voucher} />}
    </Modal>
  );
}
