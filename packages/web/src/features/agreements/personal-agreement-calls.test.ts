import { MSG, type PersonalAgreementRecord, personalContractAddressOperation } from '@fieldpay/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadSignedContract, viewSignedContract } from './personal-agreement-calls';

const client = vi.hoisted(() => ({ call: vi.fn(), http: { download: vi.fn() } }));
vi.mock('../../app/api-client', () => client);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));
const saving = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('../../app/save-blob', () => saving);

const ADDRESS = '/api/sys/personalAgreement/contractFile?contractSn=XY1&userId=41';
const row = { contractSn: 'XY1', userId: 41, contractName: '灵活用工平台服务协议' } as PersonalAgreementRecord;
const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

beforeEach(() => {
  vi.resetAllMocks();
  client.http.download.mockResolvedValue({ blob: pdf, fileName: null });
  URL.createObjectURL = vi.fn(() => 'blob:contract');
});

describe('downloadSignedContract', () => {
  it('asks for the address, then saves the file under the agreement’s name', async () => {
    client.call.mockResolvedValue(ADDRESS);
    await downloadSignedContract(row);
    expect(client.call).toHaveBeenCalledWith(personalContractAddressOperation, { contractSn: 'XY1', userId: 41 });
    expect(client.http.download).toHaveBeenCalledWith(ADDRESS);
    expect(saving.saveBlob).toHaveBeenCalledWith(pdf, '灵活用工平台服务协议.pdf');
  });

  it('says 无签署合同 for an empty address and downloads nothing', async () => {
    client.call.mockResolvedValue('');
    await downloadSignedContract(row);
    expect(toasts.warning).toHaveBeenCalledWith(MSG.noSignedContract);
    expect(client.http.download).not.toHaveBeenCalled();
  });
});

describe('viewSignedContract', () => {
  it('opens the window at once and shows the file in it once it has come', async () => {
    const opened = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    client.call.mockResolvedValue(ADDRESS);
    await viewSignedContract(row);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(opened.location.href).toBe('blob:contract');
    expect(opened.close).not.toHaveBeenCalled();
  });

  it('lets the file’s address go once the window has had time to read it', async () => {
    vi.useFakeTimers();
    try {
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(window, 'open').mockReturnValue({ location: { href: '' }, close: vi.fn() } as unknown as Window);
      client.call.mockResolvedValue(ADDRESS);
      await viewSignedContract(row);
      expect(URL.revokeObjectURL).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:contract');
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the window again when there is no signed contract or the call fails', async () => {
    const opened = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    client.call.mockResolvedValue('');
    await viewSignedContract(row);
    expect(opened.close).toHaveBeenCalledTimes(1);
    client.call.mockRejectedValue(new Error('协议不存在'));
    await expect(viewSignedContract(row)).rejects.toThrow('协议不存在');
    expect(opened.close).toHaveBeenCalledTimes(2);
  });
});
