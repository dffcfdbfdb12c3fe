/**
 * Taxes withheld on one settlement line when the settlement's taxModel is 1 (decision 0019, with
 * worked examples at every boundary). All amounts are integer fen; rates are basis points.
 *
 * The line's amount is the person's gross labour remuneration including VAT. In this order:
 * 1. VAT, at the tax source's rate, is inside the gross: round(gross x rate / (1 + rate)).
 * 2. Surcharges (urban construction, education, local education) on the VAT: round(VAT x rate).
 * 3. Individual income tax on labour remuneration, withheld per payment, on the income without
 *    VAT: income up to 4,000 yuan less 800, above it less 20 %; then 20 % of a taxable amount up
 *    to 20,000 yuan, 30 % less 2,000 up to 50,000, 40 % less 7,000 above.
 * Each tax is rounded half up to the fen once, where it is computed; the received amount is the
 * gross less the three, so the parts always add up to the gross exactly.
 */

/** Rates of a tax source, basis points (300 = 3 %). */
export interface TaxSourceRates {
  valueAddedTaxBp: number;
  /** of the VAT: 1200 = 7 % + 3 % + 2 % */
  surchargeBp: number;
}

export interface LineTaxes {
  /** gross, fen */
  amount: number;
  valueAddedTax: number;
  surchargeTax: number;
  individualIncomeTax: number;
  totalTaxAmount: number;
  receivedAmount: number;
}

const BP = 10_000n;

/** round(value x numerator / denominator), half up, for non-negative integers; exact (BigInt). */
export function mulDivHalfUp(value: number, numerator: number | bigint, denominator: number | bigint): number {
  const product = BigInt(value) * BigInt(numerator);
  const divisor = BigInt(denominator);
  return Number((2n * product + divisor) / (2n * divisor));
}

function assertFen(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be non-negative integer fen`);
}

/** Highest rate a tax source may carry (20 %): keeps the taxes below the gross whatever the amount. */
export const MAX_TAX_RATE_BP = 2000;

function assertRate(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_TAX_RATE_BP) {
    throw new RangeError(`${name} must be 0..${MAX_TAX_RATE_BP} bp`);
  }
}

/** Labour-remuneration brackets on the taxable amount (fen): rate and quick deduction. */
const LABOUR_BRACKETS: ReadonlyArray<{ upTo: number; rateBp: number; deduction: number }> = [
  { upTo: 2_000_000, rateBp: 2000, deduction: 0 },
  { upTo: 5_000_000, rateBp: 3000, deduction: 200_000 },
  { upTo: Number.POSITIVE_INFINITY, rateBp: 4000, deduction: 700_000 },
];

/** The 800 yuan / 20 % expense deduction: taxable amount of one payment of labour income (fen). */
export function labourTaxableIncome(income: number): number {
  assertFen(income, 'income');
  if (income <= 400_000) return Math.max(0, income - 80_000);
  // 80 % of the income; half a fen and above rounds up
  return mulDivHalfUp(income, 8000, BP);
}

/** Individual income tax withheld on one payment of labour remuneration (fen, VAT excluded). */
export function labourIncomeTax(income: number): number {
  const taxable = labourTaxableIncome(income);
  const bracket = LABOUR_BRACKETS.find((candidate) => taxable <= candidate.upTo) ?? LABOUR_BRACKETS[2];
  return Math.max(0, mulDivHalfUp(taxable, bracket.rateBp, BP) - bracket.deduction);
}

/** Every tax of one line of gross `amount` fen under the tax source's rates. */
export function lineTaxes(amount: number, rates: TaxSourceRates): LineTaxes {
  assertFen(amount, 'amount');
  assertRate(rates.valueAddedTaxBp, 'valueAddedTaxBp');
  assertRate(rates.surchargeBp, 'surchargeBp');
  const valueAddedTax = mulDivHalfUp(amount, rates.valueAddedTaxBp, BP + BigInt(rates.valueAddedTaxBp));
  const surchargeTax = mulDivHalfUp(valueAddedTax, rates.surchargeBp, BP);
  const individualIncomeTax = labourIncomeTax(amount - valueAddedTax);
  const totalTaxAmount = valueAddedTax + surchargeTax + individualIncomeTax;
  return {
    amount,
    valueAddedTax,
    surchargeTax,
    individualIncomeTax,
    totalTaxAmount,
    receivedAmount: amount - totalTaxAmount,
  };
}
