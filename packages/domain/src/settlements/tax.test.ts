import { describe, expect, it } from 'vitest';
import { yuanToFen } from '../money';
import { labourIncomeTax, labourTaxableIncome, lineTaxes, mulDivHalfUp } from './tax';

const fen = yuanToFen;

describe('individual income tax on labour remuneration (decision 0019, the worked examples)', () => {
  it.each([
    // income (VAT excluded), taxable, tax: the boundaries of the deduction and of each bracket
    ['0.00', '0.00', '0.00'],
    ['800.00', '0.00', '0.00'],
    ['800.01', '0.01', '0.00'],
    ['1000.00', '200.00', '40.00'],
    ['1000.03', '200.03', '40.01'],
    ['4000.00', '3200.00', '640.00'],
    ['4000.01', '3200.01', '640.00'],
    ['5000.02', '4000.02', '800.00'],
    ['25000.00', '20000.00', '4000.00'],
    ['25000.01', '20000.01', '4000.00'],
    ['62500.00', '50000.00', '13000.00'],
    ['62500.01', '50000.01', '13000.00'],
    ['100000.00', '80000.00', '25000.00'],
  ])('income %s: taxable %s, tax %s', (income, taxable, tax) => {
    expect(labourTaxableIncome(fen(income))).toBe(fen(taxable));
    expect(labourIncomeTax(fen(income))).toBe(fen(tax));
  });

  it('the tax never falls when the income rises (no cliff at any boundary)', () => {
    let previous = 0;
    for (let income = 0; income <= 7_000_000; income += 997) {
      const tax = labourIncomeTax(income);
      expect(tax).toBeGreaterThanOrEqual(previous);
      previous = tax;
    }
  });

  it('refuses what is not integer fen', () => {
    expect(() => labourIncomeTax(-1)).toThrow(RangeError);
    expect(() => labourIncomeTax(1.5)).toThrow(RangeError);
  });
});

describe('the taxes of one line', () => {
  it('3 % VAT, 12 % surcharges on 10,300.00', () => {
    expect(lineTaxes(fen('10300.00'), { valueAddedTaxBp: 300, surchargeBp: 1200 })).toEqual({
      amount: fen('10300.00'),
      valueAddedTax: fen('300.00'),
      surchargeTax: fen('36.00'),
      individualIncomeTax: fen('1600.00'),
      totalTaxAmount: fen('1936.00'),
      receivedAmount: fen('8364.00'),
    });
  });

  it('1 % VAT and halved surcharges on 1,000.00, each tax rounded once', () => {
    // VAT 990.099 fen -> 990; surcharge 59.4 -> 59; income 990.10 -> taxable 190.10 -> 38.02
    expect(lineTaxes(fen('1000.00'), { valueAddedTaxBp: 100, surchargeBp: 600 })).toEqual({
      amount: fen('1000.00'),
      valueAddedTax: 990,
      surchargeTax: 59,
      individualIncomeTax: 3802,
      totalTaxAmount: 4851,
      receivedAmount: 95149,
    });
  });

  it('no VAT: only the income tax', () => {
    const taxes = lineTaxes(fen('4000.00'), { valueAddedTaxBp: 0, surchargeBp: 1200 });
    expect(taxes).toMatchObject({ valueAddedTax: 0, surchargeTax: 0, individualIncomeTax: fen('640.00') });
    expect(taxes.receivedAmount).toBe(fen('3360.00'));
  });

  it('the parts add up to the gross and the received amount stays positive, at any amount and rate', () => {
    for (let amount = 0; amount <= 20_000_000; amount += 104_729) {
      for (const valueAddedTaxBp of [0, 100, 300, 600, 2000]) {
        const taxes = lineTaxes(amount, { valueAddedTaxBp, surchargeBp: 1200 });
        expect(taxes.receivedAmount + taxes.totalTaxAmount).toBe(amount);
        expect(taxes.valueAddedTax + taxes.surchargeTax + taxes.individualIncomeTax).toBe(taxes.totalTaxAmount);
        expect(taxes.receivedAmount).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('refuses rates out of range', () => {
    expect(() => lineTaxes(100, { valueAddedTaxBp: 2001, surchargeBp: 0 })).toThrow(RangeError);
    expect(() => lineTaxes(100, { valueAddedTaxBp: 0, surchargeBp: -1 })).toThrow(RangeError);
  });

  it('rounds half up exactly, beyond the float range of products', () => {
    expect(mulDivHalfUp(5, 1, 10)).toBe(1);
    expect(mulDivHalfUp(4, 1, 10)).toBe(0);
    expect(mulDivHalfUp(9_007_199_254_740_991, 10_000, 10_000)).toBe(9_007_199_254_740_991);
  });
});
