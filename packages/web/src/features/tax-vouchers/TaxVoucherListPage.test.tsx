import { defaultColumns } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { buttonByText, LONG, renderWithQuery, signedInAs, Where } from '../../components/list/testing';
import TaxVoucherListPage from './TaxVoucherListPage';
import { voucherRow } from './tax-voucher-fixtures';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const api = await vi.hoisted(async () => (await import('./tax-voucher-fixtures')).mockTaxVoucherCalls());
vi.mock('./tax-voucher-calls', () => api);
const opened = vi.hoisted(() => ({ openStoredFile: vi.fn(), opensInline: () => true }));
vi.mock('../../components/upload/open-file', () => opened);
const files = vi.hoisted(() => ({ fileLink: vi.fn(), uploadForm: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);
// the upload page is its own test's subject
vi.mock('./TaxVoucherUploadView', () => ({
  TaxVoucherUploadView: ({ onBack }: { onBack(): void }) => (
    <button type="button" data-testid="upload-view" onClick={onBack}>
      上传页
    </button>
  ),
}));

function renderPage(at = '/invoice/tax/voucherList') {
  return renderWithQuery(
    <Routes>
      <Route path="/invoice/tax/voucherList" element={<TaxVoucherListPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { at },
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const headers = () => Array.from(document.querySelectorAll('thead th')).map((cell) => cell.textContent);

beforeEach(() => {
  vi.resetAllMocks();
  opened.opensInline = () => true;
  layouts.fetchColumnLayout.mockImplementation(async (serviceName: 'taxVoucherList') => {
    const { side, userInfo } = useSession.getState();
    const audience = side === 'enterprise' ? 'enterprise' : userInfo?.userIdentity === 1 ? 'admin' : 'platform';
    return { serviceName, type: 0, contentJson: defaultColumns(serviceName, audience), custom: false };
  });
  files.fileLink.mockImplementation(async (address: string) => ({ url: `/signed${address}` }));
});

describe('TaxVoucherListPage', { timeout: 60_000 }, () => {
  it('shows the platform staff the spec’s columns and actions, and 上传完税凭证 opens the upload page', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['taxVoucher:list:view', 'taxVoucher:list:upload', 'settlement:list:view'] });
    api.fetchTaxVouchers.mockResolvedValue({ records: [voucherRow(1)], total: 1 });
    renderPage();
    await screen.findByText('2026-10', {}, LONG);
    expect(api.fetchTaxVouchers).toHaveBeenCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 20 }));
    expect(headers()).toEqual(['税款所属期', '企业名称', '已缴税额(元)', '操作']);
    const row = rowOf('2026-10');
    expect(within(row).getByText('¥1,127.77')).toBeTruthy();
    expect(Array.from(row.querySelectorAll('.list-actions button')).map((b) => b.textContent)).toEqual([
      '关联结算单',
      '代征明细',
      '下载缴税清单',
      '完税凭证',
    ]);
    fireEvent.click(buttonByText('上传完税凭证'));
    fireEvent.click(await screen.findByTestId('upload-view'));
    await screen.findByText('2026-10', {}, LONG);
  });

  it('gives the upload to neither the enterprise, nor the operator, nor staff without the code', async () => {
    api.fetchTaxVouchers.mockResolvedValue({ records: [voucherRow(1)], total: 1 });
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['taxVoucher:list:view'] });
    const enterprise = renderPage();
    await screen.findByText('2026-10', {}, LONG);
    expect(headers()).toEqual(['税款所属期', '已缴税额(元)', '操作']);
    expect(screen.queryByText('上传完税凭证')).toBeNull();
    // its own vouchers only: no enterprise to search for
    expect(screen.queryByPlaceholderText('请输入企业名称')).toBeNull();
    enterprise.unmount();

    signedInAs('platform', 1);
    useSession.setState({ permList: ['taxVoucher:list:view', 'taxVoucher:list:upload'] });
    const operator = renderPage('/invoice/tax/voucherList?upload=1');
    await screen.findByText('2026-10', {}, LONG);
    expect(headers()).toContain('平台名称');
    expect(screen.queryByText('上传完税凭证')).toBeNull();
    expect(screen.queryByTestId('upload-view')).toBeNull();
    operator.unmount();

    signedInAs('platform', 2);
    useSession.setState({ permList: ['taxVoucher:list:view'] });
    renderPage();
    await screen.findByText('2026-10', {}, LONG);
    expect(screen.queryByText('上传完税凭证')).toBeNull();
  });

  it('opens the voucher’s images, its report, its tax list and its settlements', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['taxVoucher:list:view', 'settlement:list:view'] });
    const voucher = voucherRow(1);
    api.fetchTaxVouchers.mockResolvedValue({ records: [voucher], total: 1 });
    api.fetchTaxVoucherSettlements.mockResolvedValue({
      records: [
        {
          id: 41,
          settlementSn: 'JS26101500000041',
          projectName: '华东区学术拜访',
          visitTypeValue: '拜访',
          amount: '10600.00',
          taxAmount: '1127.77',
          personNum: 2,
          payTime: new Date('2026-10-17T11:00:00+08:00').getTime(),
        },
      ],
      total: 1,
    });
    renderPage();
    await screen.findByText('2026-10', {}, LONG);

    fireEvent.click(within(rowOf('2026-10')).getByText('完税凭证'));
    expect(await screen.findByText('完税凭证（杭州星联医药科技有限公司 2026-10）')).toBeTruthy();
    const image = (await screen.findByAltText('完税证明.png', {}, LONG)) as HTMLImageElement;
    expect(image.src).toContain(`/signed${voucher.voucherImages[0].address}`);
    fireEvent.click(buttonByText(/^关\s*闭$/));

    fireEvent.click(within(rowOf('2026-10')).getByText('代征明细'));
    expect(await screen.findByAltText('代扣代缴明细报告.png', {}, LONG)).toBeTruthy();
    fireEvent.click(buttonByText(/^关\s*闭$/));

    fireEvent.click(within(rowOf('2026-10')).getByText('下载缴税清单'));
    expect(opened.openStoredFile).toHaveBeenCalledWith(voucher.taxListFile?.address, 'attachment');

    fireEvent.click(within(rowOf('2026-10')).getByText('关联结算单'));
    const sn = await screen.findByText('JS26101500000041', {}, LONG);
    expect(api.fetchTaxVoucherSettlements).toHaveBeenCalledWith(1, 1, 10);
    expect(screen.getByText('2026-10-17 11:00:00')).toBeTruthy();
    fireEvent.click(sn);
    expect((await screen.findByTestId('where')).textContent).toBe('/settlement/order/list?isPage=notice&id=41');
  });

  it('says 暂无数据 when empty and searches by enterprise name within 50 characters', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['taxVoucher:list:view'] });
    api.fetchTaxVouchers.mockResolvedValue({ records: [], total: 0 });
    renderPage();
    expect((await screen.findAllByText('暂无数据', {}, LONG)).length).toBeGreaterThan(0);
    const name = screen.getByPlaceholderText('请输入企业名称') as HTMLInputElement;
    expect(name.maxLength).toBe(50);
    fireEvent.change(name, { target: { value: ' 星联 ' } });
    fireEvent.click(buttonByText(/^查\s*询$/));
    await waitFor(() =>
      expect(api.fetchTaxVouchers).toHaveBeenLastCalledWith(expect.objectContaining({ name: '星联', pageNo: 1 })),
    );
  });
});
