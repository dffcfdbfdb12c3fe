/** Calls of the saved column layouts behind ListPage and its 字段设置 dialog (spec 2 §7). */
import {
  COLUMN_LAYOUT_TYPE,
  type ColumnLayoutItem,
  type ColumnLayoutResult,
  columnLayoutGetOperation,
  columnLayoutSaveOperation,
} from '@fieldpay/domain';
import { call } from '../../app/api-client';

/** The user's layout of a list; silent: a failure leaves the defaults in place. */
export async function fetchColumnLayout(serviceName: string): Promise<ColumnLayoutResult> {
  return call(columnLayoutGetOperation, { serviceName }, { silent: true });
}

export async function saveColumnLayout(serviceName: string, columns: ColumnLayoutItem[]): Promise<ColumnLayoutResult> {
  return call(columnLayoutSaveOperation, {
    serviceName,
    contentJson: JSON.stringify(columns),
    type: COLUMN_LAYOUT_TYPE,
  });
}
