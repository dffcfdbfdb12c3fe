import { MB, MSG, type UploadedFile } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttachmentItem } from './attachment-item';
import { ImageUpload, type ImageUploadProps } from './ImageUpload';
import { MultiImageUpload } from './MultiImageUpload';
import { fileOf, HEADS, pick, renderWithQuery } from './upload-test-utils';

const api = vi.hoisted(() => ({ uploadForm: vi.fn(), fileLink: vi.fn() }));
vi.mock('./file-calls', () => api);
const notes = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => notes }));
const sizes = vi.hoisted(() => ({ readImageSize: vi.fn() }));
vi.mock('./image-size', () => sizes);

let counter = 0;
const stored = (name: string): UploadedFile => {
  counter += 1;
  const address = `/api/resource/file/1/IMG${String(counter).padStart(19, '0')}`;
  return {
    id: counter,
    name,
    address,
    fileName: name,
    fileAddress: address,
    fileType: 'png',
    fileSize: 1024,
    createTime: 0,
    delFlag: 0,
    url: `/signed/${counter}`,
  };
};

let current: AttachmentItem | null = null;

function ControlledImage(props: Omit<ImageUploadProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState<AttachmentItem | null>(null);
  return (
    <ImageUpload
      {...props}
      value={value}
      onChange={(next) => {
        current = next;
        setValue(next);
      }}
    />
  );
}

function ControlledImages({ maxCount }: { maxCount: number }) {
  const [value, setValue] = useState<AttachmentItem[]>([]);
  return <MultiImageUpload maxCount={maxCount} value={value} onChange={setValue} />;
}

beforeEach(() => {
  vi.resetAllMocks();
  current = null;
  api.uploadForm.mockImplementation(async (_target: string, form: FormData) => stored((form.get('file') as File).name));
});

async function expectRefused(container: HTMLElement, file: File, message: string) {
  pick(container, file);
  await waitFor(() => expect(notes.warning).toHaveBeenCalledWith(message));
  expect(api.uploadForm).not.toHaveBeenCalled();
}

describe('ImageUpload', () => {
  it('takes jpeg, jpg and png only', async () => {
    const { container } = renderWithQuery(<ControlledImage />);
    expect(screen.getByText('支持 jpeg、jpg、png 格式，小于3M')).toBeTruthy();
    await expectRefused(container, fileOf('头像.gif', HEADS.png), '请上传jpeg、jpg、png格式的图片');
    await expectRefused(container, fileOf('头像.png', HEADS.pdf), '请上传jpeg、jpg、png格式的图片');
  });

  it('refuses images over 3 MB by default', async () => {
    const { container } = renderWithQuery(<ControlledImage />);
    await expectRefused(container, fileOf('执照.jpg', HEADS.jpeg, 3 * MB + 1), '请上传小于3M的图片');
  });

  it('shows a limit under 1 MB in KB', async () => {
    const { container } = renderWithQuery(<ControlledImage maxBytes={500 * 1024} />);
    expect(screen.getByText('支持 jpeg、jpg、png 格式，小于500KB')).toBeTruthy();
    await expectRefused(container, fileOf('logo.png', HEADS.png, 501 * 1024), '请上传小于500KB的图片');
  });

  it('checks an exact pixel size when the page asks for one', async () => {
    sizes.readImageSize.mockResolvedValue({ width: 201, height: 200 });
    const { container } = renderWithQuery(<ControlledImage size={{ width: 200, height: 200 }} />);
    expect(screen.getByText('支持 jpeg、jpg、png 格式，小于3M，尺寸宽200px，高200px')).toBeTruthy();
    await expectRefused(container, fileOf('logo.png', HEADS.png), '请上传尺寸宽200px，高200px的图片');
    sizes.readImageSize.mockResolvedValue(null);
    notes.warning.mockClear();
    await expectRefused(container, fileOf('坏图.png', HEADS.png), MSG.imageUnreadable);
    sizes.readImageSize.mockResolvedValue({ width: 200, height: 200 });
    pick(container, fileOf('logo.png', HEADS.png));
    await waitFor(() => expect(current?.name).toBe('logo.png'));
    const form = api.uploadForm.mock.calls[0][1] as FormData;
    expect(form.get('scene')).toBe('image');
  });

  it('holds one image: shows it, offers no second, and clears on delete', async () => {
    const { container } = renderWithQuery(<ControlledImage />);
    pick(container, fileOf('营业执照.png', HEADS.png));
    const image = await screen.findByAltText('营业执照.png');
    expect(image.getAttribute('src')).toMatch(/^\/signed\//);
    expect(screen.queryByText('上传图片')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除 营业执照.png' }));
    expect(current).toBeNull();
    await screen.findByText('上传图片');
  });

  it('shows a saved image through a fresh signed link', async () => {
    api.fileLink.mockResolvedValue({ url: '/fresh-link', expiresAt: 0 });
    renderWithQuery(
      <ImageUpload value={{ name: '身份证.png', address: '/api/resource/file/1/SAVEDSAVEDSAVEDSAVED12' }} />,
    );
    const image = await screen.findByAltText('身份证.png');
    expect(image.getAttribute('src')).toBe('/fresh-link');
    expect(api.fileLink).toHaveBeenCalledWith('/api/resource/file/1/SAVEDSAVEDSAVEDSAVED12');
  });

  it('shows 无效文件 for a saved image that cannot be opened', async () => {
    api.fileLink.mockRejectedValue(new Error('文件不存在或已删除'));
    renderWithQuery(
      <ImageUpload value={{ name: '丢失.png', address: '/api/resource/file/1/GONEGONEGONEGONEGONE12' }} />,
    );
    await screen.findByText('无效文件');
  });
});

describe('MultiImageUpload', () => {
  it('takes the image rule and a limited count', async () => {
    const { container } = renderWithQuery(<ControlledImages maxCount={3} />);
    expect(screen.getByText('支持 jpeg、jpg、png 格式，小于3M，最多上传3张')).toBeTruthy();
    pick(
      container,
      fileOf('1.png', HEADS.png),
      fileOf('2.jpg', HEADS.jpeg),
      fileOf('3.jpeg', HEADS.jpeg),
      fileOf('4.png', HEADS.png),
    );
    await waitFor(() => expect(notes.warning).toHaveBeenCalledWith('最多只能上传3个'));
    for (const name of ['1.png', '2.jpg', '3.jpeg']) expect(await screen.findByAltText(name)).toBeTruthy();
    // full: no add card
    expect(screen.queryByText('上传图片')).toBeNull();
    expect(api.uploadForm).toHaveBeenCalledTimes(3);
  });

  it('refuses a large or wrong image with the image messages', async () => {
    const { container } = renderWithQuery(<ControlledImages maxCount={9} />);
    await expectRefused(container, fileOf('大图.png', HEADS.png, 4 * MB), '请上传小于3M的图片');
    await expectRefused(container, fileOf('动图.gif', HEADS.png), '请上传jpeg、jpg、png格式的图片');
  });
});
