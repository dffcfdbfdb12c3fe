import { describe, expect, it } from 'vitest';
import { INVOICE_NUMBER_CONFIG_KEY, MANAGER_FILE_SIZE_CONFIG_KEY, QRCODE_ADDRESS_CONFIG_KEY } from '../limits';
import { configValueRefusal, wholeNumberConfig } from './config-values';
import { configSaveOperation } from './operations';

describe('configuration values by key', () => {
  it('the attachment limit is a whole number of MB in range, written in digits', () => {
    expect(configValueRefusal(MANAGER_FILE_SIZE_CONFIG_KEY, '20')).toBeNull();
    for (const content of ['1e3', '0x10', '10.5', '-1', '0', '101', ' ', 'Infinity', '１０']) {
      expect(configValueRefusal(MANAGER_FILE_SIZE_CONFIG_KEY, content)).toBe(
        '附件大小上限应为1到100之间的整数（单位 MB）',
      );
    }
  });

  it('the invoice number count and the download address have their own rules', () => {
    expect(configValueRefusal(INVOICE_NUMBER_CONFIG_KEY, '12')).toBeNull();
    expect(configValueRefusal(INVOICE_NUMBER_CONFIG_KEY, '51')).toMatch(/^发票号码数量上限应为/);
    expect(configValueRefusal(QRCODE_ADDRESS_CONFIG_KEY, 'https://download.example.cn/app')).toBeNull();
    expect(configValueRefusal(QRCODE_ADDRESS_CONFIG_KEY, 'javascript:alert(1)')).toMatch(/^APP下载地址应为/);
    expect(configValueRefusal(QRCODE_ADDRESS_CONFIG_KEY, `https://a.cn/${'x'.repeat(500)}`)).toMatch(/不能超过/);
  });

  it('a stored value outside its rule reads as the default', () => {
    expect(wholeNumberConfig(MANAGER_FILE_SIZE_CONFIG_KEY, '1e3', 10)).toBe(10);
    expect(wholeNumberConfig(MANAGER_FILE_SIZE_CONFIG_KEY, ' 20 ', 10)).toBe(20);
    expect(wholeNumberConfig(MANAGER_FILE_SIZE_CONFIG_KEY, undefined, 10)).toBe(10);
  });

  it('the save call refuses a value outside its key rule, naming the content', () => {
    const parsed = configSaveOperation.input.safeParse({ configKey: MANAGER_FILE_SIZE_CONFIG_KEY, content: '1e3' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['content'],
      message: expect.stringMatching(/^附件大小上限/),
    });
    expect(
      configSaveOperation.input.safeParse({ configKey: MANAGER_FILE_SIZE_CONFIG_KEY, content: ' 30 ' }).success,
    ).toBe(true);
  });
});
