import { TAX_VOUCHER_MSG, type UploadedFile } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { buttonByText, LONG, renderWithQuery, signedInAs } from '../../components/list/testing';
import { fileOf, HEADS, pick } from '../../components/upload/upload-test-utils';
import { voucherRow } from './tax-voucher-fixtures';
import { TaxVoucherUploadView } from './TaxVoucherUploadView';

const api = await vi.hoisted(async () => (await import('./tax-voucher-fixtures')).mockTaxVoucherCalls());
vi.mock('./tax-voucher-calls', () => api);
const files = vi.hoisted(() => ({ uploadForm: vi.fn(), fileLink: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);
const system = vi.hoisted(() => ({ configValue: vi.fn(), configValueKey: (key: string) => ['config', key] }));
vi.mock('../../app/shell-calls', () => system);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));
// the enterprise picker is RemoteSelect's own test's subject: here a button that picks enterprise 9
vi.mock('../../components/RemoteSelect', () => ({
  RemoteSelect: ({ onChange }: { onChange?(value: number): void }) => (
    <button type="button" onClick={() => onChange?.(9)}>
      选择企业9
    </button>
  ),
}));

const THIS_MONTH = dayjs().format('YYYY-MM');

const uploaded = (name: string, fileType: string): UploadedFile => ({
  id: name.length,
  name,
  address: `/api/resource/file/3/${encodeURIComponent(name)}`,
  fileName: name,
  fileAddress: `/api/resource/file/3/${encodeURIComponent(name)}`,
  fileType,
  fileSize: 1024,
  createTime: 0,
  delFlag: 0,
  url: '/signed',
});

/** The form item of a label, to pick files into its control. */
const field = (label: string) =>
  (screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement) ?? document.body;

async function choosePeriod() {
  fireEvent.click(screen.getByText('选择企业9'));
  const month = screen.getByPlaceholderText('请选择月份');
  fireEvent.mouseDown(month);
  fireEvent.click(month);
  fireEvent.click(await waitFor(() => document.querySelector(`td[title="${THIS_MONTH}"]`) as HTMLElement));
}

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: ['taxVoucher:list:view', 'taxVoucher:list:upload'] });
  system.configValue.mockResolvedValue({ configKey: 'manager_file_size', content: '10' });
  files.fileLink.mockResolvedValue({ url: '/signed' });
  files.uploadForm.mockImplementation(async (_target: string, form: FormData) => {
    const file = form.get('file') as File;
    return uploaded(file.name, file.name.split('.').pop() ?? '');
  });
});

