/**
 * The invoice detail (spec 2 §2.6, §3 "Invoice", §4): 发票状态 with the actions the side and status
 * allow (状态更新 / 编辑状态信息 for the platform, 查收 for the enterprise), 发票信息, 邮寄信息 (the
 * recipient of a paper invoice, the e-mail of an electronic one), 发票文件 (images as thumbnails
 * with the preview viewer, other files to download; 无发票文件), 关联结算单 (paged; a number opens the
 * settlement's detail) and 操作记录.
 */
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import {
  fileExtension,
  IMAGE_EXTENSIONS,
  INVOICE_BIZ_TYPE,
  INVOICE_MSG,
  INVOICE_NUMBER_SEPARATOR,
  INVOICE_RECIPIENT_STATUS,
  INVOICE_SEND_STATUS,
  INVOICE_SENDING_TYPES,
  INVOICE_TYPES,
  type InvoiceDetail,
  type InvoiceFile,
  type InvoiceSettlement,
  MSG,
  PAGE_SIZE,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Image, Space, Spin, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { BackButton, DetailLoadState } from '../../components/DetailStates';
import { StatusTag } from '../../components/list/StatusTag';
import { openStoredFile } from '../../components/upload/open-file';
import { useFileUrl } from '../../components/upload/use-file-url';
import { chinaTime, yuan } from '../settlements/settlement-format';
import { INVOICE_ACTION_LABELS, type InvoiceAction, invoiceActions, useReceiveInvoice } from './invoice-actions';
import {
  exportInvoice,
  fetchInvoiceDetail,
  fetchInvoiceSettlements,
  INVOICE_KEY,
  invoiceDetailKey,
  invoiceSettlementsKey,
} from './invoice-calls';
import { InvoiceStatusDialog } from './InvoiceStatusDialog';
import './invoices.css';
import { orDash } from '../../components/text';
import { PagedTable } from '../../components/list/PagedTable';
import { moneyColumn, useSettlementSnColumn } from '../settlements/settlement-columns';

const numbersOf = (detail: InvoiceDetail, type: number) =>
  detail.bizSn
    .filter((entry) => entry.type === type)
    .map((entry) => entry.bizSn)
    .join(INVOICE_NUMBER_SEPARATOR);

const isImage = (file: InvoiceFile) =>
  (IMAGE_EXTENSIONS as readonly string[]).includes((file.fileType || fileExtension(file.name)).toLowerCase());

/** One image of the invoice: a thumbnail opening the viewer, which steps through the invoice's images. */
function InvoiceImage({ file }: { file: InvoiceFile }) {
  const { url, failed } = useFileUrl(file.address);
  return (
    <figure className="invoice-image" title={file.name}>
      {url ? (
        <Image src={url} alt={file.name} width={104} height={104} />
      ) : failed ? (
        <span className="invoice-image-invalid">{MSG.invalidFile}</span>
      ) : (
        <Spin size="small" />
      )}
      <figcaption>{file.name}</figcaption>
    </figure>
  );
}

function InvoiceFiles({ files }: { files: InvoiceFile[] }) {
  if (files.length === 0) return <Typography.Text type="secondary">{MSG.noInvoiceFiles}</Typography.Text>;
  const images = files.filter(isImage);
  const others = files.filter((file) => !isImage(file));
  return (
    <div className="invoice-files">
      {images.length > 0 && (
        <Image.PreviewGroup>
          <div className="invoice-images">
            {images.map((file) => (
              <InvoiceImage key={file.id} file={file} />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
      {others.length > 0 && (
        <ul className="invoice-documents">
          {others.map((file) => (
            <li key={file.id}>
              <PaperClipOutlined />
              <Button type="link" size="small" onClick={() => void openStoredFile(file.address, 'attachment')}>
                {file.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** 关联结算单: the invoice's statements, ten a page. */
function InvoiceSettlements({ invoiceId }: { invoiceId: number }) {
  const settlementSn = useSettlementSnColumn<InvoiceSettlement>(200);
  return (
    <PagedTable<InvoiceSettlement>
      queryKey={invoiceSettlementsKey(invoiceId)}
      fetchPage={(pageNo, pageSize) => fetchInvoiceSettlements(invoiceId, pageNo, pageSize)}
      pageSize={PAGE_SIZE.invoiceList}
      columns={[
        settlementSn,
        { key: 'projectName', dataIndex: 'projectName', title: '项目名称', ellipsis: true },
        { key: 'visitTypeValue', dataIndex: 'visitTypeValue', title: '服务类型', width: 120 },
        moneyColumn('amount', '结算金额(元)', 140),
        {
          key: 'settlementTime',
          dataIndex: 'settlementTime',
          title: '结算时间',
          width: 170,
          render: (time: number | null) => orDash(chinaTime(time)),
        },
      ]}
    />
  );
}

export function InvoiceDetailView({ invoiceId, onBack }: { invoiceId: number; onBack(): void }) {
  const side = useSession((state) => state.side);
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [statusDialog, setStatusDialog] = useState<'update' | 'edit' | null>(null);
  const detailQuery = useQuery({
    queryKey: invoiceDetailKey(invoiceId),
    queryFn: () => fetchInvoiceDetail(invoiceId),
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: INVOICE_KEY });
  const receive = useReceiveInvoice(() => void refresh());

  if (!detailQuery.isSuccess) {
    return <DetailLoadState error={detailQuery.error} notFound={INVOICE_MSG.notFound} onBack={onBack} />;
  }
  const detail = detailQuery.data;
  const paper = detail.invoiceSendingType === 1;
  const run = (action: InvoiceAction) => {
    if (action === 'receive') return void receive(detail.id);
    setStatusDialog(action === 'update' ? 'update' : 'edit');
  };
  const actions = invoiceActions(detail, side, can).map((action) => (
    <Button key={action} type="primary" onClick={() => run(action)}>
      {INVOICE_ACTION_LABELS[action]}
    </Button>
  ));

  return (
    <Space orientation="vertical" size={16} className="invoice-detail">
      <Card
        className="page-card"
        title={
          <Space>
            <BackButton onBack={onBack} />
            <span>发票详情</span>
            <Typography.Text type="secondary">{detail.invoiceSn}</Typography.Text>
          </Space>
        }
        extra={
          side === 'platform' && can('invoice:list:download') ? (
            <Button icon={<DownloadOutlined />} onClick={() => void exportInvoice(detail.id)}>
              导出发票
            </Button>
          ) : undefined
        }
      >
        <section className="invoice-block">
          <div className="invoice-block-head">
            <h3 className="invoice-block-title">发票状态</h3>
            {actions.length > 0 && <Space>{actions}</Space>}
          </div>
          <Descriptions column={3} size="small">
            <Descriptions.Item label="发送状态">
              <StatusTag dictionary={INVOICE_SEND_STATUS} value={detail.invoiceSendStatus} />
            </Descriptions.Item>
            <Descriptions.Item label="收件状态">
              <StatusTag dictionary={INVOICE_RECIPIENT_STATUS} value={detail.invoiceRecipientStatus} />
            </Descriptions.Item>
            <Descriptions.Item label="申请人">{orDash(detail.createName)}</Descriptions.Item>
            <Descriptions.Item label="申请时间">{chinaTime(detail.createTime)}</Descriptions.Item>
            <Descriptions.Item label="开票人">{orDash(detail.invoiceUserName)}</Descriptions.Item>
            <Descriptions.Item label="开票时间">{orDash(chinaTime(detail.invoiceTime))}</Descriptions.Item>
            <Descriptions.Item label="查收人">{orDash(detail.receiveUserName)}</Descriptions.Item>
            <Descriptions.Item label="查收时间">{orDash(chinaTime(detail.receiveTime))}</Descriptions.Item>
          </Descriptions>
        </section>
        <section className="invoice-block">
          <h3 className="invoice-block-title">发票信息</h3>
          <Descriptions column={3} size="small">
            <Descriptions.Item label="发票抬头">{detail.invoiceName}</Descriptions.Item>
            <Descriptions.Item label="税号">{orDash(detail.taxpayerNumber)}</Descriptions.Item>
            {side === 'platform' && <Descriptions.Item label="所属平台">{detail.tenantName}</Descriptions.Item>}
            <Descriptions.Item label="公司注册地址">{orDash(detail.enterpriseAddress)}</Descriptions.Item>
            <Descriptions.Item label="公司电话">{orDash(detail.mobile)}</Descriptions.Item>
            <Descriptions.Item label="开户银行">{orDash(detail.bankName)}</Descriptions.Item>
            <Descriptions.Item label="银行账号">{orDash(detail.bankCard)}</Descriptions.Item>
            <Descriptions.Item label="发票类型">
              {orDash(INVOICE_TYPES[detail.invoiceType as keyof typeof INVOICE_TYPES])}
            </Descriptions.Item>
            <Descriptions.Item label="开票类目">{orDash(detail.invoiceCategory)}</Descriptions.Item>
            <Descriptions.Item label="开票金额">
              <span className="money">{yuan(detail.invoicePrice)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="发票号码">
              {orDash(numbersOf(detail, INVOICE_BIZ_TYPE.invoiceNumber) || detail.invoiceNum)}
            </Descriptions.Item>
            <Descriptions.Item label="备注">{orDash(detail.remarks)}</Descriptions.Item>
          </Descriptions>
        </section>
        <section className="invoice-block">
          <h3 className="invoice-block-title">邮寄信息</h3>
          <Descriptions column={3} size="small">
            <Descriptions.Item label="寄送方式">
              {orDash(INVOICE_SENDING_TYPES[detail.invoiceSendingType as keyof typeof INVOICE_SENDING_TYPES])}
            </Descriptions.Item>
            {paper ? (
              <>
                <Descriptions.Item label="收件人">{orDash(detail.recipient)}</Descriptions.Item>
                <Descriptions.Item label="收件人电话">{orDash(detail.recipientPhone)}</Descriptions.Item>
                <Descriptions.Item label="收件地址">{orDash(detail.recipientAddress)}</Descriptions.Item>
                <Descriptions.Item label="快递号码">
                  {orDash(numbersOf(detail, INVOICE_BIZ_TYPE.expressNumber) || detail.expressNum)}
                </Descriptions.Item>
              </>
            ) : (
              <Descriptions.Item label="收件邮箱">{orDash(detail.recipientEmail)}</Descriptions.Item>
            )}
          </Descriptions>
        </section>
        <section className="invoice-block">
          <h3 className="invoice-block-title">发票文件</h3>
          <InvoiceFiles files={detail.picAddress} />
        </section>
      </Card>
      <Card className="page-card" title="关联结算单">
        <InvoiceSettlements invoiceId={detail.id} />
      </Card>
      <Card className="page-card" title="操作记录">
        {detail.records.length > 0 ? (
          <Timeline
            items={detail.records.map((record) => ({
              key: record.id,
              content: (
                <div>
                  <Typography.Text strong>{record.action}</Typography.Text>
                  <Typography.Text type="secondary" className="timeline-meta">
                    {chinaTime(record.createTime)} {record.userName}
                  </Typography.Text>
                  {record.content && <div>{record.content}</div>}
                </div>
              ),
            }))}
          />
        ) : (
          <Typography.Text type="secondary">{MSG.emptyList}</Typography.Text>
        )}
      </Card>
      <InvoiceStatusDialog
        invoiceId={statusDialog === null ? null : detail.id}
        mode={statusDialog ?? 'update'}
        onClose={() => setStatusDialog(null)}
      />
    </Space>
  );
}
