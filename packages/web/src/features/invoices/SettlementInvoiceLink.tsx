/**
 * 关联发票 of a settlement's detail: the invoice the settlement is on (its numbers once issued, its
 * recipient status) with 查看发票 opening the invoice's detail; 暂无相关发票信息 when there is none.
 */
import { INVOICE_RECIPIENT_STATUS, MSG } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { StatusTag } from '../../components/list/StatusTag';
import { fetchSettlementInvoice, settlementInvoiceKey } from './invoice-calls';
import { invoiceDetailPath } from './invoice-paths';

export function SettlementInvoiceLink({ settlementId }: { settlementId: number }) {
  const navigate = useNavigate();
  const found = useQuery({
    queryKey: settlementInvoiceKey(settlementId),
    queryFn: () => fetchSettlementInvoice(settlementId),
  });
  const invoice = found.data?.invoice;
  if (!invoice)
    return found.isPending ? (
      <Typography.Text type="secondary">加载中…</Typography.Text>
    ) : (
      <Typography.Text type="secondary">{MSG.noInvoiceInfo}</Typography.Text>
    );
  return (
    <Space size={8} wrap>
      <span>{invoice.invoiceNum || invoice.invoiceSn}</span>
      <StatusTag dictionary={INVOICE_RECIPIENT_STATUS} value={invoice.invoiceRecipientStatus} />
      <Button type="link" size="small" className="inline-link" onClick={() => navigate(invoiceDetailPath(invoice.id))}>
        查看发票
      </Button>
    </Space>
  );
}
