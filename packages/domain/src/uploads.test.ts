import { describe, expect, it } from 'vitest';
import { MB } from './limits';
import {
  AGREEMENT_FILE_POLICY,
  attachmentPolicy,
  documentPolicy,
  fileExtension,
  imageDimensionRejection,
  imagePolicy,
  TAX_LIST_FILE_POLICY,
  uploadRejection,
} from './uploads';

const file = (name: string, size = 1024) => ({ name, size });

describe('upload rule', () => {
  it('reads extensions case-insensitively', () => {
    expect(fileExtension('合同.PDF')).toBe('pdf');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('README')).toBe('');
  });

  it('checks type, emptiness, name, size and count in that order', () => {
    const policy = attachmentPolicy('default');
    expect(uploadRejection(file('a.exe', 0), policy, 99)).toBe('请上传正确的文件类型');
    expect(uploadRejection(file('a.pdf', 0), policy, 99)).toBe('您上传的文件没有内容，请重新上传');
    expect(uploadRejection(file(`${'文'.repeat(61)}.pdf`, 11 * MB), policy, 99)).toBe(
      '文件名不能超过64个字符，请重命名后重新上传',
    );
    expect(uploadRejection(file('a.pdf', 11 * MB), policy, 99)).toBe('文件大小超过10M，请重新上传');
    expect(uploadRejection(file('a.pdf'), policy, 10)).toBe('最多只能上传10个');
    expect(uploadRejection(file(`${'文'.repeat(60)}.pdf`, 10 * MB), policy, 9)).toBeNull();
  });

  it('follows the page and the configured size', () => {
    expect(uploadRejection(file('发票.ofd'), attachmentPolicy('invoice'), 0)).toBeNull();
    expect(uploadRejection(file('发票.ofd'), attachmentPolicy('default'), 0)).toBe('请上传正确的文件类型');
    expect(uploadRejection(file('报告.docx'), attachmentPolicy('settleReport'), 0)).toBe('请上传正确的文件类型');
    expect(uploadRejection(file('a.zip', 15 * MB), attachmentPolicy('default', 20), 0)).toBeNull();
    expect(uploadRejection(file('a.zip', 21 * MB), attachmentPolicy('default', 20, 3), 0)).toBe(
      '文件大小超过20M，请重新上传',
    );
  });

  it('gives the image and document messages of the spec', () => {
    expect(uploadRejection(file('logo.gif'), imagePolicy(), 0)).toBe('请上传jpeg、jpg、png格式的图片');
    expect(uploadRejection(file('logo.png', 4 * MB), imagePolicy(), 0)).toBe('请上传小于3M的图片');
    expect(uploadRejection(file('logo.png', 600 * 1024), imagePolicy(500 * 1024), 0)).toBe('请上传小于500KB的图片');
    expect(uploadRejection(file('a.xlsx'), documentPolicy(), 0)).toBe('仅支持word、PDF格式上传');
    expect(uploadRejection(file('a.doc', 6 * MB), documentPolicy(), 0)).toBe('请上传小于5M的文件');
    expect(uploadRejection(file('清单.pdf', 6 * MB), TAX_LIST_FILE_POLICY, 0)).toBe('请上传小于5M的文件');
  });

  it('limits agreement files to 10 Word or PDF files under 50 MB', () => {
    expect(uploadRejection(file('协议.docx', 50 * MB), AGREEMENT_FILE_POLICY, 9)).toBeNull();
    expect(uploadRejection(file('协议.docx', 50 * MB + 1), AGREEMENT_FILE_POLICY, 0)).toBe('请上传小于50M的文件');
    expect(uploadRejection(file('协议.pdf'), AGREEMENT_FILE_POLICY, 10)).toBe('最多只能上传10个');
    expect(uploadRejection(file('协议.png'), AGREEMENT_FILE_POLICY, 0)).toBe('仅支持word、PDF格式上传');
  });

  it('checks exact image dimensions', () => {
    expect(imageDimensionRejection({ width: 200, height: 200 }, { width: 200, height: 200 })).toBeNull();
    expect(imageDimensionRejection({ width: 201, height: 200 }, { width: 200, height: 200 })).toBe(
      '请上传尺寸宽200px，高200px的图片',
    );
  });
});
