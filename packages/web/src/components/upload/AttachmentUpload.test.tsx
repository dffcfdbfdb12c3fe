import { MB, MSG, type UploadedFile } from '@fieldpay/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { AttachmentUpload, type AttachmentUploadProps } from './AttachmentUpload';
import type { AttachmentItem } from './attachment-item';
import { DocumentUpload } from './DocumentUpload';
import { requiredUploadRule } from './required-upload-rule';
import { fileOf, HEADS, pick, renderWithQuery } from './upload-test-utils';

const api = vi.hoisted(() => ({ uploadForm: vi.fn(), fileLink: vi.fn() }));
vi.mock('./file-calls', () => api);
const system = vi.hoisted(() => ({ configValue: vi.fn(), configValueKey: (key: string) => ['config', key] }));
vi.mock('../../app/shell-calls', () => system);
const notes = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => notes }));

const stored = (name: string, overrides: Partial<UploadedFile> = {}): UploadedFile => ({
  id: 1,
  name,
  address: `/api/resource/file/1/${name.length}AAAAAAAAAAAAAAAAAAAA`,
  fileName: name,
  fileAddress: `/api/resource/file/1/${name.length}AAAAAAAAAAAAAAAAAAAA`,
  fileType: name.split('.').pop() ?? '',
  fileSize: 2048,
  createTime: 0,
  delFlag: 0,
  url: '/signed',
  ...overrides,
});

let changes: AttachmentItem[][] = [];

