/**
 * Columns the tables that list settlements elsewhere share (an invoice's and a tax voucher's
 * 关联结算单): the number, which opens the settlement for whoever may see settlements, and amounts in
 * yuan.
 */
import { Button } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useAccess } from '../../app/use-access';
import { yuan } from './settlement-format';
import { settlementDetailPath } from './settlement-paths';

/** 结算单号: a link to the settlement's detail, or the number alone without settlement:list:view. */
export function useSettlementSnColumn<T extends { id: number; settlementSn: string }>(width: number): ColumnType<T> {
  const navigate = useNavigate();
  const canOpen = useAccess().can('settlement:list:view');
  return {
    key: 'settlementSn',
    dataIndex: 'settlementSn',
    title: '结算单号',
    width,
    render: (sn: string, row) =>
      canOpen ? (
        <Button type="link" className="list-link-cell" onClick={() => navigate(settlementDetailPath(row.id))}>
          {sn}
        </Button>
      ) : (
        sn
      ),
  };
}

/** An amount in yuan text, shown with the yen sign and thousands separators. */
export const moneyColumn = <T,>(key: keyof T & string, title: string, width: number): ColumnType<T> => ({
  key,
  dataIndex: key,
  title,
  width,
  render: (amount: string) => <span className="money">{yuan(amount)}</span>,
});
