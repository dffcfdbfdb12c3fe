import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from './messages';
import {
  acceptsTierFeeInput,
  amountSchema,
  bankCardSchema,
  chineseTextSchema,
  configKeySchema,
  cutOffAmountSchema,
  emailSchema,
  expressNumbersSchema,
  feeTierErrors,
  feeTiersSchema,
  fourDecimalNumberSchema,
  headcountErrors,
  headcountSchema,
  invoiceNumbersSchema,
  isAmount,
  isBankCard,
  isChineseText,
  isConfigKey,
  isCutOffAmount,
  isEmail,
  isExpressNumber,
  isFourDecimalNumber,
  isInvoiceNumber,
  isLandline,
  isLoginName,
  isMobile,
  isNationalId,
  isPassword,
  isPositiveInteger,
  isPostcode,
  isRsaPrivateKey,
  isRsaPublicKey,
  isSecondPassword,
  isSecurityPassword,
  isServiceRate,
  isSmsCode,
  isSubUnitCode,
  isTaxId,
  isTransactionPassword,
  isTwoDecimalNumber,
  isUnifiedSocialCreditCode,
  isWithdrawalAmount,
  landlineSchema,
  loginNameSchema,
  luhnValid,
  mobileSchema,
  nationalIdBirthDate,
  nationalIdCheckChar,
  nationalIdSchema,
  parsePageSizeInput,
  passwordSchema,
  personPasswordFormSchema,
  positiveIntegerSchema,
  postcodeSchema,
  rsaPrivateKeySchema,
  rsaPublicKeySchema,
  secondPasswordFormSchema,
  secondPasswordSchema,
  securityPasswordSchema,
  serviceRateSchema,
  singleServiceRateSchema,
  smsCodeSchema,
  subUnitCodeSchema,
  taxIdSchema,
  transactionPasswordSchema,
  twoDecimalNumberSchema,
  unifiedSocialCreditCodeSchema,
  usccCheckChar,
  withdrawalAmountSchema,
} from './validators';

// Check characters derived independently of the implementation: GB 11643 weights are 2^(17-i) mod 11
// with check (12 - sum mod 11) mod 11 (10 written X); GB 32100 weights are 3^i mod 31.
function withIdCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  const check = (12 - (sum % 11)) % 11;
  return first17 + (check === 10 ? 'X' : String(check));
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
function withUsccCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i]) * (3 ** i % 31);
  return first17 + USCC_CHARS[(31 - (sum % 31)) % 31];
}

/** Deterministic pseudo-random bodies over a character set (a small LCG, so failures reproduce). */
function sampleBodies(charset: string, count: number): string[] {
  let seed = 20250115;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 17 }, () => charset[next() % charset.length]).join(''),
  );
}

/** First message zod reports for a value, or null when it parses. */
function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
}

function expectRule(predicate: (value: string) => boolean, valid: string[], invalid: string[]) {
  expect(valid.length).toBeGreaterThanOrEqual(5);
  expect(invalid.length).toBeGreaterThanOrEqual(5);
  for (const value of valid) expect(predicate(value), `valid: ${value}`).toBe(true);
  for (const value of invalid) expect(predicate(value), `invalid: ${value}`).toBe(false);
}

function expectSchema(schema: z.ZodType, message: string, valid: string[], invalid: string[]) {
  for (const value of valid) expect(firstMessage(schema, value), `valid: ${value}`).toBeNull();
  for (const value of invalid) expect(firstMessage(schema, value), `invalid: ${value}`).toBe(message);
}

const TODAY = new Date(2025, 0, 15);