function Controlled({
  initial = [],
  ...props
}: Omit<AttachmentUploadProps, 'value' | 'onChange'> & { initial?: AttachmentItem[] }) {
  const [value, setValue] = useState<AttachmentItem[]>(initial);
  return (
    <AttachmentUpload
      {...props}
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

beforeEach(() => {
  vi.resetAllMocks();
  changes = [];
  system.configValue.mockResolvedValue({ configKey: 'manager_file_size', content: '10' });
  api.uploadForm.mockImplementation(async (_target: string, form: FormData) => stored((form.get('file') as File).name));
});

/** Picks a file and expects this warning, with nothing sent. */
async function expectRefused(container: HTMLElement, file: File, message: string) {
  pick(container, file);
  await waitFor(() => expect(notes.warning).toHaveBeenCalledWith(message));
  expect(api.uploadForm).not.toHaveBeenCalled();
}

describe('AttachmentUpload', () => {
  it('refuses a type the page does not take', async () => {
    const { container } = renderWithQuery(<Controlled />);
    await expectRefused(container, fileOf('程序.exe', HEADS.exe), '请上传正确的文件类型');
  });

  it('refuses a renamed file by its first bytes', async () => {
    const { container } = renderWithQuery(<Controlled />);
    await expectRefused(container, fileOf('发票.pdf', HEADS.exe), '请上传正确的文件类型');
  });

  it('refuses an empty file', async () => {
    const { container } = renderWithQuery(<Controlled />);
    await expectRefused(container, fileOf('空.pdf', new Uint8Array()), '您上传的文件没有内容，请重新上传');
  });

  it('refuses a name over 64 characters', async () => {
    const { container } = renderWithQuery(<Controlled />);
    await expectRefused(
      container,
      fileOf(`${'长'.repeat(61)}.pdf`, HEADS.pdf),
      '文件名不能超过64个字符，请重命名后重新上传',
    );
  });

  it('refuses a name with folder parts', async () => {
    const { container } = renderWithQuery(<Controlled />);
    await expectRefused(container, fileOf('报告..pdf', HEADS.pdf), MSG.uploadNameInvalid);
  });

  it('limits the size by the configuration value manager_file_size', async () => {
    const { container } = renderWithQuery(<Controlled />);
    await screen.findByText(/单个文件不超过10M，最多上传10个/);
    await expectRefused(container, fileOf('大.pdf', HEADS.pdf, 10 * MB + 1), '文件大小超过10M，请重新上传');
  });

  it('follows a larger configured size', async () => {
    system.configValue.mockResolvedValue({ configKey: 'manager_file_size', content: '20' });
    const { container } = renderWithQuery(<Controlled />);
    await screen.findByText(/单个文件不超过20M/);
    pick(container, fileOf('较大.pdf', HEADS.pdf, 15 * MB));
    await waitFor(() => expect(api.uploadForm).toHaveBeenCalled());
  });

  it('limits the count, counting files still in flight', async () => {
    api.uploadForm.mockReturnValue(new Promise(() => undefined));
    const { container } = renderWithQuery(<Controlled maxCount={2} />);
    pick(container, fileOf('一.pdf', HEADS.pdf), fileOf('二.pdf', HEADS.pdf), fileOf('三.pdf', HEADS.pdf));
    await waitFor(() => expect(notes.warning).toHaveBeenCalledWith('最多只能上传2个'));
    await waitFor(() => expect(api.uploadForm).toHaveBeenCalledTimes(2));
  });

  it('takes the types of each page', async () => {
    const invoice = renderWithQuery(<Controlled page="invoice" />);
    pick(invoice.container, fileOf('发票.ofd', HEADS.zip));
    await waitFor(() => expect(api.uploadForm).toHaveBeenCalledTimes(1));
    expect((api.uploadForm.mock.calls[0][1] as FormData).get('scene')).toBe('invoice');
    invoice.unmount();
    api.uploadForm.mockClear();
    const report = renderWithQuery(<Controlled page="settleReport" />);
    await expectRefused(report.container, fileOf('报告.docx', HEADS.zip), '请上传正确的文件类型');
  });

  it('shows progress up to 99 while sending, 100 when done, then lists the file', async () => {
    let progress: (percent: number) => void = () => undefined;
    let finish: (file: UploadedFile) => void = () => undefined;
    api.uploadForm.mockImplementation(
      (_target: string, _form: FormData, onProgress: (percent: number) => void) =>
        new Promise<UploadedFile>((resolve) => {
          progress = onProgress;
          finish = resolve;
        }),
    );
    const { container } = renderWithQuery(<Controlled uploadPath="settlement" recordId="S1" />);
    pick(container, fileOf('结算附件.pdf', HEADS.pdf));
    await screen.findByText('0%');
    act(() => progress(40));
    await screen.findByText('40%');
    act(() => progress(99));
    await screen.findByText('99%');
    await act(async () => {
      progress(100);
      finish(stored('结算附件.pdf'));
    });
    await screen.findByRole('button', { name: '结算附件.pdf' });
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    const form = api.uploadForm.mock.calls[0][1] as FormData;
    expect([form.get('uploadPath'), form.get('id'), form.get('scene')]).toEqual(['settlement', 'S1', 'default']);
    expect(api.uploadForm.mock.calls[0][0]).toBe('upload');
    expect(changes.at(-1)?.map((item) => item.name)).toEqual(['结算附件.pdf']);
  });

  it('says 暂无结果 when the server answers success without a result', async () => {
    api.uploadForm.mockRejectedValue(new ApiError(MSG.noResult, 'malformed'));
    const { container } = renderWithQuery(<Controlled />);
    pick(container, fileOf('a.pdf', HEADS.pdf));
    await waitFor(() => expect(notes.warning).toHaveBeenCalledWith('暂无结果'));
    expect(changes).toEqual([]);
  });

  it('leaves a refusal by the server to the request layer and lists nothing', async () => {
    api.uploadForm.mockRejectedValue(new ApiError('最多只能上传2个', 400));
    const { container } = renderWithQuery(<Controlled />);
    pick(container, fileOf('a.pdf', HEADS.pdf));
    await waitFor(() => expect(api.uploadForm).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull());
    expect(notes.warning).not.toHaveBeenCalled();
    expect(changes).toEqual([]);
  });

  it('is disabled until the page allows it, and says why', async () => {
    const { container } = renderWithQuery(<Controlled disabled disabledReason={MSG.uploadDisabledUntilProject} />);
    expect(screen.getByText('请先选择项目名称和服务类型')).toBeTruthy();
    expect(screen.getByRole('button', { name: /上传附件/ }).hasAttribute('disabled')).toBe(true);
    pick(container, fileOf('a.pdf', HEADS.pdf));
    expect(screen.getByText('请先选择项目名称和服务类型')).toBeTruthy();
  });

  it('takes nothing picked while disabled: once enabled, only the next pick is sent', async () => {
    function EnabledLater() {
      const [disabled, setDisabled] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setDisabled(false)}>
            启用
          </button>
          <Controlled disabled={disabled} disabledReason={MSG.uploadDisabledUntilProject} />
        </>
      );
    }
    const { container } = renderWithQuery(<EnabledLater />);
    pick(container, fileOf('a.pdf', HEADS.pdf));
    fireEvent.click(screen.getByRole('button', { name: '启用' }));
    pick(container, fileOf('b.pdf', HEADS.pdf));
    // the second pick goes the whole way; the first, had it been taken, would have gone first
    await waitFor(() => expect(changes.at(-1)?.map((item) => item.name)).toEqual(['b.pdf']));
    expect(api.uploadForm).toHaveBeenCalledTimes(1);
    expect((api.uploadForm.mock.calls[0][1] as FormData).get('file')).toMatchObject({ name: 'b.pdf' });
  });

  it('marks a saved file deleted (delFlag 1) and drops a new one', async () => {
    const saved: AttachmentItem = {
      name: '旧附件.pdf',
      address: '/api/resource/file/1/OLDOLDOLDOLDOLDOLDOLD1',
      delFlag: 0,
    };
    const { container } = renderWithQuery(<Controlled initial={[saved]} />);
    pick(container, fileOf('新附件.pdf', HEADS.pdf));
    await screen.findByRole('button', { name: '新附件.pdf' });
    fireEvent.click(screen.getByRole('button', { name: '删除 旧附件.pdf' }));
    expect(changes.at(-1)).toEqual([{ ...saved, delFlag: 1 }, expect.objectContaining({ name: '新附件.pdf' })]);
    expect(screen.queryByRole('button', { name: '旧附件.pdf' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除 新附件.pdf' }));
    expect(changes.at(-1)).toEqual([{ ...saved, delFlag: 1 }]);
  });

  it('a required upload says 请上传附件 until a file is held', async () => {
    const rule = requiredUploadRule();
    await expect(rule.validator(null, [])).rejects.toThrow('请上传附件');
    await expect(rule.validator(null, [{ name: 'a', address: 'x', delFlag: 1 }])).rejects.toThrow('请上传附件');
    await expect(rule.validator(null, [{ name: 'a', address: 'x' }])).resolves.toBeUndefined();
    await expect(requiredUploadRule(MSG.taxListFileRequired).validator(null, null)).rejects.toThrow(
      '请上传缴税清单（电子版）',
    );
  });
});

describe('DocumentUpload', () => {
  it('takes Word or PDF under 5 MB', async () => {
    const { container } = renderWithQuery(<DocumentUpload value={[]} />);
    expect(screen.getByText(/支持 doc、docx、pdf 格式，单个文件不超过5M/)).toBeTruthy();
    await expectRefused(container, fileOf('表格.xlsx', HEADS.zip), '仅支持word、PDF格式上传');
    await expectRefused(container, fileOf('清单.pdf', HEADS.pdf, 5 * MB + 1), '请上传小于5M的文件');
    await expectRefused(container, fileOf('清单.doc', HEADS.exe), '仅支持word、PDF格式上传');
  });

  it('takes agreement files up to 50 MB and 10 files', async () => {
    const { container } = renderWithQuery(<DocumentUpload scene="agreement" value={[]} />);
    expect(screen.getByText(/单个文件不超过50M，最多上传10个/)).toBeTruthy();
    await expectRefused(container, fileOf('协议.pdf', HEADS.pdf, 50 * MB + 1), '请上传小于50M的文件');
  });
});
