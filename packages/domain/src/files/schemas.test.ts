import { describe, expect, it } from 'vitest';
import { compareVersions, isAppStoreUrl, isVersionName, saveAppVersionBodySchema, uploadFieldsSchema } from './schemas';

describe('app versions', () => {
  it('compare dotted versions by number, not by text', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0', '2.0.0')).toBe(0);
    expect(compareVersions('1.0.0', '1.0.1')).toBeLessThan(0);
  });

  it('accept numeric versions and App Store links only', () => {
    expect(isVersionName('2.3.1')).toBe(true);
    expect(isVersionName('v2.3')).toBe(false);
    expect(isVersionName('2')).toBe(false);
    expect(isAppStoreUrl('https://apps.apple.com/cn/app/id123456789')).toBe(true);
    expect(isAppStoreUrl('http://apps.apple.com/cn/app/id1')).toBe(false);
    expect(isAppStoreUrl('https://apps.apple.com.evil.cn/x')).toBe(false);
  });

  it('need a package or an iOS link, a version and notes, each with its message', () => {
    const issues = (body: unknown) =>
      saveAppVersionBodySchema.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ versionName: '', releaseNotes: '' })).toEqual(
      expect.arrayContaining(['请输入版本号', '请输入更新说明']),
    );
    expect(issues({ versionName: '1.0.0', releaseNotes: '首个版本' })).toEqual(['请上传安卓安装包或填写iOS下载地址']);
    expect(issues({ versionName: '1.0.0', releaseNotes: '首个版本', iosUrl: 'https://example.com/app' })).toContain(
      '请输入正确的苹果应用商店下载地址',
    );
    expect(
      issues({ versionName: '1.0.0', releaseNotes: '首个版本', iosUrl: 'https://apps.apple.com/cn/app/id1' }),
    ).toEqual([]);
  });
});

describe('upload fields', () => {
  it('default to the attachment scene and refuse folder tricks', () => {
    expect(uploadFieldsSchema.parse({})).toEqual({ scene: 'default' });
    expect(uploadFieldsSchema.safeParse({ uploadPath: '../etc' }).success).toBe(false);
    expect(uploadFieldsSchema.safeParse({ uploadPath: 'settlement/attach' }).success).toBe(true);
    expect(uploadFieldsSchema.safeParse({ scene: 'exe' }).success).toBe(false);
  });
});
