/**
 * A small read-only table of a dialog or a detail block that pages on the server (关联结算单 of an
 * invoice or a tax voucher): its own page number, the pager only when there is more than one page,
 * 暂无数据 when empty. Lists with a search form and page sizes use ListPage.
 */
import { MSG, type Page } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';

export function PagedTable<Row extends { id: number }>({
  queryKey,
  fetchPage,
  pageSize,
  columns,
  scrollX,
}: {
  /** the query's key without the page number (PagedTable adds it) */
  queryKey: readonly unknown[];
  fetchPage(pageNo: number, pageSize: number): Promise<Page<Row>>;
  pageSize: number;
  columns: ColumnsType<Row>;
  scrollX?: number;
}) {
  const [pageNo, setPageNo] = useState(1);
  const page = useQuery({ queryKey: [...queryKey, pageNo], queryFn: () => fetchPage(pageNo, pageSize) });
  const total = page.data?.total ?? 0;
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      loading={page.isFetching}
      dataSource={page.data?.records ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyList} /> }}
      pagination={
        total > pageSize ? { current: pageNo, pageSize, total, onChange: setPageNo, showSizeChanger: false } : false
      }
      scroll={scrollX ? { x: scrollX } : undefined}
      columns={columns}
    />
  );
}
