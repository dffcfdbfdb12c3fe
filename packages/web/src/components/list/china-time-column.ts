import { formatChinaDateTime } from '@fieldpay/domain';
import type { ColumnType } from 'antd/es/table';

/** A column of epoch milliseconds shown as China time (`yyyy-MM-dd HH:mm:ss`), 170 wide; - for a time not reached yet. */
export const chinaTimeColumn = <Row extends object>(key: keyof Row & string, title: string): ColumnType<Row> => ({
  key,
  dataIndex: key,
  title,
  width: 170,
  render: (value: number | null) => (value === null || value === undefined ? '-' : formatChinaDateTime(value)),
});
