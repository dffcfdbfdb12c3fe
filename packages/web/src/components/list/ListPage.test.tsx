import { type ColumnLayoutItem, defaultColumns } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ListFilters, ListPage } from './ListPage';
import { renderWithQuery, signedInAs } from './testing';

const api = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('./column-layout-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

interface Row {
  id: number;
  title: string;
  type: string;
  content: string;
  readFlag: number;
  createTime: string;
}

const DEFAULTS = defaultColumns('noticeList', 'enterprise') as ColumnLayoutItem[];
const row = (id: number): Row => ({
  id,
  title: `通知${id}`,
  type: 'system',
  content: `内容${id}`,
  readFlag: 0,
  createTime: '2026-11-20 10:00:00',
});
const rows = (count: number, from = 1) => Array.from({ length: count }, (_, i) => row(from + i));

/** The title of a sortable header (antd renders the title in the header once more, for its tooltip). */
const sortTitle = (title: string) => screen.getAllByText(title, { selector: '.ant-table-column-title' })[0];

const headers = () => Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent?.trim() ?? '');

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('enterprise', 2);
  api.fetchColumnLayout.mockResolvedValue({ serviceName: 'noticeList', type: 0, contentJson: DEFAULTS, custom: false });
  api.saveColumnLayout.mockImplementation(async (serviceName: string, contentJson: ColumnLayoutItem[]) => ({
    serviceName,
    type: 0,
    contentJson,
    custom: true,
  }));
});

