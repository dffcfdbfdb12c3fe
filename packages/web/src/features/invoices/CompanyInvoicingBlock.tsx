/**
 * 开票信息 of the enterprise info view (spec 2 §2.6 "Invoice company info and a paged list by
 * companyId"; spec 3 §2 the enterprise detail's invoicing section): the company's invoice info, with
 * 编辑 for whoever holds invoice:info:edit (the platform edits it by companyId), and the company's
 * invoices ten a page; 详情 opens the invoice.
 */
import { FileTextOutlined } from '@ant-design/icons';
import { INVOICE_RECIPIENT_STATUS, type InvoiceRecord, MSG, PAGE_SIZE } from '@fieldpay/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { StatusTag } from '../../components/list/StatusTag';
import { orDash } from '../../components/text';
import { chinaTime, yuan } from '../settlements/settlement-format';
import { companyInvoicesKey, fetchCompanyInvoices, fetchInvoiceInfo, invoiceInfoKey } from './invoice-calls';
import { invoiceDetailPath } from './invoice-paths';
import { InvoiceInfoDialog } from './InvoiceInfoDialog';

const timeCell = (value: number | null) => chinaTime(value) ?? '-';

export function CompanyInvoicingBlock({ companyId }: { companyId: number }) {
  const navigate = useNavigate();
  const { can } = useAccess();
  // the enterprise side reads and edits its own: the calls take no companyId there
  const platformSide = useSession((state) => state.side) === 'platform';
  const asked = platformSide ? companyId : undefined;
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState(false);
  const info = useQuery({ queryKey: invoiceInfoKey(asked), queryFn: () => fetchInvoiceInfo(asked) });
  const invoices = useQuery({
    queryKey: companyInvoicesKey(companyId, pageNo),
    queryFn: () => fetchCompanyInvoices({ companyId, pageNo, pageSize: PAGE_SIZE.invoiceCompanyList }),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<InvoiceRecord> = [
    { key: 'invoiceNum', dataIndex: 'invoiceNum', title: '发票号码', ellipsis: true, render: orDash },
    {
      key: 'invoicePrice',
      dataIndex: 'invoicePrice',
      title: '开票金额(元)',
      width: 140,
      align: 'right',
      render: (value: string) => yuan(value),
    },
    {
      key: 'invoiceRecipientStatus',
      dataIndex: 'invoiceRecipientStatus',
      title: '收件状态',
      width: 100,
      render: (value: number) => <StatusTag dictionary={INVOICE_RECIPIENT_STATUS} value={value} />,
    },
    { key: 'createTime', dataIndex: 'createTime', title: '申请时间', width: 170, render: timeCell },
    { key: 'invoiceTime', dataIndex: 'invoiceTime', title: '开票时间', width: 170, render: timeCell },
    {
      key: 'actions',
      title: '操作',
      width: 80,
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => navigate(invoiceDetailPath(row.id))}>
          详情
        </Button>
      ),
    },
  ];

  const loaded = info.data;
  return (
    <Card
      className="enterprise-block"
      size="small"
      title={
        <span>
          <FileTextOutlined /> 开票信息
        </span>
      }
      extra={
        can('invoice:info:edit') && loaded ? (
          <Button type="link" size="small" onClick={() => setEditing(true)}>
            编辑开票信息
          </Button>
        ) : undefined
      }
    >
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
        <Descriptions.Item label="发票抬头">{orDash(loaded?.companyName)}</Descriptions.Item>
        <Descriptions.Item label="税号">{orDash(loaded?.taxNumber)}</Descriptions.Item>
        <Descriptions.Item label="公司注册地址">{orDash(loaded?.companyAddress)}</Descriptions.Item>
        <Descriptions.Item label="公司电话">{orDash(loaded?.companyPhone)}</Descriptions.Item>
        <Descriptions.Item label="开户银行">{orDash(loaded?.bankDeposit)}</Descriptions.Item>
        <Descriptions.Item label="银行账号">{orDash(loaded?.bankAccount)}</Descriptions.Item>
        <Descriptions.Item label="最近修改">
          {loaded?.createTime ? `${loaded.createName} ${chinaTime(loaded.createTime)}` : '未填写'}
        </Descriptions.Item>
      </Descriptions>
      <div className="enterprise-subtitle">发票</div>
      <Table<InvoiceRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={invoices.data?.records ?? []}
        loading={invoices.isFetching}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE.invoiceCompanyList,
          total: invoices.data?.total ?? 0,
          showTotal: (count) => `共 ${count} 条`,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPageNo,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyList} /> }}
      />
      <InvoiceInfoDialog open={editing} companyId={asked} onClose={() => setEditing(false)} />
    </Card>
  );
}
