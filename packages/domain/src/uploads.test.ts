import { describe, expect, it } from 'vitest';
import { MB } from './limits';
import {
  AGREEMENT_FILE_POLICY,
  appPackagePolicy,
  attachmentPolicy,
  contentRejection,
  documentPolicy,
  fileExtension,
  imageDimensionRejection,
  imagePolicy,
  isSafeFileName,
  largestUploadBytes,
  policyForScene,
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

describe('file names', () => {
  it('refuses folder parts, parent steps and control characters', () => {
    expect(isSafeFileName('合同 2025（定稿）.pdf')).toBe(true);
    for (const name of ['../a.pdf', '..\\a.pdf', 'a/b.pdf', 'a\\b.pdf', 'a\u0000.pdf', 'a\n.pdf', '   ']) {
      expect(isSafeFileName(name), JSON.stringify(name)).toBe(false);
    }
    expect(uploadRejection(file('../../etc/passwd.pdf'), attachmentPolicy('default'), 0)).toBe(
      '文件名不能包含路径或特殊字符，请重命名后重新上传',
    );
  });
});

describe('content must fit the extension', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  it('accepts the real signature and refuses a renamed file with the policy message', () => {
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0);
    expect(contentRejection('logo.png', png, imagePolicy())).toBeNull();
    expect(contentRejection('logo.jpg', png, imagePolicy())).toBe('请上传jpeg、jpg、png格式的图片');
    expect(contentRejection('a.pdf', new TextEncoder().encode('MZ\x90\x00'), attachmentPolicy('default'))).toBe(
      '请上传正确的文件类型',
    );
    expect(contentRejection('a.docx', png, documentPolicy())).toBe('仅支持word、PDF格式上传');
  });
});

describe('scenes', () => {
  it('give each screen its policy, with the configured attachment size', () => {
    expect(policyForScene('default', { managerFileSizeMb: 20 }).maxBytes).toBe(20 * MB);
    expect(policyForScene('invoice').extensions).toContain('ofd');
    expect(policyForScene('invoice').maxCount).toBe(50);
    expect(policyForScene('settleReport').extensions).toEqual(['pdf']);
    expect(policyForScene('image').maxBytes).toBe(3 * MB);
    expect(policyForScene('document').maxBytes).toBe(5 * MB);
    expect(policyForScene('agreement').maxBytes).toBe(52_428_800);
    expect(policyForScene('taxList').wrongTypeMessage).toBe('仅支持word、PDF格式上传');
    expect(policyForScene('appPackage').extensions).toEqual(['apk']);
  });

  it('let a widget tighten the limits but never widen them', () => {
    const tight = policyForScene('image', { maxBytes: 500 * 1024, maxCount: 3 });
    expect(tight.maxBytes).toBe(500 * 1024);
    expect(tight.tooLargeMessage).toBe('请上传小于500KB的图片');
    expect(tight.maxCount).toBe(3);
    const wide = policyForScene('image', { maxBytes: 100 * MB, maxCount: 100 });
    expect(wide.maxBytes).toBe(3 * MB);
    expect(wide.maxCount).toBe(10);
    const attachment = policyForScene('default', { maxBytes: 2 * MB });
    expect(uploadRejection(file('a.pdf', 3 * MB), attachment, 0)).toBe('文件大小超过2M，请重新上传');
  });

  it('cap a streaming upload at the largest scene', () => {
    expect(largestUploadBytes(10)).toBe(200 * MB);
    expect(largestUploadBytes(500)).toBe(500 * MB);
  });

  it('give app packages their own messages', () => {
    expect(uploadRejection(file('app.zip'), appPackagePolicy(), 0)).toBe('请上传apk格式的安卓安装包');
    expect(uploadRejection(file('app.apk', 201 * MB), appPackagePolicy(), 0)).toBe('安装包大小不能超过200M');
  });
});