describe('national ID (GB 11643)', () => {
  const valid = [
    '11010519491231002X',
    withIdCheck('44030619900307251'),
    withIdCheck('31011520000229123'), // leap day
    withIdCheck('65010219000101001'), // earliest accepted year
    withIdCheck('81000020250115003'), // born today (Hong Kong residence permit prefix)
    '110105491231002', // legacy 15-digit form of the first one
    '440301850101123',
  ];
  const invalid = [
    '11010519491231002x', // lowercase check character
    '110105194912310021', // wrong check character
    withIdCheck('99010519491231002'), // unknown province
    withIdCheck('11010519490230002'), // 30 February
    withIdCheck('11010519000229002'), // 1900 is not a leap year
    withIdCheck('11010520250116002'), // tomorrow
    '440524188001010014', // the standard's own 1880 example, before 1900
    '110105491331002', // 15-digit with month 13
    '1101051949123100', // 16 characters
    '',
  ];

  it('accepts real-looking IDs and refuses broken ones', () => {
    expectRule((value) => isNationalId(value, TODAY), valid, invalid);
  });

  it('agrees with the independent check-character derivation', () => {
    for (const body of ['11010519491231002', '44030619900307251', '32010219781123456']) {
      expect(body + nationalIdCheckChar(body)).toBe(withIdCheck(body));
    }
    for (const body of sampleBodies('0123456789', 300))
      expect(body + nationalIdCheckChar(body)).toBe(withIdCheck(body));
    expect(nationalIdCheckChar('1234')).toBeNull();
  });

  it('reads the birth date of both forms', () => {
    expect(nationalIdBirthDate('11010519491231002X')).toEqual({ year: 1949, month: 12, day: 31 });
    expect(nationalIdBirthDate('440301850101123')).toEqual({ year: 1985, month: 1, day: 1 });
    expect(nationalIdBirthDate('110105491331002')).toBeNull();
  });

  it('schema carries the catalogue message', () => {
    expectSchema(nationalIdSchema, MSG.nationalIdInvalid, ['11010519491231002X'], ['11010519491231002x', '123']);
  });
});

describe('unified social credit code (GB 32100)', () => {
  const valid = [
    '91350100M000100Y43',
    '91330100716105852F',
    '91440300708461136T',
    '914403001922038216',
    '91110108551385082Q',
    '12100000400000624D',
    withUsccCheck('52110000MJ0000000'), // 民政 / 民办非企业单位
    withUsccCheck('Y1310000MA1FL0000'), // 其他 authority takes type 1 only
    withUsccCheck('93441523MA51Q7K2X'), // 农民专业合作社, county-level division
  ];
  const invalid = [
    '91350100M000100Y44', // wrong check character
    '91350100m000100Y43', // lowercase
    withUsccCheck('94350100M000100Y4'), // 工商 issues no type 4
    withUsccCheck('Y2350100M000100Y4'), // 其他 takes type 1 only
    withUsccCheck('B1350100M000100Y4'), // no authority B
    withUsccCheck('91A50100M000100Y4'), // letter in the division code
    '91350100I000100Y43', // I is outside the character set
    '91350100M000100Y4', // 17 characters
    '',
  ];

  it('accepts real codes and refuses broken ones', () => {
    expectRule(isUnifiedSocialCreditCode, valid, invalid);
  });

  it('agrees with the independent check-character derivation', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
    for (const body of sampleBodies(USCC_CHARS, 300)) expect(body + usccCheckChar(body)).toBe(withUsccCheck(body));
    expect(usccCheckChar('9135010OM000100Y4')).toBeNull();
  });

  it('schema carries the catalogue message', () => {
    expectSchema(unifiedSocialCreditCodeSchema, MSG.unifiedSocialCreditCodeInvalid, valid, invalid);
  });
});

