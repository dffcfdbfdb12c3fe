import { MSG } from '@fieldpay/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadAttachmentZip } from './settlement-documents-calls';

const client = vi.hoisted(() => ({ http: { download: vi.fn() }, call: vi.fn(), callWithMessage: vi.fn() }));
vi.mock('../../app/api-client', () => client);
const saved = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('../../app/save-blob', () => saved);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

beforeEach(() => vi.resetAllMocks());

describe('downloadAttachmentZip', () => {
  it("saves the zip under the server's name, by settlement or by sub-order", async () => {
    const blob = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/zip' });
    client.http.download.mockResolvedValue({ blob, fileName: '子结算单附件.zip' });
    await downloadAttachmentZip({ subOrderId: 31 });
    expect(client.http.download).toHaveBeenCalledWith('/api/sys/order/exportAttachmentZip', { subOrderId: 31 });
    expect(saved.saveBlob).toHaveBeenCalledWith(blob, '子结算单附件.zip');

    client.http.download.mockResolvedValue({ blob, fileName: undefined });
    await downloadAttachmentZip({ id: 5 });
    expect(saved.saveBlob).toHaveBeenLastCalledWith(blob, '结算单附件.zip');
  });

  it('warns 无数据 for an empty answer and saves nothing', async () => {
    client.http.download.mockResolvedValue({ blob: new Blob([]), fileName: '结算单附件.zip' });
    await downloadAttachmentZip({ id: 5 });
    expect(toasts.warning).toHaveBeenCalledWith(MSG.noData);
    expect(saved.saveBlob).not.toHaveBeenCalled();
  });
});
