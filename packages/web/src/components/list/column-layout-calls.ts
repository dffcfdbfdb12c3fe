/** Calls of the saved column layouts behind ListPage and its 字段设置 dialog (spec 2 §7). */
import { COLUMN_LAYOUT_TYPE, type ColumnLayoutItem, type ColumnLayoutResult } from '@fieldpay/domain';
import { http } from '../../app/api-client';

/** The user's layout of a list; silent: a failure leaves the defaults in place. */
export async function fetchColumnLayout(serviceName: string): Promise<ColumnLayoutResult> {
  const answer = await http.get<ColumnLayoutResult>('/api/sys2/column/get', { serviceName }, { silent: true });
  return answer.result;
}

export async function saveColumnLayout(serviceName: string, columns: ColumnLayoutItem[]): Promise<ColumnLayoutResult> {
  const answer = await http.post<ColumnLayoutResult>('/api/sys2/column/save', {
    serviceName,
    contentJson: JSON.stringify(columns),
    type: COLUMN_LAYOUT_TYPE,
  });
  return answer.result;
}