describe('shared field validators', () => {
  it('tax ID: 15, 17, 18 or 20 uppercase letters and digits', () => {
    const valid = [
      '110105123456789',
      '11010512345678901',
      '91350100M000100Y43',
      '91350100M000100Y44',
      '1101051234567890123A',
    ];
    const invalid = [
      '11010512345678',
      '1101051234567890',
      '1101051234567890123',
      '91350100m000100Y43',
      '91350100M000100Y4-',
      '',
    ];
    expectRule(isTaxId, valid, invalid);
    expectSchema(taxIdSchema, MSG.taxIdInvalid, valid, invalid);
  });

  it('bank card: 9 to 30 digits', () => {
    const valid = ['123456789', '6222021234567890123', '6217001234567890', '4111111111111111', '1'.repeat(30)];
    const invalid = ['12345678', '1'.repeat(31), '6222 0212 3456 7890', '62220212345678901X', ''];
    expectRule(isBankCard, valid, invalid);
    expectSchema(bankCardSchema, MSG.bankCardInvalid, valid, invalid);
  });

  it('Luhn check is available but informational', () => {
    const valid = ['4111111111111111', '79927398713', '6011000990139424', '0', '378282246310005'];
    const invalid = ['4111111111111112', '79927398710', '', '4111-1111', '6011000990139425'];
    expectRule(luhnValid, valid, invalid);
    expect(isBankCard('4111111111111112')).toBe(true);
  });

  it('login name: 11-digit mobile starting with 1, or admin', () => {
    const valid = ['13800000001', '19912345678', '10000000000', 'admin', '15011112222'];
    const invalid = ['Admin', '23800000001', '1380000000', '138000000011', 'root', ''];
    expectRule(isLoginName, valid, invalid);
    expectSchema(loginNameSchema, MSG.loginNameInvalid, valid, invalid);
  });

  it('mobile: 11 digits starting with 1', () => {
    const valid = ['13800000001', '18612345678', '17000000000', '19999999999', '14700000000'];
    const invalid = ['03800000001', '1380000000', '138-0000-0001', '+8613800000001', 'admin', ''];
    expectRule(isMobile, valid, invalid);
    expectSchema(mobileSchema, MSG.mobileInvalid, valid, invalid);
  });

  it('landline: area code and 7-8 digits with optional hyphen, or 11 digits', () => {
    const valid = ['010-12345678', '01012345678', '0755-1234567', '075512345678', '0571-88888888', '13800000001'];
    const invalid = ['10-12345678', '010-123456', '010-012345678', '0755--1234567', '(010)12345678', ''];
    expectRule(isLandline, valid, invalid);
    expectSchema(landlineSchema, MSG.landlineInvalid, valid, invalid);
  });

  it('password: 10-16 characters with three of four kinds', () => {
    const valid = ['Abcdefgh12', 'abcdefgh1!', 'ABCDEFGH1!', 'Abcdefghij!', 'Aa1!Aa1!Aa1!Aa1!'];
    const invalid = ['Abcdefg12', 'abcdefgh12', 'ABCDEFGHIJ', 'Aa1!Aa1!Aa1!Aa1!A', 'Abcd efgh12', '密码Abcdefgh12', ''];
    expectRule(isPassword, valid, invalid);
    expectSchema(passwordSchema, MSG.passwordInvalid, valid, invalid);
  });

  it('second password: 6-10 letters and digits, both kinds', () => {
    const valid = ['abc123', 'A1b2C3', 'pass1234', 'Z9z9z9z9z9', '1a2b3c4d'];
    const invalid = ['abc12', 'abcdef', '123456', 'abc123!', 'abcdefghij1', ''];
    expectRule(isSecondPassword, valid, invalid);
    expectSchema(secondPasswordSchema, MSG.secondPasswordInvalid, valid, invalid);
  });

  it('second password form: 两次输入密码不一致 on the confirmation', () => {
    const mismatch = secondPasswordFormSchema.safeParse({ password: 'abc123', confirmPassword: 'abc124' });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues[0]).toMatchObject({ message: '两次输入密码不一致', path: ['confirmPassword'] });
    expect(secondPasswordFormSchema.safeParse({ password: 'abc123', confirmPassword: 'abc123' }).success).toBe(true);
  });

  it('person password form: 请输入密码 when empty, 两次输入密码不统一 on mismatch', () => {
    expect(firstMessage(personPasswordFormSchema, { newPassword: 'Abcdefgh12', confirmPassword: '' })).toBe(
      '请输入密码',
    );
    expect(firstMessage(personPasswordFormSchema, { newPassword: 'Abcdefgh12', confirmPassword: 'Abcdefgh13' })).toBe(
      '两次输入密码不统一',
    );
    expect(firstMessage(personPasswordFormSchema, { newPassword: 'abc', confirmPassword: 'abc' })).toBe(
      MSG.passwordInvalid,
    );
    expect(
      firstMessage(personPasswordFormSchema, { newPassword: 'Abcdefgh12', confirmPassword: 'Abcdefgh12' }),
    ).toBeNull();
  });

  it('e-mail: no consecutive dots', () => {
    const valid = [
      'zhangsan@example.com',
      'li.si@mail.example.cn',
      'wang_wu+tag@163.com',
      'a@b.co',
      'x-y@sub-domain.example.org',
    ];
    const invalid = [
      'zhang..san@example.com',
      'zhangsan@example..com',
      '.zhangsan@example.com',
      'zhangsan.@example.com',
      'zhangsan@',
      'zhangsan@example',
      'zhangsan@-example.com',
      '',
    ];
    expectRule(isEmail, valid, invalid);
    expectSchema(emailSchema, MSG.emailInvalid, valid, invalid);
  });

  it('withdrawal amount: above 0, under 1,000,000, at most two decimals', () => {
    const valid = ['1', '0.01', '999999.99', '1234.5', '100000'];
    const invalid = ['1000000', '0', '0.00', '1.234', '-5', '01.5', '1e3', ''];
    expectRule(isWithdrawalAmount, valid, invalid);
    expectSchema(withdrawalAmountSchema, MSG.withdrawalAmountInvalid, valid, invalid);
  });

  it('amount: above 0, under 100,000, at most two decimals', () => {
    const valid = ['1', '0.5', '99999.99', '12.30', '50000'];
    const invalid = ['100000', '100000.00', '0', '12.345', 'abc', ''];
    expectRule(isAmount, valid, invalid);
    expectSchema(amountSchema, MSG.amountInvalid, valid, invalid);
  });

  it('four-decimal and two-decimal numbers', () => {
    expectRule(
      isFourDecimalNumber,
      ['0', '1.2345', '10.5', '0.0001', '123456'],
      ['1.23456', '-1', '01', '1.', '.5', ''],
    );
    expectSchema(fourDecimalNumberSchema, MSG.fourDecimalNumberInvalid, ['1.2345'], ['1.23456']);
    expectRule(isTwoDecimalNumber, ['0', '1.23', '10.5', '0.01', '999999'], ['1.234', '-1', '00', '1.', 'a1', '']);
    expectSchema(twoDecimalNumberSchema, MSG.twoDecimalNumberInvalid, ['1.23'], ['1.234']);
  });

  it('service rate: 1 to under 100, at most two decimals', () => {
    const valid = ['1', '6', '6.5', '6.55', '99.99'];
    const invalid = ['0.99', '100', '0', '6.555', '-6', '06', ''];
    expectRule(isServiceRate, valid, invalid);
    expectSchema(serviceRateSchema, MSG.serviceRateInvalid, valid, invalid);
  });

  it('config key: letters, digits, underscore, dot', () => {
    const valid = ['manager_file_size', 'invoice.number', 'qrcode.address', 'A1', '_x.y_z'];
    const invalid = ['manager-file-size', 'invoice number', '配置', 'key/1', ''];
    expectRule(isConfigKey, valid, invalid);
    expectSchema(configKeySchema, MSG.configKeyInvalid, valid, invalid);
  });

  it('security password: exactly 6 digits', () => {
    const valid = ['123456', '000000', '987654', '102938', '555555'];
    const invalid = ['12345', '1234567', '12345a', ' 123456', ''];
    expectRule(isSecurityPassword, valid, invalid);
    expectSchema(securityPasswordSchema, MSG.securityPasswordInvalid, valid, invalid);
  });

  it('RSA keys: both markers with a body between', () => {
    const pem = (label: string) => `-----BEGIN ${label}-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END ${label}-----`;
    const validPublic = [
      pem('PUBLIC KEY'),
      pem('RSA PUBLIC KEY'),
      `${pem('PUBLIC KEY')}\n`,
      `  ${pem('PUBLIC KEY')}`,
      pem('PUBLIC KEY').replaceAll('\n', ''),
    ];
    const invalidPublic = [
      '-----BEGIN PUBLIC KEY-----\nMIIBIjAN',
      'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END PUBLIC KEY-----',
      '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----',
      '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END RSA PUBLIC KEY-----',
      pem('PRIVATE KEY'),
      '',
    ];
    expectRule(isRsaPublicKey, validPublic, invalidPublic);
    expectSchema(rsaPublicKeySchema, MSG.rsaPublicKeyInvalid, validPublic, invalidPublic);

    const validPrivate = [
      pem('PRIVATE KEY'),
      pem('RSA PRIVATE KEY'),
      `${pem('PRIVATE KEY')}\n`,
      `x${pem('RSA PRIVATE KEY')}`,
      pem('PRIVATE KEY').replaceAll('\n', '\r\n'),
    ];
    const invalidPrivate = [
      pem('PUBLIC KEY'),
      '-----BEGIN PRIVATE KEY-----\nMIIE',
      '-----BEGIN PRIVATE KEY----- -----END PRIVATE KEY-----',
      pem('ENCRYPTED PRIVATE KEY').slice(1),
      '',
    ];
    expectRule(isRsaPrivateKey, validPrivate, invalidPrivate);
    expectSchema(rsaPrivateKeySchema, MSG.rsaPrivateKeyInvalid, validPrivate, invalidPrivate);
  });

  it('sub-unit code: 10 digits', () => {
    const valid = ['1234567890', '0000000001', '9876543210', '1100000000', '5555555555'];
    const invalid = ['123456789', '12345678901', '12345678a0', '12345 67890', ''];
    expectRule(isSubUnitCode, valid, invalid);
    expectSchema(subUnitCodeSchema, MSG.subUnitCodeInvalid, valid, invalid);
  });

  it('Chinese-only text', () => {
    const valid = ['中国工商银行', '招商银行深圳分行', '张三', '𠀀字', '银'];
    const invalid = ['中国银行（香港）', 'ICBC', '张 三', '张三1', ''];
    expectRule(isChineseText, valid, invalid);
    expectSchema(chineseTextSchema, MSG.chineseTextInvalid, valid, invalid);
  });

  it('postcode: 6 digits', () => {
    const valid = ['100000', '518000', '200120', '010010', '830000'];
    const invalid = ['10000', '1000000', '10000a', '100 000', ''];
    expectRule(isPostcode, valid, invalid);
    expectSchema(postcodeSchema, MSG.postcodeInvalid, valid, invalid);
  });

  it('positive integer', () => {
    const valid = ['1', '20', '2000', '9007199254740991', '100'];
    const invalid = ['0', '-1', '01', '1.5', '9007199254740993', ''];
    expectRule(isPositiveInteger, valid, invalid);
    expectSchema(positiveIntegerSchema, '请输入正整数', valid, invalid);
  });

  it('cut-off amount: positive integer up to 1,000,000,000 with the spec messages', () => {
    expectRule(
      isCutOffAmount,
      ['1', '5000', '100000', '999999999', '1000000000'],
      ['0', '1000000001', '1.5', '-1', 'abc', ''],
    );
    expect(firstMessage(cutOffAmountSchema, '')).toBe('请输入截止金额');
    expect(firstMessage(cutOffAmountSchema, '1.5')).toBe('请输入正整数');
    expect(firstMessage(cutOffAmountSchema, '1000000001')).toBe('截止金额不可大于10亿');
    expect(firstMessage(cutOffAmountSchema, '1000000000')).toBeNull();
  });
});

