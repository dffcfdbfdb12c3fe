/**
 * The list-page pattern of the console (spec 1 §5, §9; spec 2 §2.1, §9): a search form with 查询
 * and 重置, a table (暂无数据 when empty), an optional summary row, and paging that appears only
 * when the total exceeds the page size, with the page sizes of the list's type and, where offered,
 * the typed page-size box. With a `serviceName` the columns follow the user's saved layout: the
 * 字段设置 dialog chooses and orders them, dragging a header edge sizes them.
 */
import { SettingOutlined } from '@ant-design/icons';
import {
  type ColumnLayoutItem,
  type ColumnLayoutServiceName,
  type ListType,
  MSG,
  PAGE_SIZE,
  type Page,
  pageSizeOptions,
  showsPagination,
} from '@fieldpay/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Pagination, Space, Table, type TableProps } from 'antd';
import type { ColumnsType, ColumnType, SorterResult } from 'antd/es/table/interface';
import { type HTMLAttributes, type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { FieldSettingsDialog } from '../FieldSettingsDialog';
import { PageSizeInput } from './PageSizeInput';
import { ResizableHeaderCell, type ResizableHeaderCellProps } from './ResizableHeaderCell';
import { useColumnLayout } from './use-column-layout';
import './list.css';
import { EMPTY_CELL } from '../text';

/** What every list call receives; orderSort follows the spec: 1 descending, 0 ascending. */
export interface PageRequest {
  pageNo: number;
  pageSize: number;
  orderField?: string;
  orderSort?: 0 | 1;
}

/** The search form's values, by Form.Item name. */
export type SearchValues = Record<string, unknown>;

/** Filters of a list that does not name their type (the default of ListPage's `Filters`). */
export type ListFilters = Record<string, unknown>;

/** Cell of a layout column: the whole row, so a cell may combine fields. */
export type CellRenderer<Row> = (row: Row, index: number) => ReactNode;

interface SharedListProps<Row extends object, Filters extends object, Answer extends Page<Row>> {
  /** key prefix of the list's data; invalidate it to reload after an action */
  queryKey: readonly unknown[];
  /**
   * One page; any filter may be missing (a search field left empty). A property, not a method, so
   * the page's call is checked against the filters (method parameters are bivariant).
   */
  fetchPage: (request: PageRequest & Partial<Filters>) => Promise<Answer>;
  rowKey: keyof Row & string;
  /** Form.Items of the search form; without `toFilters` they are named after the filters */
  searchFields?: ReactNode;
  /** form values -> filters sent to the server (date ranges to startTime/endTime, ...) */
  toFilters?(values: SearchValues): Partial<Filters>;
  /** the search form's values on opening and after 重置 (a default date range); the first page is asked with them */
  initialValues?: SearchValues;
  /** filters that always apply (a tab, a fixed enterprise) */
  fixedFilters?: Partial<Filters>;
  /** page sizes offered: list type 1 to 6 (spec 1 §9) */
  listType?: ListType;
  defaultPageSize?: number;
  /** show the typed page-size box next to the pager */
  pageSizeInput?: boolean;
  /** content of a summary row under the table (an amount total of the answer, ...) */
  summary?(answer: Answer): ReactNode;
  /** buttons above the table, on the left */
  toolbar?: ReactNode;
  emptyText?: ReactNode;
  rowSelection?: TableProps<Row>['rowSelection'];
  /** the fixed operations column on the right */
  actionColumn?: ColumnType<Row>;
  /** reload every so many milliseconds while the answer asks for it (rows still being generated, ...) */
  refreshEvery?(answer: Answer): number | false;
}

export interface LayoutListProps<Row extends object, Filters extends object, Answer extends Page<Row>>
  extends SharedListProps<Row, Filters, Answer> {
  serviceName: ColumnLayoutServiceName;
  /** cells that are not the plain value (tags, money, links); other columns show the value or '-' */
  renderers?: Partial<Record<string, CellRenderer<Row>>>;
}

export interface PlainListProps<Row extends object, Filters extends object, Answer extends Page<Row>>
  extends SharedListProps<Row, Filters, Answer> {
  columns: ColumnsType<Row>;
}

/** The plain value of a cell, or the console's dash for nothing. */
export function plainCell(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  return String(value);
}

const headerCellProps = (props: ResizableHeaderCellProps) => props as unknown as HTMLAttributes<HTMLElement>;

/** A layout's visible fields as table columns, with live widths while a header edge is dragged. */
function layoutColumns<Row extends object>(
  visible: readonly ColumnLayoutItem[],
  options: {
    renderers?: Partial<Record<string, CellRenderer<Row>>>;
    liveWidths: Record<string, number>;
    onResizing(prop: string, width: number): void;
    onResizeEnd(prop: string, width: number): void;
  },
): ColumnsType<Row> {
  return visible.map((item) => {
    const live = options.liveWidths[item.prop];
    const width = live ?? (item.isWidth === false ? undefined : item.width);
    const renderer = options.renderers?.[item.prop];
    return {
      key: item.prop,
      dataIndex: item.prop,
      title: item.label,
      width,
      minWidth: item.isWidth === false ? item.width : undefined,
      ellipsis: true,
      sorter: item.sortable,
      render: (value: unknown, row: Row, index: number) => (renderer ? renderer(row, index) : plainCell(value)),
      onHeaderCell: () =>
        headerCellProps({
          width: width ?? item.width,
          columnLabel: item.label,
          onResizing: (next) => options.onResizing(item.prop, next),
          onResizeEnd: (next) => options.onResizeEnd(item.prop, next),
        }),
    };
  });
}

const sortOrderOf = (sort: 0 | 1 | undefined) => (sort === 1 ? ('descend' as const) : ('ascend' as const));

interface ListStateOptions<Filters extends object> {
  /** read once, on the first render */
  initialFilters: () => Partial<Filters>;
  defaultPageSize: number;
  fixedFilters?: Partial<Filters>;
}

function useListState<Filters extends object>({
  initialFilters,
  defaultPageSize,
  fixedFilters,
}: ListStateOptions<Filters>) {
  const [filters, setFilters] = useState<Partial<Filters>>(initialFilters);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [order, setOrder] = useState<{ field?: string; sort?: 0 | 1 }>({});
  const fixedKey = JSON.stringify(fixedFilters ?? {});
  // a new tab or fixed filter starts again at the first page
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixedKey stands for the fixed filters' content
  useEffect(() => setPageNo(1), [fixedKey]);
  return { filters, setFilters, pageNo, setPageNo, pageSize, setPageSize, order, setOrder };
}

function ListView<Row extends object, Filters extends object, Answer extends Page<Row>>(
  props: SharedListProps<Row, Filters, Answer> & {
    columns: ColumnsType<Row>;
    headerCell?: boolean;
    settingsButton?: ReactNode;
  },
) {
  const {
    queryKey,
    fetchPage,
    rowKey,
    searchFields,
    toFilters,
    initialValues,
    fixedFilters,
    listType = 1,
    defaultPageSize = PAGE_SIZE.default,
    pageSizeInput,
    summary,
    toolbar,
    emptyText,
    rowSelection,
    actionColumn,
    refreshEvery,
    columns,
    headerCell,
    settingsButton,
  } = props;
  const [form] = Form.useForm<SearchValues>();
  // without toFilters the search fields are named after the filters, so their values are the filters
  const filtersOf = (values: SearchValues) =>
    Object.fromEntries(
      Object.entries(toFilters ? toFilters(values) : values).filter(
        ([, value]) => value !== undefined && value !== null && value !== '',
      ),
    ) as Partial<Filters>;
  const state = useListState<Filters>({
    initialFilters: () => (initialValues ? filtersOf(initialValues) : {}),
    defaultPageSize,
    fixedFilters,
  });
  const { filters, pageNo, pageSize, order } = state;

  const request: PageRequest & Partial<Filters> = {
    ...filters,
    ...fixedFilters,
    pageNo,
    pageSize,
    ...(order.field ? { orderField: order.field, orderSort: order.sort } : {}),
  };
  const query = useQuery({
    queryKey: [...queryKey, request],
    queryFn: () => fetchPage(request),
    placeholderData: keepPreviousData,
    refetchInterval: refreshEvery
      ? (current) => (current.state.data ? refreshEvery(current.state.data) : false)
      : false,
  });
  const answer = query.data;
  const total = answer?.total ?? 0;

  // after rows leave the list (deleted, marked read) the page may be past the end: go to the last page
  useEffect(() => {
    if (answer && answer.records.length === 0 && total > 0 && pageNo > 1) {
      state.setPageNo(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [answer, total, pageNo, pageSize, state.setPageNo]);

  const apply = (values: SearchValues) => {
    const next = filtersOf(values);
    // 查询 with the same filters on the first page asks again (rows may have changed elsewhere)
    const unchanged = pageNo === 1 && JSON.stringify(next) === JSON.stringify(filters);
    state.setFilters(next);
    state.setPageNo(1);
    if (unchanged) void query.refetch();
  };

  // sorting is controlled here: the arrows show the order the list was asked for
  const sortedColumns = columns.map((column) =>
    column.sorter
      ? {
          ...column,
          sortOrder: order.field !== undefined && order.field === String(column.key) ? sortOrderOf(order.sort) : null,
        }
      : column,
  );
  const allColumns = actionColumn ? [...sortedColumns, { fixed: 'right' as const, ...actionColumn }] : sortedColumns;
  const scrollX = allColumns.reduce(
    (sum, column) =>
      sum +
      (typeof column.width === 'number' ? column.width : typeof column.minWidth === 'number' ? column.minWidth : 120),
    rowSelection ? 48 : 0,
  );
  const options = pageSizeOptions(listType);

  const onTableChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter) => {
    const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
    const field = single?.order ? String(single.columnKey ?? single.field) : undefined;
    state.setOrder(field ? { field, sort: single?.order === 'descend' ? 1 : 0 } : {});
    state.setPageNo(1);
  };

  return (
    <div className="list-page">
      {searchFields && (
        <Form
          form={form}
          layout="inline"
          className="list-search"
          initialValues={initialValues}
          onFinish={apply}
          autoComplete="off"
        >
          {searchFields}
          <Form.Item className="list-search-buttons">
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  apply(form.getFieldsValue());
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      {(toolbar || settingsButton) && (
        <div className="list-toolbar">
          <Space wrap>{toolbar}</Space>
          {settingsButton}
        </div>
      )}
      <Table<Row>
        rowKey={rowKey}
        columns={allColumns}
        dataSource={answer?.records ?? []}
        loading={query.isFetching}
        pagination={false}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: scrollX }}
        rowSelection={rowSelection}
        onChange={onTableChange}
        components={headerCell ? { header: { cell: ResizableHeaderCell } } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? MSG.emptyList} /> }}
        summary={
          summary && answer
            ? () => (
                <Table.Summary fixed>
                  <Table.Summary.Row className="list-summary">
                    <Table.Summary.Cell index={0} colSpan={allColumns.length + (rowSelection ? 1 : 0)}>
                      {summary(answer)}
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                </Table.Summary>
              )
            : undefined
        }
      />
      {showsPagination(total, pageSize) && (
        <div className="list-pager">
          <Pagination
            current={pageNo}
            pageSize={pageSize}
            total={total}
            // an estimated total (past the server's exact-count limit) reads 约 N 条
            showTotal={(count) => (answer?.totalExact === false ? `约 ${count} 条` : `共 ${count} 条`)}
            showSizeChanger={options.length > 1}
            pageSizeOptions={options.map(String)}
            showQuickJumper
            onChange={(nextPage, nextSize) => {
              if (nextSize !== pageSize) {
                state.setPageSize(nextSize);
                state.setPageNo(1);
              } else {
                state.setPageNo(nextPage);
              }
            }}
          />
          {pageSizeInput && (
            <PageSizeInput
              pageSize={pageSize}
              defaultPageSize={defaultPageSize}
              onChange={(next) => {
                state.setPageSize(next);
                state.setPageNo(1);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}

function LayoutList<Row extends object, Filters extends object, Answer extends Page<Row>>({
  serviceName,
  renderers,
  ...rest
}: LayoutListProps<Row, Filters, Answer>) {
  const layout = useColumnLayout(serviceName);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [liveWidths, setLiveWidths] = useState<Record<string, number>>({});

  const columns = useMemo(
    () =>
      layoutColumns<Row>(layout.visible, {
        renderers,
        liveWidths,
        onResizing: (prop, width) => setLiveWidths((current) => ({ ...current, [prop]: width })),
        onResizeEnd: (prop, width) => {
          setLiveWidths((current) => ({ ...current, [prop]: width }));
          void layout
            .resize(prop, width)
            .catch(() => undefined)
            .finally(() =>
              setLiveWidths((current) => {
                const { [prop]: _done, ...others } = current;
                return others;
              }),
            );
        },
      }),
    [layout, renderers, liveWidths],
  );

  return (
    <>
      <ListView<Row, Filters, Answer>
        {...rest}
        columns={columns}
        headerCell
        settingsButton={
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
            字段设置
          </Button>
        }
      />
      <FieldSettingsDialog
        open={settingsOpen}
        columns={layout.columns}
        onCancel={() => setSettingsOpen(false)}
        onSave={layout.save}
      />
    </>
  );
}

/** `Filters`: what the search form and `fixedFilters` send besides paging, as `fetchPage` receives them. */
export function ListPage<
  Row extends object,
  Filters extends object = ListFilters,
  Answer extends Page<Row> = Page<Row>,
>(props: LayoutListProps<Row, Filters, Answer> | PlainListProps<Row, Filters, Answer>) {
  if ('serviceName' in props) return <LayoutList<Row, Filters, Answer> {...props} />;
  return <ListView<Row, Filters, Answer> {...props} />;
}

/** Row keys chosen in a table, typed as numbers (every list keys its rows by numeric id). */
export const numericKeys = (keys: readonly Key[]): number[] => keys.map(Number).filter(Number.isFinite);
