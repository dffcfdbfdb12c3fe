import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  feeFen,
  fenToCapital,
  fenToYuan,
  formatPercent,
  formatYuan,
  formatYuanText,
  parsePercentToBasisPoints,
  parseYuanToFen,
  sumFen,
  yuanToFen,
} from './money';

describe('yuanToFen', () => {
  it('parses decimal text exactly', () => {
    expect(yuanToFen('1234.5')).toBe(123450);
    expect(yuanToFen('1234.50')).toBe(123450);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('0')).toBe(0);
    expect(yuanToFen('-0.05')).toBe(-5);
    expect(yuanToFen(' 12 ')).toBe(1200);
    expect(yuanToFen('90071992547409.91')).toBe(9007199254740991);
  });

  it('parses numbers through their shortest text, not by multiplying', () => {
    // 1.005 * 100 is 100.49999999999999 in floating point; the text route gives 100.5 -> refused as 3 decimals,
    // while values that look like 2 decimals are exact.
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(1.1)).toBe(110);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(() => yuanToFen(1.005)).toThrow(RangeError);
  });

  it('refuses more than 2 decimals and anything that is not a number', () => {
    for (const bad of ['1.234', 'abc', '', '1.', '.5', '1,234.50', '¥12', '1e3', '+1']) {
      expect(() => yuanToFen(bad), bad).toThrow(RangeError);
      expect(parseYuanToFen(bad)).toBeNull();
    }
    expect(parseYuanToFen(Number.NaN)).toBeNull();
    expect(parseYuanToFen(1e21)).toBeNull();
    expect(parseYuanToFen('90071992547409.93')).toBeNull();
  });
});

describe('fenToYuan and formatYuan', () => {
  it('writes two decimals', () => {
    expect(fenToYuan(123450)).toBe('1234.50');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(7)).toBe('0.07');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(9007199254740991)).toBe('90071992547409.91');
  });

  it('formats with the yen sign and thousands separators', () => {
    expect(formatYuan(123450)).toBe('¥1,234.50');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuanText('1234.5')).toBe('¥1,234.50');
    expect(formatYuanText('-0.05')).toBe('-¥0.05');
    expect(formatYuan(99)).toBe('¥0.99');
    expect(formatYuan(100000000)).toBe('¥1,000,000.00');
    expect(formatYuan(-123450)).toBe('-¥1,234.50');
    expect(formatYuan(-1)).toBe('-¥0.01');
  });

  it('round-trips every yuan text with two decimals', () => {
    for (const text of ['0.00', '0.10', '0.20', '0.30', '123.45', '999999.99', '-42.00']) {
      expect(fenToYuan(yuanToFen(text))).toBe(text);
    }
  });

  it('refuses fractional fen', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => formatYuan(Number.NaN)).toThrow(RangeError);
  });
});