describe('headcount (spec 1 §5)', () => {
  it('accepts min and max within 0~2000 with min not above max', () => {
    for (const [min, max] of [
      [0, 2000],
      ['1', '10'],
      [5, 5],
      ['0', '0'],
      [100, '1999'],
    ] as const) {
      expect(headcountErrors(min, max), `${min}-${max}`).toEqual({});
    }
    expect(headcountSchema.parse({ minPeopleNum: '3', maxPeopleNum: 8 })).toEqual({ minPeopleNum: 3, maxPeopleNum: 8 });
  });

  it('gives the exact message for each failure', () => {
    expect(headcountErrors('', 10)).toEqual({ minPeopleNum: '请输入招收人数' });
    expect(headcountErrors(1, null)).toEqual({ maxPeopleNum: '请输入招收人数' });
    expect(headcountErrors('1.5', 10)).toEqual({ minPeopleNum: '请输入0~2000以内的正整数' });
    expect(headcountErrors(-1, 10)).toEqual({ minPeopleNum: '请输入0~2000以内的正整数' });
    expect(headcountErrors(2001, 2000)).toEqual({ minPeopleNum: '请输入0~2000以内的正整数' });
    expect(headcountErrors(1, 2001)).toEqual({ maxPeopleNum: '请输入2000以下的报酬预算' });
    expect(headcountErrors(1, 'abc')).toEqual({ maxPeopleNum: '请输入0~2000以内的正整数' });
    expect(headcountErrors(11, 10)).toEqual({ minPeopleNum: '请输入正确的招收人数' });
  });

  it('schema reports the message on the right field', () => {
    const result = headcountSchema.safeParse({ minPeopleNum: 11, maxPeopleNum: 10 });
    expect(result.error?.issues[0]).toMatchObject({ message: '请输入正确的招收人数', path: ['minPeopleNum'] });
  });
});

