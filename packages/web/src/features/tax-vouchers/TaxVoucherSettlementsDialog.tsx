/**
 * 关联结算单 of a tax voucher: the enterprise's settlements whose payouts of the tax period had taxes
 * withheld, ten a page; a settlement number opens its detail for whoever may see settlements.
 */
import { DIALOG_WIDTH, PAGE_SIZE, type TaxVoucherRecord, type TaxVoucherSettlement } from '@fieldpay/domain';
import { Button, Modal } from 'antd';
import { PagedTable } from '../../components/list/PagedTable';
import { moneyColumn, useSettlementSnColumn } from '../settlements/settlement-columns';
import { chinaTime } from '../settlements/settlement-format';
import { fetchTaxVoucherSettlements, taxVoucherSettlementsKey } from './tax-voucher-calls';

function Settlements({ voucher }: { voucher: TaxVoucherRecord }) {
  const settlementSn = useSettlementSnColumn<TaxVoucherSettlement>(190);
  return (
    <PagedTable<TaxVoucherSettlement>
      queryKey={taxVoucherSettlementsKey(voucher.id)}
      fetchPage={(pageNo, pageSize) => fetchTaxVoucherSettlements(voucher.id, pageNo, pageSize)}
      pageSize={PAGE_SIZE.listDialog}
      scrollX={900}
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
