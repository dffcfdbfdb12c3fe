/**
 * 发票列表 (spec 2 §2.6, §4; spec 3 §4 "Invoice"), both sides: search by invoice number and
 * application time (the range at most 365 days either side of the first pick), the columns of the
 * user's layout (invoiceList), 详情 per row and the actions the side and status allow: the platform
 * 状态更新 / 编辑状态信息, the enterprise 查收. The enterprise applies for invoices (申请开票) and keeps
 * its invoice info (开票信息). ?id= opens that invoice's detail. With `fixedProjectId` it is the
 * project summary's drill-down: the project's invoices, no toolbar, the detail opened in place.
 */
import { FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import {
  INPUT_MAX_LENGTH,
  type INVOICE_ORDER_FIELDS,
  INVOICE_RECIPIENT_STATUS,
  INVOICE_SEND_STATUS,
  INVOICE_TYPES,
  type InvoiceListQuery,
  type InvoiceRecord,
  PAGE_SIZE,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { DateRangePicker, rangeToTimes } from '../../components/list/DateRangePicker';
import { type CellRenderer, ListPage, plainCell } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { enterpriseInfoPath } from '../enterprises/enterprise-calls';
import { chinaTime, yuan } from '../settlements/settlement-format';
import { INVOICE_ACTION_LABELS, type InvoiceAction, invoiceActions, useReceiveInvoice } from './invoice-actions';
import { fetchInvoices, INVOICE_KEY, INVOICE_LIST_KEY } from './invoice-calls';
import { InvoiceApplyDialog } from './InvoiceApplyDialog';
import { InvoiceDetailView } from './InvoiceDetailView';
import { InvoiceInfoDialog } from './InvoiceInfoDialog';
import { InvoiceStatusDialog } from './InvoiceStatusDialog';
import './invoices.css';

type Filters = Omit<InvoiceListQuery, 'pageNo' | 'pageSize' | 'orderField' | 'orderSort'>;
type OrderField = (typeof INVOICE_ORDER_FIELDS)[number];

const time = (value: number | null) => plainCell(chinaTime(value));

/** The number to read from the search: a positive integer, else nothing. */
const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

type Dialog = { kind: 'apply' | 'info' } | { kind: 'status'; id: number; mode: 'update' | 'edit' } | { kind: 'none' };

export interface InvoiceListPageProps {
  /**
   * The list inside the project summary's drill-down (page type 5): the project's invoices, without
   * the enterprise's toolbar; the detail opens in place (the address's id is the project's there).
   */
  fixedProjectId?: number;
}

export default function InvoiceListPage({ fixedProjectId }: InvoiceListPageProps = {}) {
  const side = useSession((state) => state.side);
  const { can } = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const inSummary = fixedProjectId !== undefined;
  const [detailInPlace, setDetailInPlace] = useState<number>();
  const detailId = inSummary ? detailInPlace : idParam(params.get('id'));
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: INVOICE_KEY });
  const receive = useReceiveInvoice(() => void refresh());
  const enterpriseLinks = can('enterpriseAccountManage:info:view');

  const openDetail = useCallback(
    (id: number) => {
      if (inSummary) return setDetailInPlace(id);
      const next = new URLSearchParams(params);
      next.set('id', String(id));
      setParams(next);
    },
    [inSummary, params, setParams],
  );
  const closeDetail = () => {
    if (inSummary) return setDetailInPlace(undefined);
    const next = new URLSearchParams(params);
    next.delete('id');
    setParams(next);
  };

  const run = (action: InvoiceAction, row: InvoiceRecord) => {
    if (action === 'receive') return void receive(row.id);
    setDialog({ kind: 'status', id: row.id, mode: action === 'update' ? 'update' : 'edit' });
  };

  const renderers = useMemo<Partial<Record<string, CellRenderer<InvoiceRecord>>>>(
    () => ({
      // the header is the enterprise's name: it opens the enterprise's info (spec 2 §2.6)
      invoiceName: (row) =>
        enterpriseLinks ? (
          <Button
            type="link"
            className="list-link-cell"
            onClick={() => navigate(enterpriseInfoPath(row.enterpriseId, row.tenantId))}
          >
            {row.invoiceName}
          </Button>
        ) : (
          plainCell(row.invoiceName)
        ),
      invoicePrice: (row) => <span className="money">{yuan(row.invoicePrice)}</span>,
      invoiceType: (row) => plainCell(INVOICE_TYPES[row.invoiceType as keyof typeof INVOICE_TYPES]),
      invoiceRecipientStatus: (row) => (
        <StatusTag dictionary={INVOICE_RECIPIENT_STATUS} value={row.invoiceRecipientStatus} />
      ),
      invoiceSendStatus: (row) => <StatusTag dictionary={INVOICE_SEND_STATUS} value={row.invoiceSendStatus} />,
      createTime: (row) => time(row.createTime),
      invoiceTime: (row) => time(row.invoiceTime),
    }),
    [enterpriseLinks, navigate],
  );

  if (detailId !== undefined) return <InvoiceDetailView invoiceId={detailId} onBack={closeDetail} />;

  const fixedFilters: Partial<Filters> = inSummary ? { projectId: fixedProjectId } : {};
  const enterpriseToolbar = side === 'enterprise' && !inSummary;
  const toolbar = enterpriseToolbar ? (
    <>
      {can('invoice:list:apply') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'apply' })}>
          申请开票
        </Button>
      )}
      {can('invoice:info:edit') && <Button onClick={() => setDialog({ kind: 'info' })}>开票信息</Button>}
    </>
  ) : undefined;

  return (
    <Card
      className="page-card"
      title={
        <span>
          <FileTextOutlined /> 发票列表
        </span>
      }
    >
      <ListPage<InvoiceRecord, Filters>
        serviceName="invoiceList"
        queryKey={[...INVOICE_LIST_KEY, fixedFilters]}
        fetchPage={(request) => fetchInvoices({ ...request, orderField: request.orderField as OrderField | undefined })}
        fixedFilters={fixedFilters}
        rowKey="id"
        listType={2}
        defaultPageSize={PAGE_SIZE.invoiceList}
        renderers={renderers}
        searchFields={
          <>
            <Form.Item name="number" label="发票号码">
              <Input allowClear placeholder="请输入发票号码" maxLength={INPUT_MAX_LENGTH.invoiceNumber} />
            </Form.Item>
            <Form.Item name="applyTime" label="申请时间">
              <DateRangePicker variant="invoice" />
            </Form.Item>
          </>
        }
        toFilters={({ applyTime, number }) => ({
          number: typeof number === 'string' ? number.trim() : undefined,
          ...rangeToTimes(applyTime as Parameters<typeof rangeToTimes>[0]),
        })}
        toolbar={toolbar}
        actionColumn={{
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 150,
          render: (_value, row) => (
            <span className="list-actions">
              <Button type="link" size="small" onClick={() => openDetail(row.id)}>
                详情
              </Button>
              {invoiceActions(row, side, can).map((action) => (
                <Button key={action} type="link" size="small" onClick={() => run(action, row)}>
                  {INVOICE_ACTION_LABELS[action]}
                </Button>
              ))}
            </span>
          ),
        }}
      />
      <InvoiceApplyDialog open={dialog.kind === 'apply'} onClose={close} />
      <InvoiceInfoDialog open={dialog.kind === 'info'} onClose={close} />
      <InvoiceStatusDialog
        invoiceId={dialog.kind === 'status' ? dialog.id : null}
        mode={dialog.kind === 'status' ? dialog.mode : 'update'}
        onClose={close}
      />
    </Card>
  );
}
