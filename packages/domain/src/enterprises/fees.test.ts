import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEE_SETTING,
  feeConfigFromSetting,
  feeSettingOf,
  laterTiersFilled,
  saveFeeInputSchema,
  tiersAfterEndChange,
  tiersWithout,
} from './fees';

const keys = { enterpriseId: 3, tenantId: 2 };

describe('the fee change form and the engine configuration', () => {
  it('a single rate is one unbounded tier; tiers become fen cut-offs and basis points', () => {
    expect(feeConfigFromSetting({ feeMode: 0, chargingMode: 1, serviceRate: '6.5' })).toEqual({
      base: 'payable',
      tiers: [{ upToFen: null, rateBp: 650 }],
    });
    const tiered = feeConfigFromSetting({
      feeMode: 1,
      chargingMode: 0,
      feeList: [
        { end: '30000', fee: '6' },
        { end: '1000000000', fee: '8.25' },
      ],
    });
    expect(tiered).toEqual({
      base: 'net',
      tiers: [
        { upToFen: 3_000_000, rateBp: 600 },
        { upToFen: 100_000_000_000, rateBp: 825 },
      ],
    });
    expect(feeSettingOf(tiered)).toEqual({
      feeMode: 1,
      chargingMode: 0,
      serviceRate: null,
      feeList: [
        { start: '0', end: '30000', fee: '6.00' },
        { start: '30000', end: '1000000000', fee: '8.25' },
      ],
    });
    expect(DEFAULT_FEE_SETTING).toEqual({ feeMode: 0, chargingMode: 0, serviceRate: '6.00', feeList: [] });
  });

  it('the save checks the single rate and the tiers with the spec messages, on the right field', () => {
    const single = (serviceRate: string) =>
      saveFeeInputSchema.safeParse({ ...keys, executeType: 1, feeMode: 0, chargingMode: 0, serviceRate });
    expect(single('6.5').success).toBe(true);
    expect(single('').error?.issues[0]).toMatchObject({ message: '请输入服务费率', path: ['serviceRate'] });
    expect(single('0.5').error?.issues[0].message).toBe('费率须大于等于1且小于100，最多保留两位小数');
    expect(single('100').error?.issues[0].message).toBe('费率须大于等于1且小于100，最多保留两位小数');
    const tiers = (feeList: { start: string; end: string; fee: string }[]) =>
      saveFeeInputSchema.safeParse({ ...keys, executeType: 2, feeMode: 1, chargingMode: 0, feeList });
    expect(
      tiers([
        { start: '0', end: '30000', fee: '6' },
        { start: '30000', end: '50000', fee: '8' },
      ]).success,
    ).toBe(true);
    expect(tiers([{ start: '0', end: '30000', fee: '6' }]).error?.issues[0].message).toBe('费率阶梯须为2至4档');
    const messages = tiers([
      { start: '0', end: '30000', fee: '' },
      { start: '30000', end: '20000', fee: '8' },
    ]).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['feeList.0.fee', '请输入费率'],
      ['feeList.1.end', '截止金额不可小于起始金额'],
    ]);
    expect(
      tiers([
        { start: '0', end: '30000', fee: '6' },
        { start: '30000', end: '1000000001', fee: '8' },
      ]).error?.issues[0].message,
    ).toBe('截止金额不可大于10亿');
  });

  it('a changed cut-off starts the next tier, or clears every later tier when it is not usable', () => {
    const tiers = [
      { start: '0', end: '100', fee: '6' },
      { start: '100', end: '200', fee: '7' },
      { start: '200', end: '300', fee: '8' },
    ];
    expect(tiersAfterEndChange([{ ...tiers[0], end: '150' }, ...tiers.slice(1)], 0)[1].start).toBe('150');
    const cleared = tiersAfterEndChange([{ ...tiers[0], end: '0' }, ...tiers.slice(1)], 0);
    expect(cleared.slice(1)).toEqual([
      { start: '', end: '', fee: '' },
      { start: '', end: '', fee: '' },
    ]);
    expect(tiersAfterEndChange([tiers[0], { ...tiers[1], end: '90' }, tiers[2]], 1)[2]).toEqual({
      start: '',
      end: '',
      fee: '',
    });
  });

  it('deleting a tier clears the later ones, which start after the previous tier', () => {
    const tiers = [
      { start: '0', end: '100', fee: '6' },
      { start: '100', end: '200', fee: '7' },
      { start: '200', end: '300', fee: '8' },
      { start: '300', end: '400', fee: '9' },
    ];
    expect(laterTiersFilled(tiers, 2)).toBe(true);
    expect(laterTiersFilled(tiers, 3)).toBe(false);
    expect(tiersWithout(tiers, 2)).toEqual([tiers[0], tiers[1], { start: '200', end: '', fee: '' }]);
    expect(tiersWithout(tiers, 3)).toEqual(tiers.slice(0, 3));
  });
});