// antd's table is slow to render in jsdom
describe('ListPage with a column layout', { timeout: 60_000 }, () => {
  it('shows the saved layout’s columns in its order, 暂无数据 when empty, and no pager within one page', async () => {
    const saved = [...DEFAULTS].reverse().map((column) => ({ ...column, isSelect: column.prop !== 'content' }));
    api.fetchColumnLayout.mockResolvedValue({ serviceName: 'noticeList', type: 0, contentJson: saved, custom: true });
    const fetchPage = vi.fn().mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<ListPage<Row> serviceName="noticeList" queryKey={['t1']} fetchPage={fetchPage} rowKey="id" />);
    await waitFor(() => expect(headers()).toEqual(['通知时间', '状态', '通知类型', '通知标题']));
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(fetchPage).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20 });
  });

  it('pages only when the total exceeds the page size, with the page sizes of the list type', async () => {
    const fetchPage = vi.fn(async ({ pageNo }: { pageNo: number }) => ({
      records: rows(pageNo === 1 ? 10 : 1, pageNo === 1 ? 1 : 11),
      total: 11,
    }));
    renderWithQuery(
      <ListPage<Row>
        serviceName="noticeList"
        queryKey={['t2']}
        fetchPage={fetchPage}
        rowKey="id"
        listType={2}
        defaultPageSize={10}
      />,
    );
    expect(await screen.findByText('共 11 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 10 }));
    expect(await screen.findByText('通知11')).toBeTruthy();
    fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select') as HTMLElement);
    for (const size of ['10 条/页', '20 条/页', '50 条/页'])
      expect((await screen.findAllByText(size)).length).toBeGreaterThan(0);
    expect(screen.queryByText('100 条/页')).toBeNull();
  });

  it('shows an estimated total as 约 N 条', async () => {
    const fetchPage = vi.fn().mockResolvedValue({ records: rows(20), total: 1000067, totalExact: false });
    renderWithQuery(<ListPage<Row> serviceName="noticeList" queryKey={['t2b']} fetchPage={fetchPage} rowKey="id" />);
    expect(await screen.findByText('约 1000067 条')).toBeTruthy();
    expect(screen.queryByText(/^共 /)).toBeNull();
  });

  it('searches with the form’s values on 查询 and clears them on 重置; fixed filters always go along', async () => {
    const fetchPage = vi.fn().mockResolvedValue({ records: rows(1), total: 1 });
    renderWithQuery(
      <ListPage<Row, { title?: string; readFlag?: number }>
        serviceName="noticeList"
        queryKey={['t3']}
        fetchPage={fetchPage}
        rowKey="id"
        fixedFilters={{ readFlag: 0 }}
        toFilters={(values) => ({ title: values.keyword as string | undefined })}
        searchFields={
          <Form.Item name="keyword" label="标题">
            <Input placeholder="请输入标题" />
          </Form.Item>
        }
      />,
    );
    await waitFor(() => expect(fetchPage).toHaveBeenCalledWith({ readFlag: 0, pageNo: 1, pageSize: 20 }));
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '结算' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith({ title: '结算', readFlag: 0, pageNo: 1, pageSize: 20 }),
    );
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ readFlag: 0, pageNo: 1, pageSize: 20 }));
    expect((screen.getByPlaceholderText('请输入标题') as HTMLInputElement).value).toBe('');
  });

  it('sorts by a sortable column: orderField and orderSort (0 ascending, 1 descending)', async () => {
    const fetchPage = vi.fn().mockResolvedValue({ records: rows(2), total: 2 });
    renderWithQuery(<ListPage<Row> serviceName="noticeList" queryKey={['t4']} fetchPage={fetchPage} rowKey="id" />);
    await screen.findByText('通知1');
    fireEvent.click(sortTitle('通知时间'));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, orderField: 'createTime', orderSort: 0 }),
    );
    fireEvent.click(sortTitle('通知时间'));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, orderField: 'createTime', orderSort: 1 }),
    );
  });

  it('shows a summary row from the answer', async () => {
    const fetchPage = vi.fn().mockResolvedValue({ records: rows(2), total: 2, totalAmount: 123450 });
    renderWithQuery(
      <ListPage<Row, ListFilters, { records: Row[]; total: number; totalAmount: number }>
        serviceName="noticeList"
        queryKey={['t5']}
        fetchPage={fetchPage}
        rowKey="id"
        summary={(answer) => `合计：${answer.totalAmount}`}
      />,
    );
    expect(await screen.findByText('合计：123450')).toBeTruthy();
  });

  it('字段设置 hides a column and saves the layout for the next visit', async () => {
    const fetchPage = vi.fn().mockResolvedValue({ records: rows(1), total: 1 });
    renderWithQuery(<ListPage<Row> serviceName="noticeList" queryKey={['t6']} fetchPage={fetchPage} rowKey="id" />);
    await waitFor(() => expect(headers()).toContain('通知类型'));
    fireEvent.click(screen.getByRole('button', { name: /字段设置/ }));
    const left = await screen.findByRole('region', { name: '可选字段' });
    fireEvent.click(within(left).getByText('通知类型'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.saveColumnLayout).toHaveBeenCalledTimes(1));
    const [serviceName, columns] = api.saveColumnLayout.mock.calls[0] as [string, ColumnLayoutItem[]];
    expect(serviceName).toBe('noticeList');
    expect(columns.find((column) => column.prop === 'type')?.isSelect).toBe(false);
    await waitFor(() => expect(headers()).not.toContain('通知类型'));
    expect(toasts.success).toHaveBeenCalledWith('保存成功', 1);
  });

  it('saves a dragged column width, snapped to at least 10', async () => {
    const fetchPage = vi.fn().mockResolvedValue({ records: rows(1), total: 1 });
    renderWithQuery(<ListPage<Row> serviceName="noticeList" queryKey={['t7']} fetchPage={fetchPage} rowKey="id" />);
    const handle = await screen.findByRole('separator', { name: '调整通知标题列宽' });
    fireEvent.mouseDown(handle, { clientX: 400 });
    fireEvent.mouseMove(document, { clientX: 100 });
    fireEvent.mouseUp(document);
    await waitFor(() => expect(api.saveColumnLayout).toHaveBeenCalled());
    const columns = api.saveColumnLayout.mock.calls[0][1] as ColumnLayoutItem[];
    expect(columns.find((column) => column.prop === 'title')).toMatchObject({ width: 10, isWidth: true });
  });

  it('offers the typed page size where asked, with its 1-200 rule', async () => {
    const fetchPage = vi.fn(async ({ pageSize }: { pageSize: number }) => ({
      records: rows(Math.min(pageSize, 30)),
      total: 30,
    }));
    renderWithQuery(
      <ListPage<Row> serviceName="noticeList" queryKey={['t8']} fetchPage={fetchPage} rowKey="id" pageSizeInput />,
    );
    const box = await screen.findByLabelText('每页条数');
    fireEvent.change(box, { target: { value: '300' } });
    fireEvent.blur(box);
    expect(toasts.warning).toHaveBeenCalledWith('每页条数请输入1-200的整数，默认值20条/页');
    fireEvent.change(box, { target: { value: '5' } });
    fireEvent.blur(box);
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 5 }));
  });

  it('uses the audience’s defaults while the saved layout is loading or when it cannot load', async () => {
    signedInAs('platform', 1);
    api.fetchColumnLayout.mockRejectedValue(new Error('network'));
    const fetchPage = vi.fn().mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<ListPage<Row> serviceName="settlementList" queryKey={['t9']} fetchPage={fetchPage} rowKey="id" />);
    await waitFor(() => expect(headers()).toContain('平台名称'));
    expect(headers()).not.toContain('服务费(元)');
  });
});

describe('ListPage with plain columns', { timeout: 60_000 }, () => {
  it('renders the given columns and an operations column, and a custom empty text', async () => {
    const fetchPage = vi.fn().mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(
      <ListPage<Row>
        queryKey={['t10']}
        fetchPage={fetchPage}
        rowKey="id"
        columns={[{ key: 'title', dataIndex: 'title', title: '标题', width: 200 }]}
        actionColumn={{ title: '操作', key: 'actions', width: 80, render: () => '查看' }}
        emptyText="请先选择企业"
      />,
    );
    expect(await screen.findByText('请先选择企业', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(headers()).toEqual(['标题', '操作']);
    expect(screen.queryByRole('button', { name: /字段设置/ })).toBeNull();
  });
});
