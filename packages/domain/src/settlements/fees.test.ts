import { describe, expect, it } from 'vitest';
import { yuanToFen } from '../money';
import { DEFAULT_FEE_CONFIG, type FeeConfig, feeConfigProblem, lineFee } from './fees';

const fen = yuanToFen;
const tiered: FeeConfig = {
  base: 'net',
  tiers: [
    { upToFen: fen('30000.00'), rateBp: 600 },
    { upToFen: null, rateBp: 800 },
  ],
};

describe('service fee of a line (decision 0019)', () => {
  it('by the pay: 6 % on top of 1,000.00', () => {
    expect(lineFee(DEFAULT_FEE_CONFIG, fen('1000.00'))).toEqual({
      pay: fen('1000.00'),
      rateBp: 600,
      fee: fen('60.00'),
      amount: fen('1060.00'),
    });
  });

  it('by what the enterprise pays: 6 % of the total, so 940.00 of pay costs 1,000.00', () => {
    const fee = lineFee({ base: 'payable', tiers: [{ upToFen: null, rateBp: 600 }] }, fen('940.00'));
    expect(fee).toMatchObject({ fee: fen('60.00'), amount: fen('1000.00') });
  });

  it('personal tiers choose the rate by the month-to-date pay, this line included', () => {
    expect(lineFee(tiered, fen('1000.00'), fen('29000.00')).rateBp).toBe(600);
    expect(lineFee(tiered, fen('1000.01'), fen('29000.00')).rateBp).toBe(800);
    expect(lineFee(tiered, fen('1000.01'), fen('29000.00')).fee).toBe(8000);
  });

  it('a pay beyond a bounded last tier pays the last tier', () => {
    const bounded = {
      base: 'net' as const,
      tiers: [
        { upToFen: fen('100.00'), rateBp: 600 },
        { upToFen: fen('200.00'), rateBp: 800 },
      ],
    };
    expect(lineFee(bounded, fen('100.00')).rateBp).toBe(600);
    expect(lineFee(bounded, fen('150.00')).rateBp).toBe(800);
    expect(lineFee(bounded, fen('500.00')).rateBp).toBe(800);
  });

  it('rounds half up once: 0.25 of a fen down, 0.5 up', () => {
    expect(lineFee({ base: 'net', tiers: [{ upToFen: null, rateBp: 2500 }] }, 1).fee).toBe(0);
    expect(lineFee({ base: 'net', tiers: [{ upToFen: null, rateBp: 5000 }] }, 1).fee).toBe(1);
  });

  it('names what is wrong with a configuration', () => {
    expect(feeConfigProblem(tiered)).toBeNull();
    expect(feeConfigProblem({ base: 'net', tiers: [] })).toBe('请至少配置一档服务费率');
    expect(feeConfigProblem({ base: 'net', tiers: [{ upToFen: null, rateBp: 9999 }] })).toBeNull();
    expect(feeConfigProblem({ base: 'net', tiers: [{ upToFen: null, rateBp: 10_000 }] })).toBe(
      '服务费率须不小于0%且小于100%',
    );
    expect(feeConfigProblem({ base: 'net', tiers: [{ upToFen: 100, rateBp: 1 }] })).toBeNull();
    expect(
      feeConfigProblem({
        base: 'net',
        tiers: [
          { upToFen: null, rateBp: 1 },
          { upToFen: 100, rateBp: 2 },
        ],
      }),
    ).toBe('只有最后一档可不设上限');
    expect(
      feeConfigProblem({
        base: 'net',
        tiers: [
          { upToFen: 100, rateBp: 1 },
          { upToFen: 100, rateBp: 2 },
          { upToFen: null, rateBp: 3 },
        ],
      }),
    ).toBe('各档上限须逐档递增');
    expect(() => lineFee({ base: 'net', tiers: [] }, 1)).toThrow(RangeError);
  });
});