describe('sumFen', () => {
  it('has no floating-point drift', () => {
    expect(0.1 + 0.2 - 0.3).not.toBe(0);
    expect(sumFen([yuanToFen('0.1'), yuanToFen('0.2'), -yuanToFen('0.3')])).toBe(0);
    const dimes = Array.from({ length: 1000 }, () => yuanToFen('0.1'));
    expect(sumFen(dimes)).toBe(10000);
    expect(fenToYuan(sumFen(dimes))).toBe('100.00');
  });

  it('stays exact up to 9e15 and refuses to overflow', () => {
    expect(sumFen([4_500_000_000_000_000, 4_500_000_000_000_000])).toBe(9_000_000_000_000_000);
    expect(sumFen([Number.MAX_SAFE_INTEGER - 1, 1])).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => sumFen([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => sumFen([1, 0.5])).toThrow(RangeError);
    expect(sumFen([])).toBe(0);
  });
});

describe('fee rates', () => {
  it('parses percent to basis points and formats them back', () => {
    expect(parsePercentToBasisPoints('6.5')).toBe(650);
    expect(parsePercentToBasisPoints(6.55)).toBe(655);
    expect(parsePercentToBasisPoints('99.99')).toBe(9999);
    expect(parsePercentToBasisPoints('6.555')).toBeNull();
    expect(basisPointsToPercent(650)).toBe('6.50');
    expect(formatPercent(650)).toBe('6.50%');
    expect(formatPercent(5)).toBe('0.05%');
  });

  it('computes fees in whole fen, rounding half away from zero', () => {
    expect(feeFen(10000, 650)).toBe(650);
    expect(feeFen(1, 5000)).toBe(1); // 0.5 fen rounds up
    expect(feeFen(1, 4999)).toBe(0);
    expect(feeFen(-1, 5000)).toBe(-1);
    expect(feeFen(333, 600)).toBe(20); // 19.98
    expect(feeFen(9_000_000_000_000_000, 100)).toBe(90_000_000_000_000); // product beyond 2^53
  });
});

describe('fenToCapital', () => {
  it('writes the examples of a bank receipt', () => {
    expect(fenToCapital(0)).toBe('零元整');
    expect(fenToCapital(100)).toBe('壹元整');
    expect(fenToCapital(1005)).toBe('壹拾元零伍分');
    expect(fenToCapital(10_000_00)).toBe('壹万元整');
    expect(fenToCapital(100_010_00)).toBe('壹拾万零壹拾元整');
    expect(fenToCapital(1_000_000_000_00)).toBe('壹拾亿元整');
    expect(fenToCapital(123_456_78)).toBe('壹拾贰万叁仟肆佰伍拾陆元柒角捌分');
  });

  it('writes 角 and 分: 整 only without them, 零 for a missing 角 after yuan', () => {
    expect(fenToCapital(12)).toBe('壹角贰分');
    expect(fenToCapital(1)).toBe('壹分');
    expect(fenToCapital(10)).toBe('壹角');
    expect(fenToCapital(1_01)).toBe('壹元零壹分');
    expect(fenToCapital(10_20)).toBe('壹拾元贰角');
    expect(fenToCapital(1_50)).toBe('壹元伍角');
    expect(fenToCapital(99_99)).toBe('玖拾玖元玖角玖分');
    expect(fenToCapital(100_00)).toBe('壹佰元整');
  });

  it('writes one 零 for a run of zeros inside a section and none at its end', () => {
    expect(fenToCapital(1001_00)).toBe('壹仟零壹元整');
    expect(fenToCapital(1010_00)).toBe('壹仟零壹拾元整');
    expect(fenToCapital(1100_00)).toBe('壹仟壹佰元整');
    expect(fenToCapital(1000_00)).toBe('壹仟元整');
    expect(fenToCapital(101_00)).toBe('壹佰零壹元整');
    expect(fenToCapital(110_00)).toBe('壹佰壹拾元整');
    expect(fenToCapital(10_00)).toBe('壹拾元整');
    expect(fenToCapital(15_00)).toBe('壹拾伍元整');
  });

  it('joins the 万 and 亿 sections with one 零 when the lower one does not fill its top place', () => {
    expect(fenToCapital(10_001_00)).toBe('壹万零壹元整');
    expect(fenToCapital(11_000_00)).toBe('壹万壹仟元整');
    expect(fenToCapital(10_100_00)).toBe('壹万零壹佰元整');
    expect(fenToCapital(100_000_00)).toBe('壹拾万元整');
    expect(fenToCapital(1_000_000_00)).toBe('壹佰万元整');
    expect(fenToCapital(1_010_000_00)).toBe('壹佰零壹万元整');
    expect(fenToCapital(100_000_000_00)).toBe('壹亿元整');
    expect(fenToCapital(100_000_001_00)).toBe('壹亿零壹元整');
    expect(fenToCapital(100_010_000_00)).toBe('壹亿零壹万元整');
    expect(fenToCapital(110_000_000_00)).toBe('壹亿壹仟万元整');
    expect(fenToCapital(101_000_000_00)).toBe('壹亿零壹佰万元整');
    expect(fenToCapital(120_034_005_06)).toBe('壹亿贰仟零叁万肆仟零伍元零陆分');
    expect(fenToCapital(1_000_000_000_000_00)).toBe('壹万亿元整');
    expect(fenToCapital(1_000_100_000_000_00)).toBe('壹万零壹亿元整');
  });

  it('writes the largest safe amount, a negative one with 负, and refuses fractional fen', () => {
    expect(fenToCapital(Number.MAX_SAFE_INTEGER)).toBe('玖拾万零柒佰壹拾玖亿玖仟贰佰伍拾肆万柒仟肆佰零玖元玖角壹分');
    expect(fenToCapital(-1_00)).toBe('负壹元整');
    expect(() => fenToCapital(1.5)).toThrow(RangeError);
    expect(() => fenToCapital(Number.NaN)).toThrow(RangeError);
  });
});