describe('TaxVoucherUploadView', { timeout: 60_000 }, () => {
  it('asks for the enterprise, the period and the three uploads, each with the spec’s message', async () => {
    renderWithQuery(<TaxVoucherUploadView onBack={() => undefined} />);
    await screen.findByText('上传完税凭证', {}, LONG);
    fireEvent.click(buttonByText(/^保\s*存$/));
    expect(await screen.findByText(TAX_VOUCHER_MSG.enterpriseRequired)).toBeTruthy();
    expect(screen.getByText(TAX_VOUCHER_MSG.taxPeriodRequired)).toBeTruthy();
    expect(screen.getByText('请上传完税凭证（图）')).toBeTruthy();
    expect(screen.getByText('请上传完税明细报告（盖章图）')).toBeTruthy();
    expect(screen.getByText('请上传缴税清单（电子版）')).toBeTruthy();
    // the uploads wait for the enterprise and the period
    expect(screen.getAllByText('请先选择企业和税款所属期').length).toBeGreaterThan(0);
    expect(api.saveTaxVoucher).not.toHaveBeenCalled();
  });

  it('shows the period’s withheld taxes, takes the uploads and saves them, then goes back', async () => {
    api.fetchTaxPeriod.mockResolvedValue({ paidTaxAmount: '1127.77', settlementNum: 2, voucher: null });
    api.saveTaxVoucher.mockResolvedValue('完税凭证已保存');
    const onBack = vi.fn();
    renderWithQuery(<TaxVoucherUploadView onBack={onBack} />);
    await choosePeriod();
    expect(await screen.findByText('¥1,127.77', {}, LONG)).toBeTruthy();
    expect(screen.getByText('（所属期内代扣税款的结算单 2 笔）')).toBeTruthy();
    expect(api.fetchTaxPeriod).toHaveBeenCalledWith({
      enterpriseId: 9,
      tenantId: expect.any(Number),
      taxPeriod: THIS_MONTH,
    });

    pick(field('完税凭证（图）'), fileOf('完税证明.png', HEADS.png));
    pick(field('完税明细报告（盖章图）'), fileOf('明细报告.png', HEADS.png));
    // the tax list is Word or PDF
    pick(field('缴税清单（电子版）'), fileOf('清单.png', HEADS.png));
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledWith('仅支持word、PDF格式上传'));
    pick(field('缴税清单（电子版）'), fileOf('缴税清单.pdf', HEADS.pdf));
    await screen.findByText('缴税清单.pdf', {}, LONG);
    await waitFor(() => expect(files.uploadForm).toHaveBeenCalledTimes(3));

    fireEvent.click(buttonByText(/^保\s*存$/));
    await waitFor(() =>
      expect(api.saveTaxVoucher).toHaveBeenCalledWith({
        id: undefined,
        enterpriseId: 9,
        tenantId: expect.any(Number),
        taxPeriod: THIS_MONTH,
        voucherImages: [uploaded('完税证明.png', 'png').address],
        reportImages: [uploaded('明细报告.png', 'png').address],
        taxListFile: uploaded('缴税清单.pdf', 'pdf').address,
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith('完税凭证已保存');
    await waitFor(() => expect(onBack).toHaveBeenCalled());
  });

  it('says when nothing was withheld and keeps 保存 off; a period with its voucher opens with its files', async () => {
    api.fetchTaxPeriod.mockResolvedValueOnce({ paidTaxAmount: '0.00', settlementNum: 0, voucher: null });
    const first = renderWithQuery(<TaxVoucherUploadView onBack={() => undefined} />);
    await choosePeriod();
    expect(await screen.findByText(TAX_VOUCHER_MSG.noWithheldTax, {}, LONG)).toBeTruthy();
    expect(buttonByText(/^保\s*存$/).closest('button')?.disabled).toBe(true);
    first.unmount();

    const voucher = voucherRow(4, { taxPeriod: THIS_MONTH });
    api.fetchTaxPeriod.mockResolvedValue({ paidTaxAmount: '1127.77', settlementNum: 2, voucher });
    api.saveTaxVoucher.mockResolvedValue('完税凭证已保存');
    renderWithQuery(<TaxVoucherUploadView onBack={() => undefined} />);
    await choosePeriod();
    expect(
      await screen.findByText(/该所属期已于 2026-11-02 10:00:00 由 陈思远 上传完税凭证，保存后将替换/, {}, LONG),
    ).toBeTruthy();
    await screen.findByText('缴税清单.pdf', {}, LONG);
    fireEvent.click(buttonByText(/^保\s*存$/));
    await waitFor(() =>
      expect(api.saveTaxVoucher).toHaveBeenCalledWith(
        expect.objectContaining({
          id: 4,
          voucherImages: [voucher.voucherImages[0].address],
          reportImages: [voucher.reportImages[0].address],
          taxListFile: voucher.taxListFile?.address,
        }),
      ),
    );
  });

  it('holds 保存 while an image is still uploading', async () => {
    api.fetchTaxPeriod.mockResolvedValue({ paidTaxAmount: '1127.77', settlementNum: 2, voucher: null });
    let finish: () => void = () => undefined;
    files.uploadForm.mockImplementationOnce(
      (_target: string, form: FormData) =>
        new Promise((resolve) => {
          finish = () => resolve(uploaded((form.get('file') as File).name, 'png'));
        }),
    );
    renderWithQuery(<TaxVoucherUploadView onBack={() => undefined} />);
    await choosePeriod();
    await screen.findByText('¥1,127.77', {}, LONG);
    const save = () => buttonByText(/^保\s*存$/).closest('button') as HTMLButtonElement;
    expect(save().disabled).toBe(false);
    pick(field('完税凭证（图）'), fileOf('完税证明.png', HEADS.png));
    await waitFor(() => expect(save().disabled).toBe(true));
    finish();
    await waitFor(() => expect(save().disabled).toBe(false));
  });
});