describe('page-size input (spec 1 §5)', () => {
  it('keeps integers 1..200', () => {
    for (const input of ['1', '20', '200', 50, '099']) {
      expect(parsePageSizeInput(input, 20)).toEqual({ pageSize: Number(input), warning: null });
    }
  });

  it('restores the default with the exact warning otherwise', () => {
    for (const input of ['0', '201', '1.5', 'abc', '', '1000', null]) {
      expect(parsePageSizeInput(input, 20)).toEqual({
        pageSize: 20,
        warning: '每页条数请输入1-200的整数，默认值20条/页',
      });
    }
    expect(parsePageSizeInput('300', 10).warning).toBe('每页条数请输入1-200的整数，默认值10条/页');
  });
});

describe('payment fields (spec 2 §5)', () => {
  it('transaction password: required, digits only, at most 6', () => {
    expectRule(
      isTransactionPassword,
      ['123456', '1', '000000', '9876', '42'],
      ['12345a', '1234567', 'abcdef', ' 12345', ''],
    );
    expect(firstMessage(transactionPasswordSchema, '')).toBe('请输入交易密码');
    expect(firstMessage(transactionPasswordSchema, '12a456')).toBe('请输入正确的交易密码');
    expect(firstMessage(transactionPasswordSchema, '1234567')).toBe('请输入正确的交易密码');
    expect(firstMessage(transactionPasswordSchema, '123456')).toBeNull();
  });

  it('SMS code: required, positive integer without leading zero, at most 6', () => {
    expectRule(isSmsCode, ['123456', '1', '987654', '100000', '42'], ['012345', '0', '1234567', '12a456', '']);
    expect(firstMessage(smsCodeSchema, '')).toBe('请输入验证码');
    expect(firstMessage(smsCodeSchema, '012345')).toBe('请输入正确的验证码');
    expect(firstMessage(smsCodeSchema, '123456')).toBeNull();
  });
});

