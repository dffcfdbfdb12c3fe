/**
 * 编辑开票信息 (spec 3 §2 "Invoice info edit dialog", §5 "Enterprise invoice info edit"): the header
 * (the enterprise's name) and the tax number are read-only; 公司注册地址, 公司电话, 开户银行 and 银行账号
 * are checked with the server's own rules. The account takes digits only: at most 30, and the keys
 * e . + - that a number input would let through are refused. Once saved, who saved it last and when
 * show with 修改记录 (every earlier save).
 */
import {
  companyPhoneSchema,
  INPUT_MAX_LENGTH,
  INVOICE_MSG,
  type InvoiceInfo,
  invoiceInfoBodySchema,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Result, Spin } from 'antd';
import type { KeyboardEvent } from 'react';
import { useEffect, useState } from 'react';
import { notifier } from '../../app/notify';
import { FormDialog } from '../../components/FormDialog';
import { zodRule } from '../../components/zod-rule';
import { chinaTime } from '../settlements/settlement-format';
import { fetchInvoiceInfo, INVOICE_KEY, invoiceInfoKey, saveInvoiceInfo } from './invoice-calls';
import { InvoiceInfoRecordsDialog } from './InvoiceInfoRecordsDialog';

interface InfoForm {
  companyAddress: string;
  companyPhone: string;
  bankDeposit: string;
  bankAccount: string;
}

const field = invoiceInfoBodySchema.shape;
const BLOCKED_ACCOUNT_KEYS = new Set(['e', 'E', '.', '+', '-']);
const blockAccountKeys = (event: KeyboardEvent<HTMLInputElement>) => {
  if (BLOCKED_ACCOUNT_KEYS.has(event.key)) event.preventDefault();
};
/** A pasted account keeps its digits only. */
const digitsOnly = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

const formValuesOf = (info: InvoiceInfo): InfoForm => ({
  companyAddress: info.companyAddress,
  companyPhone: info.companyPhone,
  bankDeposit: info.bankDeposit,
  bankAccount: info.bankAccount,
});

export interface InvoiceInfoDialogProps {
  open: boolean;
  /** the enterprise on the platform side; the enterprise side edits its own */
  companyId?: number;
  onClose(): void;
}

export function InvoiceInfoDialog({ open, companyId, onClose }: InvoiceInfoDialogProps) {
  const [form] = Form.useForm<InfoForm>();
  const [recordsOpen, setRecordsOpen] = useState(false);
  const queryClient = useQueryClient();
  const info = useQuery({
    queryKey: invoiceInfoKey(companyId),
    queryFn: () => fetchInvoiceInfo(companyId),
    enabled: open,
  });
  const loaded = info.data;
  // the fields mount once the info is there; fill them then (and again when it reloads)
  useEffect(() => {
    if (open && loaded) form.setFieldsValue(formValuesOf(loaded));
  }, [open, loaded, form]);

  const submit = async (values: InfoForm) => {
    if (!loaded) return false;
    const message = await saveInvoiceInfo({
      ...(companyId === undefined ? {} : { companyId }),
      companyAddress: values.companyAddress.trim(),
      companyPhone: values.companyPhone.trim(),
      bankDeposit: values.bankDeposit.trim(),
      bankAccount: values.bankAccount.trim(),
    });
    notifier().success(message || INVOICE_MSG.infoSaved);
    await queryClient.invalidateQueries({ queryKey: INVOICE_KEY });
  };

  return (
    <FormDialog<InfoForm> open={open} title="编辑开票信息" form={form} onSubmit={submit} onClose={onClose}>
      <InvoiceInfoRecordsDialog open={recordsOpen} companyId={companyId} onClose={() => setRecordsOpen(false)} />
      {loaded ? (
        <>
          {loaded.createTime !== null && (
            <Form.Item label="最近修改">
              <span className="invoice-info-last">
                {loaded.createName} {chinaTime(loaded.createTime)}
              </span>
              <Button type="link" size="small" onClick={() => setRecordsOpen(true)}>
                修改记录
              </Button>
            </Form.Item>
          )}
          <Form.Item label="发票抬头">
            <Input value={loaded.companyName} disabled />
          </Form.Item>
          <Form.Item label="税号">
            <Input value={loaded.taxNumber} disabled />
          </Form.Item>
          <Form.Item name="companyAddress" label="公司注册地址" required rules={[zodRule(field.companyAddress)]}>
            <Input placeholder="请输入公司注册地址" maxLength={INPUT_MAX_LENGTH.companyAddress} />
          </Form.Item>
          <Form.Item name="companyPhone" label="公司电话" required rules={[zodRule(companyPhoneSchema)]}>
            <Input placeholder="请输入公司电话" maxLength={INPUT_MAX_LENGTH.companyPhone} />
          </Form.Item>
          <Form.Item name="bankDeposit" label="开户银行" required rules={[zodRule(field.bankDeposit)]}>
            <Input placeholder="请输入开户银行" maxLength={INPUT_MAX_LENGTH.bankDeposit} />
          </Form.Item>
          <Form.Item
            name="bankAccount"
            label="银行账号"
            required
            normalize={digitsOnly}
            rules={[zodRule(field.bankAccount)]}
          >
            <Input
              placeholder="请输入银行账号"
              inputMode="numeric"
              maxLength={INPUT_MAX_LENGTH.bankAccountInput}
              onKeyDown={blockAccountKeys}
            />
          </Form.Item>
        </>
      ) : info.isError ? (
        // the request layer has shown why
        <Result status="warning" title="开票信息加载失败" />
      ) : (
        <Spin className="page-spin" />
      )}
    </FormDialog>
  );
}
