import type { SettlementAttachment, UploadedFile } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fileOf, HEADS, pick, renderWithQuery } from '../../components/upload/upload-test-utils';
import { SettlementAttachmentsDialog } from './SettlementAttachmentsDialog';

const calls = vi.hoisted(() => ({
  listSettlementAttachments: vi.fn(),
  saveSettlementAttachment: vi.fn(),
  deleteSettlementAttachment: vi.fn(),
  settlementAttachmentsKey: (id: number) => ['settlements', 'attachments', id],
}));
vi.mock('./settlement-documents-calls', () => calls);
const files = vi.hoisted(() => ({ uploadForm: vi.fn(), fileLink: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);
const system = vi.hoisted(() => ({ configValue: vi.fn(), configValueKey: (key: string) => ['config', key] }));
vi.mock('../../app/shell-calls', () => system);
const notes = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => notes }));

const settlement = { id: 41, settlementSn: 'JS26112200000041' };

const attachment = (id: number, name: string): SettlementAttachment => ({
  id,
  settId: settlement.id,
  fileId: 900 + id,
  name,
  fileName: name,
  address: `/api/resource/file/3/ATTACHMENT${String(id).padStart(12, '0')}`,
  type: 1,
  fileType: name.split('.').pop() ?? '',
  fileSize: 2048,
  createName: '企业用户',
  createTime: new Date('2026-11-22T10:30:00+08:00').getTime(),
});

const uploaded = (name: string): UploadedFile => ({
  id: 77,
  name,
  address: '/api/resource/file/3/UPLOADED000000000000',
  fileName: name,
  fileAddress: '/api/resource/file/3/UPLOADED000000000000',
  fileType: 'pdf',
  fileSize: 1024,
  createTime: 0,
  delFlag: 0,
  url: '/signed',
});

beforeEach(() => {
  vi.resetAllMocks();
  system.configValue.mockResolvedValue({ configKey: 'manager_file_size', content: '10' });
});

describe('SettlementAttachmentsDialog', () => {
  it('uploads a file under the settlement and saves it to the settlement', async () => {
    calls.listSettlementAttachments.mockResolvedValueOnce([]).mockResolvedValue([attachment(1, '补充材料.pdf')]);
    files.uploadForm.mockImplementation(async (_target: string, form: FormData) => {
      expect(form.get('uploadPath')).toBe('settlement');
      expect(form.get('id')).toBe('41');
      expect(form.get('scene')).toBe('default');
      return uploaded((form.get('file') as File).name);
    });
    calls.saveSettlementAttachment.mockResolvedValue(attachment(1, '补充材料.pdf'));
    renderWithQuery(<SettlementAttachmentsDialog open settlement={settlement} editable onClose={() => undefined} />);
    await screen.findByText('上传附件', { selector: '.ant-modal-title' });
    await screen.findByText('暂无数据');
    expect(screen.getByText(/支持 jpg、jpeg、png、doc、docx、xls、xlsx、pdf、zip、rar 格式/)).toBeTruthy();
    pick(document.body, fileOf('补充材料.pdf', HEADS.pdf));
    await waitFor(() =>
      expect(calls.saveSettlementAttachment).toHaveBeenCalledWith(41, '/api/resource/file/3/UPLOADED000000000000'),
    );
    await screen.findByText('补充材料.pdf');
  });

  it('refuses a wrong type and an empty file with the spec messages, sending nothing', async () => {
    calls.listSettlementAttachments.mockResolvedValue([]);
    renderWithQuery(<SettlementAttachmentsDialog open settlement={settlement} editable onClose={() => undefined} />);
    await screen.findByText('暂无数据');
    pick(document.body, fileOf('tool.exe', HEADS.exe));
    await waitFor(() => expect(notes.warning).toHaveBeenCalledWith('请上传正确的文件类型'));
    pick(document.body, new File([], 'empty.pdf'));
    await waitFor(() => expect(notes.warning).toHaveBeenCalledWith('您上传的文件没有内容，请重新上传'));
    expect(files.uploadForm).not.toHaveBeenCalled();
    expect(calls.saveSettlementAttachment).not.toHaveBeenCalled();
  });

  it('deletes an attachment by its id with 删除成功', async () => {
    calls.listSettlementAttachments.mockResolvedValueOnce([attachment(5, '结算说明.docx')]).mockResolvedValue([]);
    calls.deleteSettlementAttachment.mockResolvedValue('删除成功');
    const onChanged = vi.fn();
    renderWithQuery(
      <SettlementAttachmentsDialog
        open
        settlement={settlement}
        editable
        onClose={() => undefined}
        onChanged={onChanged}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: '删除 结算说明.docx' }));
    await waitFor(() => expect(calls.deleteSettlementAttachment).toHaveBeenCalledWith(41, 5));
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('删除成功'));
    expect(onChanged).toHaveBeenCalled();
    await screen.findByText('暂无数据');
  });

  it('only lists, with 暂无数据, when the settlement is past its audit or the viewer is the platform', async () => {
    calls.listSettlementAttachments.mockResolvedValueOnce([]);
    const { unmount } = renderWithQuery(
      <SettlementAttachmentsDialog open settlement={settlement} editable={false} onClose={() => undefined} />,
    );
    await screen.findByText('暂无数据');
    expect(screen.queryByRole('button', { name: /上传附件/ })).toBeNull();
    unmount();
    calls.listSettlementAttachments.mockResolvedValueOnce([attachment(2, '现场照片.png')]);
    renderWithQuery(
      <SettlementAttachmentsDialog open settlement={settlement} editable={false} onClose={() => undefined} />,
    );
    await screen.findByText('现场照片.png');
    expect(screen.getByText('企业用户')).toBeTruthy();
    expect(screen.getByText('2026-11-22 10:30:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除 现场照片.png' })).toBeNull();
  });
});