describe('fee tiers (spec 3 §5)', () => {
  const tiers = [
    { start: 0, end: '5000', fee: '6' },
    { start: '5000', end: '20000', fee: '5.5' },
    { start: '20000', end: '1000000000', fee: '4.25' },
  ];

  it('accepts 2 to 4 chained tiers', () => {
    expect(feeTierErrors(tiers)).toEqual([]);
    expect(feeTierErrors(tiers.slice(0, 2))).toEqual([]);
    expect(feeTiersSchema.safeParse(tiers).success).toBe(true);
  });

  it('gives the exact cut-off messages', () => {
    const messageFor = (end: string) =>
      feeTierErrors([{ start: 0, end, fee: '6' }, tiers[1]]).find((e) => e.index === 0)?.message;
    expect(messageFor('')).toBe('请输入截止金额');
    expect(messageFor('12.5')).toBe('请输入正整数');
    expect(messageFor('1000000001')).toBe('截止金额不可大于10亿');
    const belowStart = feeTierErrors([tiers[0], { start: '5000', end: '5000', fee: '6' }]);
    expect(belowStart).toEqual([{ index: 1, field: 'end', message: '截止金额不可小于起始金额' }]);
  });

  it('checks fees, tier count, the first start and the chaining', () => {
    expect(feeTierErrors([tiers[0], { ...tiers[1], fee: '' }])).toEqual([
      { index: 1, field: 'fee', message: MSG.feeRateRequired },
    ]);
    expect(feeTierErrors([tiers[0], { ...tiers[1], fee: '100' }])[0].message).toBe(MSG.serviceRateInvalid);
    expect(feeTierErrors([tiers[0]])[0]).toMatchObject({ index: null, message: '费率阶梯须为2至4档' });
    expect(feeTierErrors([...tiers, tiers[2], tiers[2]])[0].message).toBe('费率阶梯须为2至4档');
    expect(feeTierErrors([{ ...tiers[0], start: 1 }, tiers[1]])[0].message).toBe(MSG.feeTierFirstStart);
    expect(feeTierErrors([tiers[0], { ...tiers[1], start: 4000 }])[0].message).toBe(MSG.feeTierStartMismatch);
  });

  it('schema reports each error at its tier and field', () => {
    const result = feeTiersSchema.safeParse([tiers[0], { ...tiers[1], end: '' }]);
    expect(result.error?.issues[0]).toMatchObject({ message: '请输入截止金额', path: [1, 'end'] });
  });

  it('tier fee keystroke filter and the single rate', () => {
    expectRule(acceptsTierFeeInput, ['', '6', '6.', '6.5', '6.55'], ['6.555', '-1', 'a', '.5', '6..5']);
    expect(firstMessage(singleServiceRateSchema, '')).toBe(MSG.singleServiceRateRequired);
    expect(firstMessage(singleServiceRateSchema, '6.5')).toBeNull();
    expect(firstMessage(singleServiceRateSchema, '6.5555')).toBe(MSG.serviceRateInvalid);
  });
});

