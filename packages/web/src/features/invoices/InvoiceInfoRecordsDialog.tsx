/**
 * 修改记录 of an enterprise's invoice info (spec 3 §2: a modify-record dialog lists earlier changes):
 * every save as it was saved, newest first, ten a page.
 */
import { DIALOG_WIDTH, type InvoiceInfoRecord, MSG, PAGE_SIZE } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Modal, Table } from 'antd';
import { useState } from 'react';
import { chinaTime } from '../settlements/settlement-format';
import { fetchInvoiceInfoRecords, invoiceInfoRecordsKey } from './invoice-calls';

const COLUMNS = [
  { title: '公司注册地址', dataIndex: 'companyAddress', ellipsis: true },
  { title: '公司电话', dataIndex: 'companyPhone', width: 130 },
  { title: '开户银行', dataIndex: 'bankDeposit', width: 170, ellipsis: true },
  { title: '银行账号', dataIndex: 'bankAccount', width: 190 },
  { title: '修改人', dataIndex: 'createName', width: 100 },
  {
    title: '修改时间',
    dataIndex: 'createTime',
    width: 170,
    render: (value: number) => chinaTime(value),
  },
];

export function InvoiceInfoRecordsDialog({
  open,
  companyId,
  onClose,
}: {
  open: boolean;
  companyId?: number;
  onClose(): void;
}) {
  const [pageNo, setPageNo] = useState(1);
  const pageSize = PAGE_SIZE.invoiceCompanyList;
  const records = useQuery({
    queryKey: invoiceInfoRecordsKey(companyId, pageNo),
    queryFn: () => fetchInvoiceInfoRecords({ companyId, pageNo, pageSize }),
    enabled: open,
  });
  return (
    <Modal
      open={open}
      title="修改记录"
      width={DIALOG_WIDTH.enterpriseLarge}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<InvoiceInfoRecord>
        rowKey="id"
        size="small"
        columns={COLUMNS}
        dataSource={records.data?.records ?? []}
        loading={records.isFetching}
        locale={{ emptyText: MSG.emptyList }}
        pagination={
          (records.data?.total ?? 0) > pageSize && {
            current: pageNo,
            pageSize,
            total: records.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPageNo,
          }
        }
      />
    </Modal>
  );
}
