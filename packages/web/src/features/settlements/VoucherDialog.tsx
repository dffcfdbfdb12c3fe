/**
 * The settlement voucher dialog (spec 2 §2.2, §7): a payment-amount summary sheet (type 1) or a
 * per-person payment detail sheet (type 3), downloaded as a PDF. Opened from a row whose voucher
 * action shows (bank CMB, audit 2, pay status 1 or 2: settlementRowActions), or from a person's
 * line in the records (then type 3 is that person's sheet).
 */
import { DIALOG_WIDTH, SETTLEMENT_VOUCHER_TYPES, type SettlementVoucherType } from '@fieldpay/domain';
import { Button, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { downloadVoucher } from './settlement-documents-calls';

export interface VoucherDialogProps {
  open: boolean;
  /** the settlement whose voucher is asked for */
  settlement: { id: number; settlementSn: string } | null;
  /** a person's line of the records: type 3 is then that person's sheet */
  line?: { id: number; userName: string };
  onClose(): void;
}

const TYPES = [1, 3] as const satisfies readonly SettlementVoucherType[];

export function VoucherDialog({ open, settlement, line, onClose }: VoucherDialogProps) {
  const [type, setType] = useState<SettlementVoucherType>(line ? 3 : 1);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setType(line ? 3 : 1);
  }, [open, line]);

  const download = async () => {
    if (!settlement) return;
    setBusy(true);
    try {
      const who = type === 3 && line ? `_${line.userName}` : '';
      await downloadVoucher({
        id: settlement.id,
        type,
        lineId: type === 3 ? line?.id : undefined,
        name: `${SETTLEMENT_VOUCHER_TYPES[type]}_${settlement.settlementSn}${who}`,
      });
      onClose();
    } catch {
      // the request layer showed the server's message as a warning
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="结算凭证"
      width={DIALOG_WIDTH.small}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} disabled={!settlement} onClick={() => void download()}>
            下载
          </Button>
        </Space>
      }
    >
      {settlement && (
        <Space orientation="vertical" size="middle">
          <Typography.Text>结算单号：{settlement.settlementSn}</Typography.Text>
          <Radio.Group value={type} onChange={(event) => setType(event.target.value as SettlementVoucherType)}>
            <Space orientation="vertical">
              {TYPES.map((code) => (
                <Radio key={code} value={code}>
                  {SETTLEMENT_VOUCHER_TYPES[code]}
                  {code === 3 && line ? `（${line.userName}）` : ''}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Space>
      )}
    </Modal>
  );
}