describe('invoice and express numbers (spec 2 §5, spec 3 §5)', () => {
  it('invoice numbers: alphanumeric, at most 50, each required, count from invoice.number', () => {
    expectRule(
      isInvoiceNumber,
      ['12345678', 'A1B2C3', 'a'.repeat(50), '044031900111', 'FP2025'],
      ['', 'a'.repeat(51), '1234-5678', '发票1', '12 34'],
    );
    const schema = invoiceNumbersSchema(3);
    expect(firstMessage(schema, ['12345678', ''])).toBe('请输入发票号码');
    expect(firstMessage(schema, ['1', '2', '3', '4'])).toBe('发票号码添加上限为3个');
    expect(firstMessage(schema, ['12345678', '87654321'])).toBeNull();
  });

  it('express numbers: alphanumeric, at most 15, at most 10 entries', () => {
    expectRule(
      isExpressNumber,
      ['SF1234567890123', 'YT123', '773012345678901', 'JD0001', 'a'],
      ['', 'SF12345678901234', 'SF-123', '顺丰123', 'SF 123'],
    );
    expect(
      firstMessage(
        expressNumbersSchema,
        Array.from({ length: 11 }, (_, i) => `SF${i}`),
      ),
    ).toBe('快递号码添加上限为10个');
    expect(firstMessage(expressNumbersSchema, ['SF123'])).toBeNull();
  });
});
