import { describe, expect, it } from 'vitest';
import {
  maskAccountNo,
  maskBankCard,
  maskContact,
  maskEmail,
  maskIdCard,
  maskMiddle,
  maskName,
  maskPhone,
} from './masking';

describe('masking', () => {
  it('masks the middle four digits of a mobile number', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('0755-12345678')).toBe('075******5678');
    expect(maskPhone('1234567')).toBe('1******');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
  });

  it('keeps the first 3 and last 4 characters of an ID', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskIdCard('110105491231002')).toBe('110********1002');
    expect(maskIdCard('123')).toBe('1**');
    expect(maskIdCard(undefined)).toBe('');
  });

  it('shows only the last 4 digits of a bank card, in groups', () => {
    expect(maskBankCard('6222021234567890123')).toBe('**** **** **** 0123');
    expect(maskBankCard('6222 0212 3456 7890')).toBe('**** **** **** 7890');
    expect(maskBankCard('1234')).toBe('****');
    expect(maskBankCard('')).toBe('');
  });

  it('masks names', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('张小三')).toBe('张*三');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
    expect(maskName('张')).toBe('*');
    expect(maskName('𠀀三')).toBe('𠀀*');
    expect(maskName(null)).toBe('');
  });

  it('masks the local part of e-mail addresses', () => {
    expect(maskEmail('zhangsan@example.com')).toBe('zh******@example.com');
    expect(maskEmail('abc@example.com')).toBe('a**@example.com');
    expect(maskEmail('ab@example.com')).toBe('a*@example.com');
    expect(maskEmail('a@example.com')).toBe('*@example.com');
    expect(maskEmail('not-an-email')).toBe('n***********');
    expect(maskEmail('')).toBe('');
  });

  it('never reveals a short value whole', () => {
    expect(maskMiddle('ab', 3, 4)).toBe('a*');
    expect(maskMiddle('a', 3, 4)).toBe('*');
    expect(maskMiddle('abcdefgh', 3, 4)).toBe('abc*efgh');
  });
});

describe('contacts and account numbers', () => {
  it('masks every name and number of a free-text contact', () => {
    expect(maskContact('张伟 13812345678')).toBe('张* 138****5678');
    expect(maskContact('欧阳娜娜,13900000001；王小明 021-62345678')).toBe('欧**娜,139****0001；王*明 021*****5678');
    expect(maskContact('')).toBe('');
    expect(maskContact(null)).toBe('');
  });

  it('keeps the last 4 digits of an account number', () => {
    expect(maskAccountNo('571912345678901')).toBe('**** **** **** 8901');
    expect(maskAccountNo('7310000001')).toBe('**** **** **** 0001');
  });
});
