/**
 * The actions an invoice offers by side and status (spec 2 §4 "Other"; spec 3 §4 "Invoice"), shared
 * by the list's rows and the detail: the platform (the sender) 状态更新 while 待发送 and 编辑状态信息
 * while sent and not yet received; the enterprise (the recipient) 查收 while 待查收.
 */
import {
  INVOICE_MSG,
  INVOICE_RECIPIENT_ACTION_LABELS,
  INVOICE_SENDER_ACTION_LABELS,
  INVOICE_STATE,
  type InvoiceRecord,
  MSG,
  type PermissionCode,
  type Side,
} from '@fieldpay/domain';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { confirmInvoiceReceipt } from './invoice-calls';

export type InvoiceAction = 'update' | 'editStatus' | 'receive';

export const INVOICE_ACTION_LABELS: Record<InvoiceAction, string> = {
  update: INVOICE_SENDER_ACTION_LABELS[1],
  editStatus: INVOICE_SENDER_ACTION_LABELS[2],
  receive: INVOICE_RECIPIENT_ACTION_LABELS[1],
};

type InvoiceState = Pick<InvoiceRecord, 'invoiceSendStatus' | 'invoiceRecipientStatus'>;

export function invoiceActions(
  invoice: InvoiceState,
  side: Side,
  can: (code: PermissionCode) => boolean,
): InvoiceAction[] {
  const { applied, sent } = INVOICE_STATE;
  if (side === 'platform') {
    if (!can('invoice:list:update')) return [];
    if (invoice.invoiceSendStatus === applied.send) return ['update'];
    // a received invoice is final: numbers and files can no longer change
    if (invoice.invoiceSendStatus === sent.send && invoice.invoiceRecipientStatus === sent.recipient)
      return ['editStatus'];
    return [];
  }
  return can('invoice:list:receive') && invoice.invoiceRecipientStatus === sent.recipient ? ['receive'] : [];
}

/** 查收: asks 确认已收到纸质（电子）发票, then marks the invoice received and calls `onDone`. */
export function useReceiveInvoice(onDone: () => void) {
  const run = useConfirmedAction(onDone);
  return (invoiceId: number) =>
    run(MSG.confirmInvoiceReceived, () => confirmInvoiceReceipt([invoiceId]), INVOICE_MSG.received);
}
