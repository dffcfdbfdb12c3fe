import type { UploadedFile } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AttachmentListDialog } from './AttachmentListDialog';
import { PdfViewer } from './PdfViewer';
import { renderWithQuery } from './upload-test-utils';

const api = vi.hoisted(() => ({ listFiles: vi.fn(), deleteFile: vi.fn(), fileLink: vi.fn() }));
vi.mock('./file-calls', () => api);
const notes = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => notes }));
vi.mock('./PdfPages', () => ({
  default: ({ src, onFailed }: { src: string; onFailed(): void }) => (
    <button type="button" onClick={onFailed}>
      PDF页面 {src}
    </button>
  ),
}));

const file = (name: string, fileType: string, id: number): UploadedFile => ({
  id,
  name,
  address: `/api/resource/file/3/FILE${String(id).padStart(18, '0')}`,
  fileName: name,
  fileAddress: `/api/resource/file/3/FILE${String(id).padStart(18, '0')}`,
  fileType,
  fileSize: 1536,
  createTime: new Date('2025-11-21T10:30:00+08:00').getTime(),
  delFlag: 0,
  url: `/signed/${id}`,
});

beforeEach(() => {
  vi.resetAllMocks();
  api.fileLink.mockResolvedValue({ url: '/signed-link', expiresAt: 0 });
});

describe('AttachmentListDialog', () => {
  it('is 730 wide and says 暂无数据 when there is nothing', async () => {
    renderWithQuery(<AttachmentListDialog open files={[]} onClose={() => undefined} />);
    await screen.findByText('附件列表');
    expect(screen.getByText('暂无数据')).toBeTruthy();
    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe('730px');
  });

  it("lists a record's files, previews a PDF, and deletes with 删除成功", async () => {
    api.listFiles.mockResolvedValueOnce([file('结算确认单.pdf', 'pdf', 1), file('附件.zip', 'zip', 2)]);
    api.listFiles.mockResolvedValueOnce([file('附件.zip', 'zip', 2)]);
    api.deleteFile.mockResolvedValue('删除成功');
    renderWithQuery(
      <AttachmentListDialog
        open
        record={{ uploadPath: 'settlement', recordId: 'S9' }}
        deletable
        onClose={() => undefined}
      />,
    );
    await screen.findByText('结算确认单.pdf');
    expect(api.listFiles).toHaveBeenCalledWith('settlement', 'S9');
    expect(screen.getAllByText('2KB')).toHaveLength(2);
    expect(screen.getAllByText('预览')).toHaveLength(1); // zip has no preview

    fireEvent.click(screen.getByText('预览'));
    await screen.findByText('PDF页面 /signed-link');
    // the preview opens in the large (1200) dialog over the 730 list
    const widths = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).map((modal) => modal.style.width);
    expect(widths).toEqual(expect.arrayContaining(['730px', '1200px']));

    fireEvent.click(screen.getAllByText('删除')[0]);
    fireEvent.click(await screen.findByRole('button', { name: '确 定' }));
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('删除成功'));
    expect(api.deleteFile).toHaveBeenCalledWith(file('结算确认单.pdf', 'pdf', 1).address);
    await waitFor(() => expect(screen.queryByRole('button', { name: '结算确认单.pdf' })).toBeNull());
    expect(screen.getByRole('button', { name: '附件.zip' })).toBeTruthy();
  });

  it('keeps the list when deletion is refused (the request layer shows the message)', async () => {
    api.listFiles.mockResolvedValue([file('发票.pdf', 'pdf', 3)]);
    api.deleteFile.mockRejectedValue(new Error('暂无操作权限，请联系管理员'));
    renderWithQuery(
      <AttachmentListDialog
        open
        record={{ uploadPath: 'invoice', recordId: '1' }}
        deletable
        onClose={() => undefined}
      />,
    );
    fireEvent.click(await screen.findByText('删除'));
    fireEvent.click(await screen.findByRole('button', { name: '确 定' }));
    await waitFor(() => expect(api.deleteFile).toHaveBeenCalled());
    expect(notes.success).not.toHaveBeenCalled();
    expect(screen.getByText('发票.pdf')).toBeTruthy();
  });

  it('hides files removed from the record (delFlag 1)', async () => {
    renderWithQuery(
      <AttachmentListDialog
        open
        files={[
          { name: '留下.pdf', address: 'a', delFlag: 0 },
          { name: '删掉.pdf', address: 'b', delFlag: 1 },
        ]}
        onClose={() => undefined}
      />,
    );
    await screen.findByText('留下.pdf');
    expect(screen.queryByText('删掉.pdf')).toBeNull();
  });
});

describe('PdfViewer', () => {
  it('shows 无效文件 when there is no file', () => {
    renderWithQuery(<PdfViewer address={null} />);
    expect(screen.getByText('无效文件')).toBeTruthy();
  });

  it('shows 无效文件 when the file cannot be opened', async () => {
    api.fileLink.mockRejectedValue(new Error('文件不存在或已删除'));
    renderWithQuery(<PdfViewer address="/api/resource/file/1/MISSINGMISSINGMISSIN1" />);
    await screen.findByText('无效文件');
  });

  it('shows the pages, and 无效文件 when pdf.js cannot read them', async () => {
    renderWithQuery(<PdfViewer url="/signed/report.pdf" />);
    fireEvent.click(await screen.findByText('PDF页面 /signed/report.pdf'));
    await screen.findByText('无效文件');
    expect(api.fileLink).not.toHaveBeenCalled();
  });
});
