import { describe, expect, it } from 'vitest';
import { AGREEMENT_CONTENT_MSG, agreementMarksError } from './content';
import { ENTERPRISE_AGREEMENT_MSG } from './operations';

const marks = (platformSeals: number, enterpriseSeals: number, signatures: number) => ({
  platformSeals,
  enterpriseSeals,
  signatures,
});

describe('agreementMarksError (spec 3 §5)', () => {
  it('asks an enterprise agreement for one seal of each party and no signature field', () => {
    expect(agreementMarksError(marks(1, 1, 0), 'agreement')).toBeUndefined();
    expect(agreementMarksError(marks(1, 1, 1), 'agreement')).toBe('不可添加签名');
    expect(agreementMarksError(marks(0, 1, 0), 'agreement')).toBe('请添加一个平台印章');
    expect(agreementMarksError(marks(2, 1, 0), 'agreement')).toBe('只能插入一个平台印章');
    expect(agreementMarksError(marks(1, 0, 0), 'agreement')).toBe('请添加一个企业印章');
    expect(agreementMarksError(marks(1, 3, 0), 'agreement')).toBe('只能插入一个企业印章');
  });

  it('asks a template for exactly one signature field and no seal, in the spec’s words', () => {
    expect(agreementMarksError(marks(0, 0, 1), 'template')).toBeUndefined();
    expect(agreementMarksError(marks(1, 0, 1), 'template')).toBe('不可添加平台印章');
    expect(agreementMarksError(marks(0, 1, 1), 'template')).toBe('不可以添加企业章');
    expect(agreementMarksError(marks(0, 0, 0), 'template')).toBe('请添加一个签名');
    expect(agreementMarksError(marks(0, 0, 2), 'template')).toBe(AGREEMENT_CONTENT_MSG.signatureTwice);
    expect(AGREEMENT_CONTENT_MSG.signatureTwice).toBe('只能插入一个签名');
  });

  it('keeps the form’s exact messages', () => {
    expect(ENTERPRISE_AGREEMENT_MSG.signAfterStart).toBe('签订日期应小于等于协议的开始日期');
    expect(ENTERPRISE_AGREEMENT_MSG.tooManyFiles).toBe('最多只能上传10个');
    expect(ENTERPRISE_AGREEMENT_MSG.fileNotDocument).toBe('仅支持word、PDF格式上传');
  });
});
