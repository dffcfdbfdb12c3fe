import { describe, expect, it } from 'vitest';
import { lineTaxesShown, THIRD_PAY_STATUS } from './statuses';

describe('lineTaxesShown', () => {
  it('hides the taxes of a line not sent yet or not payable, shows them once sent', () => {
    expect(lineTaxesShown(THIRD_PAY_STATUS.notSent)).toBe(false);
    expect(lineTaxesShown(THIRD_PAY_STATUS.notPayable)).toBe(false);
    expect(lineTaxesShown(THIRD_PAY_STATUS.sent)).toBe(true);
    expect(lineTaxesShown(THIRD_PAY_STATUS.success)).toBe(true);
    expect(lineTaxesShown(THIRD_PAY_STATUS.failed)).toBe(true);
  });
});
